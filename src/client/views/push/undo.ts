/** Undo: what taking back the last push would restore, then "Restore these values". */
import type { UndoPreview } from '../../../core/undo/run';
import { undoSummary } from '../../../core/undo/summary';
import { h, handFocus, isBusy, setBusy, setChildren, show } from '../../dom';
import type { PushStart } from '../../push-loop';
import { callResult, errorMessage } from '../../server';
import type { ShownResult } from './preview';
import { panelSheet } from './sheet';
import type { PushRunner } from './run';

/** `previewButton` takes the focus of what hides; `clearShown` clears this and the push preview. */
export function createUndo(previewButton: HTMLButtonElement, error: HTMLElement, run: PushRunner, clearShown: () => void): ShownResult {
  const undoButton = h('button', { id: 'undo-button', type: 'button' }, 'Revert your last push\u2026');
  // A colleague's push is taken back only by this explicit choice; what it shows names who made it.
  const undoAnyoneButton = h('button', { id: 'undo-anyone-button', type: 'button' }, 'Revert the latest push by anyone\u2026');
  const result = h('div', { id: 'undo-result', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const overwriteBox = h('input', { id: 'undo-overwrite', type: 'checkbox' }) as HTMLInputElement;
  const overwriteField = h(
    'div',
    { id: 'undo-overwrite-field', class: 'check', hidden: true },
    overwriteBox,
    h('label', { for: 'undo-overwrite' }, 'Also overwrite the values changed since (on the hub or by a later push)'),
  );
  const restoreButton = h('button', { id: 'undo-restore', type: 'button', class: 'primary', hidden: true }, 'Restore these values');
  let shown: UndoPreview | null = null;

  /** Reads what undoing the last push (this user's, or `anyone`'s) would restore. */
  async function previewUndo(overwrite: boolean, anyone: boolean): Promise<void> {
    error.textContent = '';
    clearShown();
    const button = anyone ? undoAnyoneButton : undoButton;
    setBusy(button, true, 'Reading the hub\u2026');
    try {
      const undo = await callResult('previewUndo', overwrite, anyone, panelSheet());
      shown = undo;
      setChildren(
        result,
        undoSummary(undo).map((line) => h('p', {}, line)),
      );
      overwriteBox.checked = undo.overwrite;
      show(overwriteField, undo.undoneAt === null && (undo.totals.changedOnHub + undo.totals.changedLater > 0 || undo.overwrite));
      show(restoreButton, undo.undoneAt === null && undo.rowsToRestore > 0);
    } catch (e) {
      error.textContent = errorMessage(e);
    } finally {
      setBusy(button, false);
    }
  }

  const undoBusy = (): boolean => isBusy(undoButton) || isBusy(undoAnyoneButton) || run.running();
  undoButton.addEventListener('click', () => {
    if (undoBusy()) return;
    void previewUndo(false, false);
  });
  undoAnyoneButton.addEventListener('click', () => {
    if (undoBusy()) return;
    void previewUndo(false, true);
  });
  overwriteBox.addEventListener('change', () => {
    if (undoBusy() || !shown) return;
    void previewUndo(overwriteBox.checked, shown.whose === 'anyone');
  });
  restoreButton.addEventListener('click', () => {
    if (isBusy(restoreButton) || run.running() || !shown?.pushId) return;
    const start: PushStart = { kind: 'undo', pushId: shown.pushId, overwrite: shown.overwrite, newestId: shown.newestId };
    clearShown();
    void run.drive(start);
  });

  return {
    nodes: [h('div', { class: 'actions' }, undoButton, undoAnyoneButton), result, overwriteField, restoreButton],
    clear() {
      shown = null;
      setChildren(result, []);
      for (const el of [restoreButton, overwriteField]) {
        handFocus(el, previewButton);
        show(el, false);
      }
    },
  };
}
