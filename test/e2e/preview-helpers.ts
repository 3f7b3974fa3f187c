/** Calls of the preview, push-these-changes and undo functions (issue 17) from end-to-end tests. */
import { callValue as call, type AddonEnv } from '../../dev/testkit/env';

/** Calls a sidebar function and returns its value, typed by its declared result (fails the test with the error otherwise). */
export { call };

export type Progress = {
  runId: string;
  finished: boolean;
  ok: number;
  failed: number;
  skipped: number;
  requests: number;
  message: string;
  total: number;
};

/** Runs a started sidebar push to its end, chunk by chunk, as the sidebar does (bounded). */
export function finish(env: AddonEnv, first: Progress, chunks = 50): Progress {
  let p = first;
  for (let i = 0; i < chunks && !p.finished; i++) p = call(env, 'continuePush', p.runId);
  return p;
}
