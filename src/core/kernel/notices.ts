/**
 * Notices for the next time someone opens the spreadsheet or the sidebar: work done by a trigger
 * has no screen to show a toast on, and a failure must never be silent. Document properties.
 */
import type { KeyValueStore } from './ports';

const NOTICES_KEY = 'pendingNotices';
const MAX_NOTICES = 5;

/** Keeps a notice (the last few are kept). */
export function addNotice(store: KeyValueStore, text: string): void {
  let list: string[] = [];
  try {
    list = JSON.parse(store.get(NOTICES_KEY) ?? '[]') as string[];
  } catch {
    list = [];
  }
  list.push(text);
  store.set(NOTICES_KEY, JSON.stringify(list.slice(-MAX_NOTICES)));
}

/** The stored notices, left in place (the sidebar shows them until the seller dismisses them). */
export function readNotices(store: KeyValueStore): string[] {
  try {
    const list: unknown = JSON.parse(store.get(NOTICES_KEY) ?? '[]');
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

/** Forgets the notices the seller dismissed, each once; any that arrived since stay. */
export function dropNotices(store: KeyValueStore, shown: readonly string[]): void {
  const left = readNotices(store);
  for (const text of shown) {
    const at = left.indexOf(text);
    if (at >= 0) left.splice(at, 1);
  }
  if (left.length === 0) store.delete(NOTICES_KEY);
  else store.set(NOTICES_KEY, JSON.stringify(left));
}

/** Takes the stored notices (and forgets them): onOpen's toast, shown once. Needs only document properties (onOpen in LIMITED mode). */
export function takeNotices(store: KeyValueStore): string[] {
  const raw = store.get(NOTICES_KEY);
  if (!raw) return [];
  store.delete(NOTICES_KEY);
  try {
    return JSON.parse(raw) as string[];
  } catch {
    return [];
  }
}
