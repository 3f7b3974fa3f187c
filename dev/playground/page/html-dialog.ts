/**
 * The add-on's HTML dialogs (Ui.showModalDialog / showModelessDialog): the HTML it passed, served
 * with the google.script bridge (/html-dialog), in a box of the size it asked for with its title,
 * as Sheets draws them. A modal one covers the sheet until its page calls google.script.host.close()
 * or the × is pressed; a modeless one leaves the sheet usable; google.script.host.setHeight resizes it. The execution that showed it has
 * ended: the dialog's buttons start new ones (google.script.run).
 */
import { byId, clear, el } from './dom';

/** The last dialog drawn; null until the first snapshot (a dialog shown before the page opened is history, not news). */
let shownVersion: number | null = null;

function layer(): HTMLElement {
  return byId('html-dialog-layer');
}

export function closeHtmlDialog(): void {
  const l = layer();
  l.hidden = true;
  clear(l);
}

/** Opens the dialog the add-on showed last, once per dialog shown. */
export function syncHtmlDialog(d: { version: number; title: string; width: number; height: number; modal: boolean } | null): void {
  if (shownVersion === null) {
    shownVersion = d?.version ?? 0;
    return;
  }
  if (!d || d.version === shownVersion) return;
  shownVersion = d.version;
  const frame = el('iframe', { id: 'html-dialog-frame', title: d.title || 'Dialog' });
  // Our own route (not text from the add-on): el() sets no src.
  frame.src = `/html-dialog?v=${d.version}`;
  frame.style.width = `${d.width}px`;
  frame.style.height = `${d.height}px`;
  const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close', id: 'html-dialog-close' }, '\u00d7');
  close.addEventListener('click', closeHtmlDialog);
  const box = el(
    'div',
    {
      class: 'modal html-dialog',
      id: 'html-dialog',
      role: 'dialog',
      'aria-modal': d.modal ? 'true' : null,
      'aria-labelledby': 'html-dialog-title',
    },
    el('h2', { id: 'html-dialog-title' }, d.title || 'Dialog'),
    frame,
    close,
  );
  const l = layer();
  clear(l);
  l.appendChild(box);
  l.classList.toggle('modeless', !d.modal);
  l.hidden = false;
  frame.focus();
}

export function initHtmlDialog(): void {
  window.addEventListener('message', (e) => {
    const frame = document.getElementById('html-dialog-frame') as HTMLIFrameElement | null;
    if (!frame || e.origin !== window.location.origin || e.source !== frame.contentWindow) return;
    const data = e.data as { source?: string; type?: string; height?: number };
    if (data?.source !== 'hub-sync-playground') return;
    if (data.type === 'close-dialog') closeHtmlDialog();
    // google.script.host.setHeight: the dialog grows or shrinks to what its page asks (within the window).
    if (data.type === 'set-height' && Number.isFinite(data.height) && (data.height as number) > 0)
      frame.style.height = `${Math.min(Math.round(data.height as number), window.innerHeight - 120)}px`;
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !layer().hidden) closeHtmlDialog();
  });
}
