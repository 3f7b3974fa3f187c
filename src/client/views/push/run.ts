/** A push run driven from this sidebar, chunk by chunk, with Cancel; and Resume for a run found in the state. */
import { h, handFocus, isBusy, setBusy, show } from '../../dom';
import { runPushLoop, type PushApi, type PushLoop, type PushStart } from '../../push-loop';
import { callResult, errorMessage } from '../../server';
import type { SidebarState } from '../../state';
import type { RunProgress } from './progress';
import { createQuestionPanel } from './question';
import { createWaitingRun } from './waiting';
import { panelSheet } from './sheet';

const api: PushApi = {
  start: (operation, scope, answer) => callResult('startPush', operation, scope, panelSheet(), answer),
  next: (runId) => callResult('continuePush', runId),
  cancel: (runId) => callResult('cancelPush', runId),
  startPreviewed: (previewId) => callResult('pushPreviewedChanges', previewId, panelSheet()),
  startUndo: (pushId, overwrite, newestId) => callResult('undoLastPush', pushId, overwrite, newestId ?? undefined, panelSheet()),
  startRevert: (target, overwrite, newestId) => callResult('revertFromHistory', target, overwrite, newestId),
  startApproval: (id) => callResult('approveAndPush', id, panelSheet()),
};

export interface PushRunner {
  /** Resume's box, and Cancel. */
  resumeBox: HTMLElement;
  /** The question a push asks before sending (question.ts). */
  questionBox: HTMLElement;
  cancelButton: HTMLElement;
  /** Whether a run is driven from here now (the other buttons wait for it). */
  running(): boolean;
  /** Runs a push to its end, showing its progress; then refreshes the sidebar. Resolves with its last line (null: it failed, said in the error). */
  drive(start: PushStart): Promise<string | null>;
  /** Offers Resume and Cancel for an unfinished run of the state, or hides them. */
  update(state: SidebarState): void;
}

/**
 * `pushButton` is busy while a run goes and takes the focus of the buttons a run hides; `error`
 * shows a failure; `previewAgain` is offered when the changes of a preview could not be pushed.
 */
export function createRunner(
  pushButton: HTMLButtonElement,
  error: HTMLElement,
  previewAgain: HTMLElement,
  progress: RunProgress,
  afterRun: () => Promise<void>,
): PushRunner {
  const cancelButton = h('button', { id: 'push-cancel', type: 'button', hidden: true }, 'Cancel');
  const waiting = createWaitingRun(api, pushButton, cancelButton, error, progress, afterRun);
  const { resumeButton } = waiting;
  const question = createQuestionPanel((q) => void drive({ kind: 'new', operation: q.operation, scope: q.scope, answer: q.token }));
  let loop: PushLoop | null = null;

  async function drive(start: PushStart): Promise<string | null> {
    error.textContent = '';
    show(cancelButton, true);
    handFocus(resumeButton, cancelButton);
    waiting.clear();
    setBusy(pushButton, true, 'Pushing\u2026');
    setBusy(resumeButton, true);
    setBusy(cancelButton, false);
    question.clear();
    const follow = progress.follow();
    // A push that asks first sent nothing: its question is shown, not a progress.
    loop = runPushLoop(api, start, (p) => (p.question ? undefined : follow(p)));
    try {
      const last = await loop.done;
      if (last.question) question.ask(last.question, last.message);
      return last.message;
    } catch (e) {
      error.textContent = errorMessage(e);
      // The sheet or the hub changed since the preview: the way on is a new preview.
      if (start.kind === 'previewed') show(previewAgain, true);
      return null;
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

  resumeButton.addEventListener('click', () => {
    const run = waiting.run();
    if (isBusy(resumeButton) || loop || !run) return;
    void drive({ kind: 'resume', runId: run.runId });
  });
  cancelButton.addEventListener('click', () => {
    const run = waiting.run();
    if (isBusy(cancelButton)) return;
    if (loop) {
      // The chunk in flight completes and is recorded; the loop then asks the server to cancel.
      loop.cancel();
      setBusy(cancelButton, true, 'Cancelling after this chunk\u2026');
    } else if (run) {
      void waiting.cancel(run.runId);
    }
  });

  return {
    resumeBox: waiting.box,
    questionBox: question.element,
    cancelButton,
    running: () => loop !== null,
    drive,
    update(state) {
      if (loop) return; // this sidebar drives the run: its own progress is newer than the state's
      waiting.show(state.push && !state.push.finished ? state.push : null);
    },
  };
}
