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

/** Takes the stored notices (and forgets them). Needs only document properties (onOpen in LIMITED mode). */
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
