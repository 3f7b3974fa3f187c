/** Toasts: the add-on's (Spreadsheet.toast) and the playground's own short messages. */
import { byId, el } from './dom';

const MIN_SECONDS = 4;
const MAX_SECONDS = 20;

/** Shows a toast for `seconds` (a negative value: until closed, as in Sheets). */
export function showToast(message: string, title: string, seconds: number, kind: 'addon' | 'playground' | 'error' = 'addon'): void {
  const close = el('button', { type: 'button', 'aria-label': 'Dismiss' }, '\u00d7');
  const toast = el(
    'div',
    { class: kind === 'error' ? 'toast error' : 'toast', 'data-kind': kind, role: kind === 'error' ? 'alert' : 'status' },
    title ? el('strong', {}, title) : null,
    el('span', { class: 'toast-message' }, message),
    close,
  );
  const remove = (): void => toast.remove();
  close.addEventListener('click', remove);
  // Sheets shows one toast at a time: a script's next toast takes the place of the one on screen
  // (the usual way a script reports progress), so add-on toasts never stack.
  if (kind === 'addon') for (const old of byId('toasts').querySelectorAll('.toast[data-kind="addon"]')) old.remove();
  byId('toasts').appendChild(toast);
  if (seconds >= 0) setTimeout(remove, Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, seconds)) * 1000);
}
