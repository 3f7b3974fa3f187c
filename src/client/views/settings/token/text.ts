/**
 * What the sidebar says about the API token (never the token itself) (pure). Beside the token
 * part of Settings, which shows its status; main.ts (the notice above the tabs) and sections.ts
 * (Settings opens first while it needs the seller) read it too: they sit above every view, so
 * their imports come down here rather than sideways from another view.
 */
import type { TokenStatus } from '../../../../core/settings/token';
import { formatDateTime, formatRelative, type Zone } from '../../../format';

export type Level = 'ok' | 'warning' | 'error';

export interface TokenText {
  level: Level;
  text: string;
}

/** A sentence for the token status at the server's `now`; `zone` is for tests. */
export function tokenStatusText(status: TokenStatus, now: number, zone?: Zone): TokenText {
  if (!status.present) return { level: 'error', text: 'No API token yet: paste one or sign in below.' };
  const source = status.source === 'login' ? 'Signed in' : 'Token pasted';
  if (status.expiresAt === null) return { level: 'ok', text: `${source}; the hub did not say when the token expires.` };
  const when = `${formatDateTime(status.expiresAt, zone)} (${formatRelative(status.expiresAt, now)})`;
  if (status.expired || status.expiresAt <= now) {
    return { level: 'error', text: `The token expired ${when}. Sign in again or paste a new token.` };
  }
  if (status.expiresSoon) return { level: 'warning', text: `${source}; the token expires within a day: ${when}. Sign in again soon.` };
  return { level: 'ok', text: `${source}; the token expires ${when}.` };
}

/** Whether Settings needs the seller before anything else (the sidebar opens on it): nothing can work without these. */
export function settingsNeedAttention(baseUrl: string, token: TokenStatus, hubMoved: string | null = null): boolean {
  return !baseUrl.trim() || !token.present || token.expired || hubMoved !== null;
}

/** The line above the sections when something in Settings needs the seller; null when all is well. */
export function setupNotice(
  baseUrl: string,
  token: TokenStatus,
  now: number,
  zone?: Zone,
  hubMoved: string | null = null,
): TokenText | null {
  if (!baseUrl.trim()) return { level: 'error', text: 'Set the hub\u2019s base URL and an API token in Settings to start.' };
  if (!token.present) return { level: 'error', text: 'Add an API token in Settings (paste it or sign in) to start.' };
  // The token is bound to another hub address: nothing is sent until the user signs in again.
  if (hubMoved) return { level: 'error', text: hubMoved };
  const status = tokenStatusText(token, now, zone);
  return status.level === 'ok' ? null : status;
}
