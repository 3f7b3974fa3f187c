/** Preview: what the push would change, read from the hub into the Preview sheet; "Push these changes" sends exactly that. */
import type { Operation, Scope } from '../../../core/pipeline/types';
import type { PreviewOutcome } from '../../../core/preview/run';
import { previewSummary } from '../../../core/preview/summary';
import { approvalLines } from '../../../core/preview/approvals/summary';
import type { ApprovalListed } from '../../../core/preview/approvals/request';
import { h, handFocus, isBusy, setBusy, setChildren, show } from '../../dom';
import { callResult, errorMessage } from '../../server';
import type { OperationChoice } from './choice';
import { panelSheet } from './sheet';
import type { PushRunner } from './run';

export interface ShownResult {
  /** In the section's order. */
  nodes: HTMLElement[];
  /** Forgets what is shown and hides what acts on it (their focus goes to Preview). */
  clear(): void;
}

/** `clearShown` clears this preview and the undo preview: a new one of either replaces both. */
export function createPreview(
  previewButton: HTMLButtonElement,
  previewAgain: HTMLButtonElement,
  error: HTMLElement,
  choice: OperationChoice,
  run: PushRunner,
  clearShown: () => void,
  asked: (requests: ApprovalListed[]) => void,
): ShownResult {
  const result = h('div', { id: 'preview-result', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  // What the preview showed, and nothing else, is what "Push these changes" sends.
  const checkedBox = h('input', { id: 'preview-checked', type: 'checkbox' }) as HTMLInputElement;
  const checkedField = h(
    'div',
    { id: 'preview-checked-field', class: 'check', hidden: true },
    checkedBox,
    h('label', { for: 'preview-checked' }, 'I checked these: send the values the guard rails hold back'),
  );
  const pushPreviewed = h('button', { id: 'push-previewed', type: 'button', class: 'primary', hidden: true }, 'Push these changes');
  const ask = createAskForApproval(error, run, asked);
  let shown: PreviewOutcome | null = null;

  /** Reads what the push would change; `checked` sends the values the guard rails hold back. */
  async function preview(checked = false): Promise<void> {
    error.textContent = '';
    clearShown();
    setBusy(previewButton, true, 'Reading the hub\u2026');
    try {
      const outcome = await callResult(
        'previewPush',
        choice.operation.value as Operation,
        choice.scope.value as Scope,
        checked,
        panelSheet(),
      );
      shown = outcome;
      setChildren(
        result,
        previewSummary(outcome).map((line) => h('p', {}, line)),
      );
      checkedBox.checked = outcome.guards.checked;
      show(checkedField, outcome.totals.guarded > 0 || outcome.guards.checked);
      ask.show(outcome);
      pushPreviewed.textContent = `Push these changes (${outcome.rowsToPush.toLocaleString('en-US')} row${outcome.rowsToPush === 1 ? '' : 's'})`;
      show(pushPreviewed, outcome.rowsToPush > 0);
    } catch (e) {
      error.textContent = errorMessage(e);
    } finally {
      setBusy(previewButton, false);
    }
  }

  const onPreviewClick = (): void => {
    if (isBusy(previewButton) || run.running()) return;
    void preview();
  };
  previewButton.addEventListener('click', onPreviewClick);
  previewAgain.addEventListener('click', onPreviewClick);
  checkedBox.addEventListener('change', () => {
    if (isBusy(previewButton) || run.running()) return;
    void preview(checkedBox.checked);
  });
  pushPreviewed.addEventListener('click', () => {
    if (isBusy(pushPreviewed) || run.running() || !shown) return;
    const previewId = shown.previewId;
    clearShown();
    void run.drive({ kind: 'previewed', previewId });
  });

  return {
    nodes: [previewAgain, result, checkedField, ...ask.nodes, pushPreviewed],
    clear() {
      shown = null;
      setChildren(result, []);
      ask.clear(previewButton);
      for (const el of [pushPreviewed, previewAgain, checkedField]) {
        handFocus(el, previewButton);
        show(el, false);
      }
    },
  };
}

/** What a preview says of its values that wait for a second editor, and Ask for approval (this preview, every value of it). */
function createAskForApproval(
  error: HTMLElement,
  run: PushRunner,
  asked: (requests: ApprovalListed[]) => void,
): { nodes: HTMLElement[]; show(outcome: PreviewOutcome): void; clear(focusTo: HTMLElement): void } {
  const said = h('div', { id: 'preview-approval', role: 'status' });
  const askButton = h('button', { id: 'ask-approval', type: 'button', hidden: true }, 'Ask for approval');
  let draftId: string | null = null;
  askButton.addEventListener('click', () => {
    const id = draftId;
    if (isBusy(askButton) || run.running() || !id) return;
    void (async () => {
      setBusy(askButton, true, 'Asking\u2026');
      try {
        asked(await callResult('askForApproval', id));
        setChildren(said, h('p', {}, 'Asked: a different editor can now approve it below (Approvals), where you can also withdraw it.'));
        show(askButton, false);
      } catch (e) {
        error.textContent = errorMessage(e);
      } finally {
        setBusy(askButton, false);
      }
    })();
  });
  return {
    nodes: [said, askButton],
    show(outcome) {
      draftId = outcome.approval.draftId;
      setChildren(
        said,
        approvalLines(outcome.approval).map((line) => h('p', {}, line)),
      );
      show(askButton, draftId !== null);
    },
    clear(focusTo) {
      draftId = null;
      setChildren(said, []);
      handFocus(askButton, focusTo);
      show(askButton, false);
    },
  };
}
