/** A run found in the state, not driven by this sidebar: Resume drives it from here, Cancel ends it. */
import type { PushProgress } from '../../../core/pipeline/types';
import type { PushApi } from '../../push-loop';
import { h, handFocus, setBusy, show } from '../../dom';
import { errorMessage } from '../../server';
import type { RunProgress } from './progress';
import { resumeText, runTitle } from './text';

export interface WaitingRun {
  /** Resume's box (its line and button). */
  box: HTMLElement;
  resumeButton: HTMLButtonElement;
  /** The run Resume and Cancel apply to, if any. */
  run(): PushProgress | null;
  /** Offers Resume and Cancel for `run`, or (null) hides them, their focus going to Push. */
  show(run: PushProgress | null): void;
  /** A run driven from here takes over: Resume hides (Cancel stays, for the run driven). */
  clear(): void;
  /** Cancels the waiting run now. */
  cancel(runId: string): Promise<void>;
}

/**
 * `pushButton` takes the focus of what hides; `cancelButton` is the section's Cancel; `error`
 * shows a failure; `afterRun` refreshes the sidebar after a cancel.
 */
export function createWaitingRun(
  api: Pick<PushApi, 'cancel'>,
  pushButton: HTMLButtonElement,
  cancelButton: HTMLButtonElement,
  error: HTMLElement,
  progress: RunProgress,
  afterRun: () => Promise<void>,
): WaitingRun {
  const resumeLine = h('p', { id: 'push-resume-text' });
  const resumeButton = h('button', { id: 'push-resume', type: 'button', class: 'primary' }, 'Resume');
  const box = h('div', { id: 'push-resume-box', class: 'notice', hidden: true }, resumeLine, resumeButton);
  let waiting: PushProgress | null = null;

  function offer(run: PushProgress | null): void {
    waiting = run;
    if (run) {
      resumeLine.textContent = resumeText(run);
      show(box, true);
      progress.render({ ...run, message: `${runTitle(run)} is waiting to continue.` });
      show(cancelButton, true);
    } else {
      handFocus(resumeButton, pushButton);
      handFocus(cancelButton, pushButton);
      show(box, false);
      show(cancelButton, false);
    }
  }

  return {
    box,
    resumeButton,
    run: () => waiting,
    show: offer,
    clear() {
      waiting = null;
      show(box, false);
    },
    async cancel(runId) {
      setBusy(cancelButton, true, 'Cancelling\u2026');
      try {
        progress.follow()(await api.cancel(runId));
        offer(null);
      } catch (e) {
        error.textContent = errorMessage(e);
      } finally {
        setBusy(cancelButton, false);
        await afterRun();
      }
    },
  };
}
