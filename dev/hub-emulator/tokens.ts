/**
 * Bearer tokens: issued by /login (expiring on the emulator clock) or given at start with
 * `--token` (never expiring). Tests expire one through the admin API.
 */
import { randomBytes } from 'node:crypto';
import type { TokenRec } from './types';

export class TokenStore {
  tokens = new Map<string, TokenRec>();

  /** Issues a fresh random token (tokens need not be reproducible, unlike data and faults). */
  issue(user: string, now: number, lifetimeSec: number): string {
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { user, expiresAt: now + lifetimeSec * 1000 });
    return token;
  }

  add(token: string, expiresAt: number | null, user = 'fixed'): void {
    this.tokens.set(token, { user, expiresAt });
  }

  valid(token: string, now: number): boolean {
    const t = this.tokens.get(token);
    return !!t && (t.expiresAt === null || now < t.expiresAt);
  }

  /** Makes a token expired from now on; false if it is unknown. */
  expire(token: string, now: number): boolean {
    const t = this.tokens.get(token);
    if (!t) return false;
    t.expiresAt = now - 1;
    return true;
  }

  snapshot(): Record<string, TokenRec> {
    return Object.fromEntries(this.tokens);
  }

  load(s: Record<string, TokenRec>): void {
    for (const [k, v] of Object.entries(s)) this.tokens.set(k, v);
  }
}
