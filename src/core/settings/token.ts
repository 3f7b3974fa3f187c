import * as z from 'zod/mini';
import '../../api/schemas/messages';
import type { KeyValueStore } from '../kernel/ports';

export const TOKEN_KEY = 'hubToken';

/** The stored token, in the user's own properties only. */
export const StoredToken = z.lazy(() =>
  z.object({
    token: z.string().check(z.minLength(1)),
    /** Epoch ms; null when pasted (unknown expiry). */
    expiresAt: z.nullable(z.number()),
    source: z.enum(['pasted', 'login']),
    savedAt: z.number(),
    /**
     * The hub origin (scheme, host, port) the token was issued for or saved against: it is sent
     * there and nowhere else. Absent on tokens saved by older versions (bound at their next use).
     */
    origin: z.optional(z.string()),
  }),
);
export type StoredToken = z.infer<typeof StoredToken>;

/** What may be shown about the token: never the token itself. */
export interface TokenStatus {
  present: boolean;
  source: 'pasted' | 'login' | null;
  expiresAt: number | null;
  /** True when it expires within a day (or has expired). */
  expiresSoon: boolean;
  expired: boolean;
  /** The hub address the token is bound to (never the token). */
  origin: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function readToken(userStore: KeyValueStore): StoredToken | null {
  const raw = userStore.get(TOKEN_KEY);
  if (!raw) return null;
  try {
    const parsed = StoredToken.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeToken(userStore: KeyValueStore, token: StoredToken): void {
  userStore.set(TOKEN_KEY, JSON.stringify(StoredToken.parse(token)));
}

export function clearToken(userStore: KeyValueStore): void {
  userStore.delete(TOKEN_KEY);
}

/** The token's status for the sidebar, computed at `now`. */
export function tokenStatus(token: StoredToken | null, now: number): TokenStatus {
  if (!token) return { present: false, source: null, expiresAt: null, expiresSoon: false, expired: false, origin: null };
  const expired = token.expiresAt !== null && token.expiresAt <= now;
  return {
    present: true,
    source: token.source,
    expiresAt: token.expiresAt,
    expired,
    expiresSoon: token.expiresAt !== null && token.expiresAt - now <= DAY_MS,
    origin: token.origin ?? null,
  };
}
