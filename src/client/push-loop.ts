/**
 * The client side of a chunked push: Apps Script stops an execution after 6 minutes, so the
 * sidebar asks for one chunk at a time until the run is finished. Cancelling never interrupts a
 * chunk in flight; the loop stops after it returns and then asks the server to cancel, so every
 * row sent is also recorded.
 */
import type { Operation, PushProgress, Scope } from '../core/pipeline/types';
import type { RevertTarget } from '../core/undo/ledger-source';

/** The three server calls the loop needs (injected: unit tests drive the loop with fakes). */
export interface PushApi {
  /** A new push; `answer`: the token of the question the seller pressed Push on (the push may return a question instead). */
  start(operation: Operation, scope: Scope, answer?: string): Promise<PushProgress>;
  /** "Push these changes": the changes of a preview. */
  startPreviewed(previewId: string): Promise<PushProgress>;
  /** "Undo last push": restores the values of the push an undo preview showed (`newestId`: the newest push it found). */
  startUndo(pushId: string, overwrite: boolean, newestId: string | null): Promise<PushProgress>;
  /** A revert from the History: puts back what its preview showed (`newestId`: the newest push it found). */
  startRevert(target: RevertTarget, overwrite: boolean, newestId: string): Promise<PushProgress>;
  /** Approve and push: a request for approval, sent by a different editor than its author. */
  startApproval(id: string): Promise<PushProgress>;
  next(runId: string): Promise<PushProgress>;
  cancel(runId: string): Promise<PushProgress>;
}

export type PushStart =
  | { kind: 'new'; operation: Operation; scope: Scope; answer?: string }
  | { kind: 'resume'; runId: string }
  | { kind: 'previewed'; previewId: string }
  | { kind: 'undo'; pushId: string; overwrite: boolean; newestId: string | null }
  | { kind: 'revert'; target: RevertTarget; overwrite: boolean; newestId: string }
  | { kind: 'approve'; id: string };

function first(api: PushApi, start: PushStart): Promise<PushProgress> {
  switch (start.kind) {
    case 'new':
      return api.start(start.operation, start.scope, start.answer);
    case 'resume':
      return api.next(start.runId);
    case 'previewed':
      return api.startPreviewed(start.previewId);
    case 'undo':
      return api.startUndo(start.pushId, start.overwrite, start.newestId);
    case 'revert':
      return api.startRevert(start.target, start.overwrite, start.newestId);
    case 'approve':
      return api.startApproval(start.id);
  }
}

export interface PushLoop {
  /** Resolves with the last progress (finished, or cancelled); rejects with the first call's error. */
  readonly done: Promise<PushProgress>;
  /** Asks the loop to stop after the chunk in flight. */
  cancel(): void;
  readonly cancelRequested: boolean;
}

/** Runs a push to its end, reporting each chunk's progress. */
export function runPushLoop(api: PushApi, start: PushStart, onProgress: (p: PushProgress) => void): PushLoop {
  let cancelRequested = false;
  const done = (async (): Promise<PushProgress> => {
    let p = await first(api, start);
    onProgress(p);
    while (!p.finished) {
      if (cancelRequested) {
        p = await api.cancel(p.runId);
        onProgress(p);
        break;
      }
      p = await api.next(p.runId);
      onProgress(p);
    }
    return p;
  })();
  return {
    done,
    cancel() {
      cancelRequested = true;
    },
    get cancelRequested() {
      return cancelRequested;
    },
  };
}
