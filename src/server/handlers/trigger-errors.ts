import type { Context } from '../../core/context';
import type { KeyValueStore } from '../../core/ports';

const NOTICES_KEY = 'pendingNotices';
const MAX_NOTICES = 5;

/** Notices for the next time someone opens the spreadsheet (triggers have no screen). */
export function addNotice(ctx: Context, text: string): void {
  addNoticeTo(ctx.ports.documentStore, text);
}

function addNoticeTo(store: KeyValueStore, text: string): void {
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
