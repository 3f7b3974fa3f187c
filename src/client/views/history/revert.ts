/**
 * Revert from the History: a push, one row of it or one value, previewed first (what the hub holds
 * now, what would be put back, in the Preview sheet and as totals), then put back through the
 * Push section's runner, with the explicit choice to overwrite values changed since.
 */
import type { HistoryEntry } from '../../../core/ledger/history';
import type { RevertTarget } from '../../../core/undo/ledger-source';
import type { RevertPreview } from '../../../core/undo/revert';
import { revertSummary } from '../../../core/undo/summary';
import { h, isBusy, setBusy, setChildren, show } from '../../dom';
import { callResult, errorMessage } from '../../server';
import type { PushRunner } from '../push/run';

/** What each of an entry's buttons takes back. */
const PARTS = [
  ['push', 'Revert this push', (e: HistoryEntry): RevertTarget => ({ push: e.push })],
  ['row', 'this row', (e: HistoryEntry): RevertTarget => ({ push: e.push, sku: e.sku })],
  ['value', 'this value', (e: HistoryEntry): RevertTarget => ({ push: e.push, sku: e.sku, field: e.field, channel: e.channel })],
] as const;

export interface RevertPanel {
  nodes: HTMLElement[];
  /** An entry's buttons: revert its push, its row, its value. */
  buttonsFor(e: HistoryEntry): HTMLElement;
}

export function createRevertPanel(runner: Pick<PushRunner, 'drive' | 'running'>, error: HTMLElement): RevertPanel {
  const result = h('div', { id: 'revert-result', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const overwriteBox = h('input', { id: 'revert-overwrite', type: 'checkbox' }) as HTMLInputElement;
  const overwriteField = h(
    'div',
    { id: 'revert-overwrite-field', class: 'check', hidden: true },
    overwriteBox,
    h('label', { for: 'revert-overwrite' }, 'Also overwrite the values changed since (on the hub or by a later push)'),
  );
  const putBack = h('button', { id: 'revert-put-back', type: 'button', class: 'primary', hidden: true }, 'Put these values back');
  let shown: RevertPreview | null = null;

  async function preview(target: RevertTarget, overwrite: boolean, button: HTMLButtonElement): Promise<void> {
    error.textContent = '';
    setBusy(button, true, 'Reading the hub\u2026');
    try {
      shown = await callResult('previewRevert', target, overwrite);
      setChildren(
        result,
        revertSummary(shown).map((line) => h('p', {}, line)),
      );
      overwriteBox.checked = shown.overwrite;
      show(overwriteField, shown.totals.changedOnHub + shown.totals.changedLater > 0 || shown.overwrite);
      show(putBack, shown.rowsToRestore > 0);
    } catch (e) {
      error.textContent = errorMessage(e);
    } finally {
      setBusy(button, false);
    }
  }

  overwriteBox.addEventListener('change', () => {
    if (shown && !runner.running()) void preview(shown.target, overwriteBox.checked, putBack);
  });
  putBack.addEventListener('click', () => {
    if (!shown || isBusy(putBack) || runner.running()) return;
    const { target, overwrite, newestId } = shown;
    shown = null;
    show(putBack, false);
    show(overwriteField, false);
    // The preview's lines are stale from here: the panel says what the run did, in the Push section's words.
    setChildren(result, [h('p', {}, 'Putting these values back\u2026 (progress at the top of the Push section)')]);
    void runner.drive({ kind: 'revert', target, overwrite, newestId }).then((said) => {
      setChildren(result, said ? [h('p', {}, said)] : []);
    });
  });

  return {
    nodes: [result, overwriteField, putBack],
    buttonsFor(e) {
      const buttons = PARTS.map(([part, label, target]) => {
        const button = h('button', { type: 'button', class: 'link', 'data-revert': part }, label);
        button.addEventListener('click', () => {
          if (!isBusy(button) && !runner.running()) void preview(target(e), false, button);
        });
        return button;
      });
      return h('p', { class: 'actions' }, buttons[0], ' \u00b7 ', buttons[1], ' \u00b7 ', buttons[2]);
    },
  };
}
