/** The Push section: operation, scope, Preview, Push; the chunk loop's progress, Cancel and Resume. */
import type { Operation, PushProgress, Scope } from '../../core/pipeline/types';
import { h, isBusy, setBusy, setChildren, show } from '../dom';
import { runPushLoop, type PushApi, type PushLoop, type PushStart } from '../push-loop';
import {
  fitScope,
  operationChoices,
  progressBar,
  progressRowsText,
  progressStatsText,
  pushAnnouncement,
  resumeText,
  runTitle,
  scopeChoices,
} from '../push-text';
import { previewSummary } from '../../core/preview/summary';
import { undoSummary } from '../../core/undo/summary';
import type { PreviewOutcome } from '../../core/preview/run';
import type { UndoPreview } from '../../core/undo/run';
import { callResult, errorMessage } from '../server';
import type { SidebarState } from '../state';
import { createFreezeQuestion } from './freeze-question';

const api: PushApi = {
  start: (operation, scope) => callResult('startPush', operation, scope),
  next: (runId) => callResult('continuePush', runId),
  cancel: (runId) => callResult('cancelPush', runId),
  startPreviewed: (previewId) => callResult('pushPreviewedChanges', previewId),
  startUndo: (pushId, overwrite, newestId) => callResult('undoLastPush', pushId, overwrite, newestId ?? undefined),
};

export interface PushView {
  element: HTMLElement;
  update(state: SidebarState): void;
}

/** Builds the Push section; `afterRun` refreshes the rest of the sidebar when a run ends. */
export function createPushView(afterRun: () => Promise<void>): PushView {
  const operation = h(
    'select',
    { id: 'push-operation', name: 'operation' },
    operationChoices().map((c) => h('option', { value: c.value }, c.label)),
  );
  const scope = h('select', { id: 'push-scope', name: 'scope', 'aria-describedby': 'push-scope-hint' });
  const scopeHint = h(
    'p',
    { id: 'push-scope-hint', class: 'hint', hidden: true },
    'Push changes always takes the rows changed since their last confirmed push.',
  );
  const pushButton = h('button', { id: 'push-button', type: 'button', class: 'primary', 'aria-describedby': 'push-error' }, 'Push');
  // A dry run: what the push would change, read from the hub, in the Preview sheet; nothing is sent.
  const previewButton = h('button', { id: 'preview-button', type: 'button', 'aria-describedby': 'push-error' }, 'Preview');
  const previewResult = h('div', { id: 'preview-result', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  // What the preview showed, and nothing else, is what "Push these changes" sends.
  const checkedBox = h('input', { id: 'preview-checked', type: 'checkbox' }) as HTMLInputElement;
  const checkedField = h(
    'div',
    { id: 'preview-checked-field', class: 'check', hidden: true },
    checkedBox,
    h('label', { for: 'preview-checked' }, 'I checked these: send the values the guard rails hold back'),
  );
  const pushPreviewedButton = h('button', { id: 'push-previewed', type: 'button', class: 'primary', hidden: true }, 'Push these changes');
  const previewAgainButton = h('button', { id: 'preview-again', type: 'button', hidden: true }, 'Preview again');
  const undoButton = h('button', { id: 'undo-button', type: 'button' }, 'Undo your last push\u2026');
  // A colleague's push is taken back only by this explicit choice; what it shows names who made it.
  const undoAnyoneButton = h('button', { id: 'undo-anyone-button', type: 'button' }, 'Undo the latest push by anyone\u2026');
  const undoResult = h('div', { id: 'undo-result', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const overwriteBox = h('input', { id: 'undo-overwrite', type: 'checkbox' }) as HTMLInputElement;
  const overwriteField = h(
    'div',
    { id: 'undo-overwrite-field', class: 'check', hidden: true },
    overwriteBox,
    h('label', { for: 'undo-overwrite' }, 'Also overwrite the values changed since (on the hub or by a later push)'),
  );
  const restoreButton = h('button', { id: 'undo-restore', type: 'button', class: 'primary', hidden: true }, 'Restore these values');
  const error = h('p', { id: 'push-error', class: 'error', role: 'alert' });

  const bar = h('progress', { id: 'push-progress', max: 1, value: 0, 'aria-label': 'Push progress' });
  const rowsText = h('p', { id: 'push-progress-text', class: 'progress-text' });
  const statsText = h('p', { id: 'push-progress-stats', class: 'hint' });
  const message = h('p', { id: 'push-message' });
  const cancelButton = h('button', { id: 'push-cancel', type: 'button', hidden: true }, 'Cancel');
  const resumeLine = h('p', { id: 'push-resume-text' });
  const resumeButton = h('button', { id: 'push-resume', type: 'button', class: 'primary' }, 'Resume');
  const resumeBox = h('div', { id: 'push-resume-box', class: 'notice', hidden: true }, resumeLine, resumeButton);
  // The counts change with every chunk: shown by the bar, not announced (see pushAnnouncement).
  const progressArea = h('div', { id: 'push-progress-area', hidden: true }, bar, rowsText, statsText, message);
  // Outside the hidden area: a live region must be in the page before its first update. Visually
  // hidden: what it says (the start, coarse steps, the outcome) is on screen in the lines above.
  const progressStatus = h('div', { id: 'push-status', class: 'sr-only', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });

  const freezeQuestion = createFreezeQuestion();

  let loop: PushLoop | null = null;
  /** A run found in the state (not driven by this sidebar): Resume or Cancel applies to it. */
  let pending: PushProgress | null = null;

  function fillScopes(previous: Scope): void {
    const op = operation.value as Operation;
    const choices = scopeChoices(op);
    setChildren(
      scope,
      choices.map((c) => h('option', { value: c.value }, c.label)),
    );
    scope.value = fitScope(op, previous);
    const fixed = choices.length === 1;
    scope.disabled = fixed;
    show(scopeHint, fixed);
  }

  function render(p: PushProgress): void {
    const { value, max } = progressBar(p);
    bar.max = max;
    bar.value = value;
    bar.setAttribute('aria-valuetext', progressRowsText(p));
    rowsText.textContent = progressRowsText(p);
    statsText.textContent = progressStatsText(p);
    message.textContent = p.message;
    show(progressArea, true);
    if (p.freezeSku) freezeQuestion.ask(p.freezeSku);
  }

  /** Says a step of the run in the status region; null leaves the last one. */
  function announce(previous: PushProgress | null, p: PushProgress): void {
    const text = pushAnnouncement(previous, p);
    if (text !== null) progressStatus.textContent = text;
  }

  /** Hiding a focused button would drop keyboard focus to the page: hand it on first. */
  function handFocus(from: HTMLElement, to: HTMLElement): void {
    if (document.activeElement === from) to.focus();
  }

  async function drive(start: PushStart): Promise<void> {
    error.textContent = '';
    pending = null;
    show(cancelButton, true);
    handFocus(resumeButton, cancelButton);
    show(resumeBox, false);
    setBusy(pushButton, true, 'Pushing\u2026');
    setBusy(resumeButton, true);
    setBusy(cancelButton, false);
    let last: PushProgress | null = null;
    loop = runPushLoop(api, start, (p) => {
      render(p);
      announce(last, p);
      last = p;
    });
    try {
      await loop.done;
    } catch (e) {
      error.textContent = errorMessage(e);
      // The sheet or the hub changed since the preview: the way on is a new preview.
      if (start.kind === 'previewed') show(previewAgainButton, true);
    } finally {
      loop = null;
      setBusy(pushButton, false);
      setBusy(resumeButton, false);
      setBusy(cancelButton, false);
      handFocus(cancelButton, pushButton);
      show(cancelButton, false);
      await afterRun();
    }
  }

  async function cancelPending(runId: string): Promise<void> {
    setBusy(cancelButton, true, 'Cancelling\u2026');
    try {
      const p = await api.cancel(runId);
      render(p);
      announce(null, p);
      pending = null;
      handFocus(cancelButton, pushButton);
      handFocus(resumeButton, pushButton);
      show(resumeBox, false);
      show(cancelButton, false);
    } catch (e) {
      error.textContent = errorMessage(e);
    } finally {
      setBusy(cancelButton, false);
      await afterRun();
    }
  }

  let shownPreview: PreviewOutcome | null = null;
  let shownUndo: UndoPreview | null = null;

  function clearShown(): void {
    shownPreview = null;
    shownUndo = null;
    setChildren(previewResult, []);
    setChildren(undoResult, []);
    for (const el of [pushPreviewedButton, previewAgainButton, restoreButton, checkedField, overwriteField]) {
      handFocus(el, previewButton);
      show(el, false);
    }
  }

  async function preview(checked = false): Promise<void> {
    error.textContent = '';
    clearShown();
    setBusy(previewButton, true, 'Reading the hub\u2026');
    try {
      const outcome = await callResult('previewPush', operation.value as Operation, scope.value as Scope, checked);
      shownPreview = outcome;
      setChildren(
        previewResult,
        previewSummary(outcome).map((line) => h('p', {}, line)),
      );
      checkedBox.checked = outcome.guards.checked;
      show(checkedField, outcome.totals.guarded > 0 || outcome.guards.checked);
      pushPreviewedButton.textContent = `Push these changes (${outcome.rowsToPush.toLocaleString('en-US')} row${outcome.rowsToPush === 1 ? '' : 's'})`;
      show(pushPreviewedButton, outcome.rowsToPush > 0);
    } catch (e) {
      error.textContent = errorMessage(e);
    } finally {
      setBusy(previewButton, false);
    }
  }

  async function previewUndo(overwrite: boolean, anyone: boolean): Promise<void> {
    error.textContent = '';
    clearShown();
    const button = anyone ? undoAnyoneButton : undoButton;
    setBusy(button, true, 'Reading the hub\u2026');
    try {
      const shown = await callResult('previewUndo', overwrite, anyone);
      shownUndo = shown;
      setChildren(
        undoResult,
        undoSummary(shown).map((line) => h('p', {}, line)),
      );
      overwriteBox.checked = shown.overwrite;
      show(overwriteField, shown.undoneAt === null && (shown.totals.changedOnHub + shown.totals.changedLater > 0 || shown.overwrite));
      show(restoreButton, shown.undoneAt === null && shown.rowsToRestore > 0);
    } catch (e) {
      error.textContent = errorMessage(e);
    } finally {
      setBusy(button, false);
    }
  }
  const undoBusy = (): boolean => isBusy(undoButton) || isBusy(undoAnyoneButton) || loop !== null;

  operation.addEventListener('change', () => fillScopes(scope.value as Scope));
  const previewAgain = (): void => {
    if (isBusy(previewButton) || loop) return;
    void preview();
  };
  previewButton.addEventListener('click', previewAgain);
  previewAgainButton.addEventListener('click', previewAgain);
  checkedBox.addEventListener('change', () => {
    if (isBusy(previewButton) || loop) return;
    void preview(checkedBox.checked);
  });
  pushPreviewedButton.addEventListener('click', () => {
    if (isBusy(pushPreviewedButton) || loop || !shownPreview) return;
    const previewId = shownPreview.previewId;
    clearShown();
    void drive({ kind: 'previewed', previewId });
  });
  undoButton.addEventListener('click', () => {
    if (undoBusy()) return;
    void previewUndo(false, false);
  });
  undoAnyoneButton.addEventListener('click', () => {
    if (undoBusy()) return;
    void previewUndo(false, true);
  });
  overwriteBox.addEventListener('change', () => {
    if (undoBusy() || !shownUndo) return;
    void previewUndo(overwriteBox.checked, shownUndo.whose === 'anyone');
  });
  restoreButton.addEventListener('click', () => {
    if (isBusy(restoreButton) || loop || !shownUndo?.pushId) return;
    const start: PushStart = { kind: 'undo', pushId: shownUndo.pushId, overwrite: shownUndo.overwrite, newestId: shownUndo.newestId };
    clearShown();
    void drive(start);
  });
  pushButton.addEventListener('click', () => {
    if (isBusy(pushButton) || loop) return;
    void drive({ kind: 'new', operation: operation.value as Operation, scope: scope.value as Scope });
  });
  resumeButton.addEventListener('click', () => {
    if (isBusy(resumeButton) || loop || !pending) return;
    void drive({ kind: 'resume', runId: pending.runId });
  });
  cancelButton.addEventListener('click', () => {
    if (isBusy(cancelButton)) return;
    if (loop) {
      // The chunk in flight completes and is recorded; the loop then asks the server to cancel.
      loop.cancel();
      setBusy(cancelButton, true, 'Cancelling after this chunk\u2026');
    } else if (pending) {
      void cancelPending(pending.runId);
    }
  });

  fillScopes('selected');

  const element = h(
    'section',
    { id: 'push', 'aria-labelledby': 'push-heading' },
    h('h2', { id: 'push-heading' }, 'Push to the hub'),
    h('div', { class: 'field' }, h('label', { for: 'push-operation' }, 'Operation'), operation),
    h('div', { class: 'field' }, h('label', { for: 'push-scope' }, 'Rows'), scope, scopeHint),
    h('div', { class: 'actions' }, previewButton, pushButton),
    error,
    previewAgainButton,
    previewResult,
    checkedField,
    pushPreviewedButton,
    h('div', { class: 'actions' }, undoButton, undoAnyoneButton),
    undoResult,
    overwriteField,
    restoreButton,
    resumeBox,
    progressArea,
    progressStatus,
    cancelButton,
    freezeQuestion.element,
  );

  return {
    element,
    update(state) {
      if (loop) return; // this sidebar drives the run: its own progress is newer than the state's
      const run = state.push;
      if (run && !run.finished) {
        pending = run;
        resumeLine.textContent = resumeText(run);
        show(resumeBox, true);
        render({ ...run, message: `${runTitle(run)} is waiting to continue.` });
        show(cancelButton, true);
      } else {
        pending = null;
        handFocus(resumeButton, pushButton);
        handFocus(cancelButton, pushButton);
        show(resumeBox, false);
        show(cancelButton, false);
      }
    },
  };
}
