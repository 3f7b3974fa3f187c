import type { KeyValueStore } from '../ports';
import type { Operation, Scope } from './types';

/** A push that may take several executions (sidebar chunks or continuation triggers). */
export interface PushRun {
  id: string;
  operation: Operation;
  scope: Scope;
  user: string;
  /** User key of whoever started it: only their trigger continues it (with their token). */
  owner: string;
  startedAt: number;
  /** Rows in scope when it started (the progress bar's 100 %). */
  total: number;
  ok: number;
  failed: number;
  skipped: number;
  requests: number;
  retries: number;
  /** Retries by reason ("503", "429", "timeout", "malformed", …), for the Log sheet. */
  retryReasons?: Record<string, number>;
  /** Set only on the way out, for the progress the cancel returns. */
  cancelled: boolean;
  /** The first row that failed and why, for the summary (the seller sees at least one reason). */
  firstFailure?: string;
  /** For the selected scope: the SKUs selected at the start, stored in parts. */
  selectedParts: number;
  /** True when started from the menu: a trigger continues it. */
  background: boolean;
  lastChunkAt: number;
}

const RUN_KEY = 'pushRun';
const SELECTED_PREFIX = 'pushRunSkus.';
/** Properties allow 9 KB per value: 2,700 characters fit even if each takes 3 bytes in UTF-8. */
const PART_CHARS = 2700;
/** A run with no chunk for this long is considered abandoned and may be replaced. */
export const STALE_RUN_MS = 30 * 60 * 1000;

export function readRun(store: KeyValueStore): PushRun | null {
  const raw = store.get(RUN_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PushRun;
  } catch {
    return null;
  }
}

export function writeRun(store: KeyValueStore, run: PushRun): void {
  store.set(RUN_KEY, JSON.stringify(run));
}

export function clearRun(store: KeyValueStore, run: PushRun): void {
  for (let i = 0; i < run.selectedParts; i++) store.delete(`${SELECTED_PREFIX}${i}`);
  store.delete(RUN_KEY);
}

/** Saves the selected SKUs in parts under the per-value limit; returns the number of parts. */
export function writeSelectedSkus(store: KeyValueStore, skus: string[]): number {
  const json = JSON.stringify(skus);
  let parts = 0;
  for (let i = 0; i < json.length; i += PART_CHARS) store.set(`${SELECTED_PREFIX}${parts++}`, json.slice(i, i + PART_CHARS));
  return parts;
}

export function readSelectedSkus(store: KeyValueStore, parts: number): Set<string> {
  let json = '';
  for (let i = 0; i < parts; i++) json += store.get(`${SELECTED_PREFIX}${i}`) ?? '';
  try {
    return new Set(JSON.parse(json || '[]') as string[]);
  } catch {
    return new Set();
  }
}
