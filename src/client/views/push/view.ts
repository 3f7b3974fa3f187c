/** The Push section: operation, scope, Preview, Push; the chunk loop's progress, Cancel and Resume. */
import type { Operation, Scope } from '../../../core/pipeline/types';
import { h, isBusy } from '../../dom';
import type { SidebarState } from '../../state';
import { createOperationChoice } from './choice';
import { createPreview } from './preview';
import { createRunProgress } from './progress';
import { createRunner, type PushRunner } from './run';
import { createUndo } from './undo';
import { createApprovals } from './approvals';
import { createSheetLine } from './sheet';

export interface PushView {
  element: HTMLElement;
  update(state: SidebarState): void;
  /** Previews a push of this operation and scope, as the Preview button does (the menu's "Preview in sidebar"). */
  previewOf(operation: Operation, scope: Scope): void;
  /** The runner's drive and whether it runs, for a run started elsewhere (a revert from the History). */
  runner: Pick<PushRunner, 'drive' | 'running'>;
}

/** Builds the Push section; `afterRun` refreshes the rest of the sidebar when a run ends. */
export function createPushView(afterRun: () => Promise<void>): PushView {
  const choice = createOperationChoice();
  const progress = createRunProgress();
  const pushButton = h('button', { id: 'push-button', type: 'button', class: 'primary', 'aria-describedby': 'push-error' }, 'Push');
  // A dry run: what the push would change, read from the hub, in the Preview sheet; nothing is sent.
  const previewButton = h('button', { id: 'preview-button', type: 'button', 'aria-describedby': 'push-error' }, 'Preview');
  const previewAgain = h('button', { id: 'preview-again', type: 'button', hidden: true }, 'Preview again');
  const error = h('p', { id: 'push-error', class: 'error', role: 'alert' });
  const run = createRunner(pushButton, error, previewAgain, progress, afterRun);
  /** A new preview of either kind replaces what either showed. */
  const clearShown = (): void => {
    preview.clear();
    undo.clear();
  };
  const approvals = createApprovals(error, run);
  const preview = createPreview(previewButton, previewAgain, error, choice, run, clearShown, approvals.update);
  const undo = createUndo(previewButton, error, run, clearShown);
  pushButton.addEventListener('click', () => {
    if (isBusy(pushButton) || run.running()) return;
    void run.drive({ kind: 'new', operation: choice.operation.value as Operation, scope: choice.scope.value as Scope });
  });

  const sheetLine = createSheetLine();
  const element = h(
    'section',
    { id: 'push', 'aria-labelledby': 'push-heading' },
    h('h2', { id: 'push-heading' }, 'Push to the hub'),
    sheetLine.node,
    choice.nodes,
    h('div', { class: 'actions' }, previewButton, pushButton),
    error,
    run.questionBox,
    preview.nodes,
    approvals.node,
    undo.nodes,
    run.resumeBox,
    progress.nodes,
    run.cancelButton,
    progress.freeze,
  );
  return {
    element,
    update(state) {
      sheetLine.update(state);
      run.update(state);
      approvals.update(state.approvals ?? []);
    },
    runner: { drive: (start) => run.drive(start), running: () => run.running() },
    previewOf(operation, scope) {
      choice.operation.value = operation;
      choice.operation.dispatchEvent(new Event('change'));
      choice.scope.value = scope;
      previewButton.click();
    },
  };
}
