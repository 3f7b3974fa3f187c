/** Calls of the preview, push-these-changes and undo functions (issue 17) from end-to-end tests. */
import type { AddonEnv } from '../../dev/testkit/env';

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
export type Result<T> = { ok: boolean; value?: T; error?: string };

/** Calls a sidebar function and returns its value (fails the test with the error otherwise). */
export function call<T>(env: AddonEnv, name: string, ...args: unknown[]): T {
  const r = env.rt.call(name, ...args) as Result<T>;
  if (!r.ok) throw new Error(`${name}: ${r.error}`);
  return r.value as T;
}

/** Runs a started sidebar push to its end, chunk by chunk, as the sidebar does (bounded). */
export function finish(env: AddonEnv, first: Progress, chunks = 50): Progress {
  let p = first;
  for (let i = 0; i < chunks && !p.finished; i++) p = call<Progress>(env, 'continuePush', p.runId);
  return p;
}
