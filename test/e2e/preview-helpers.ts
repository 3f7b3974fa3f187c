/** Calls of the preview, push-these-changes and undo functions (issue 17) from end-to-end tests. */
import type { AddonEnv } from '../../dev/testkit/env';
import type { ServerFunctionName, ServerFunctions } from '../../src/server/public-functions';

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

/** What a sidebar function's result carries when it succeeds. */
export type ValueOf<R> = R extends { ok: true; value: infer T } ? T : never;

/** Calls a sidebar function and returns its value, typed by its declared result (fails the test with the error otherwise). */
export function call<K extends ServerFunctionName>(
  env: AddonEnv,
  name: K,
  ...args: Parameters<ServerFunctions[K]>
): ValueOf<ReturnType<ServerFunctions[K]>> {
  // env.call checks the name and arguments; the result of a name not yet known is read as the declared one.
  const r = env.call(name, ...args) as Result<ValueOf<ReturnType<ServerFunctions[K]>>>;
  if (!r.ok) throw new Error(`${name}: ${r.error}`);
  return r.value as ValueOf<ReturnType<ServerFunctions[K]>>;
}

/** Runs a started sidebar push to its end, chunk by chunk, as the sidebar does (bounded). */
export function finish(env: AddonEnv, first: Progress, chunks = 50): Progress {
  let p = first;
  for (let i = 0; i < chunks && !p.finished; i++) p = call(env, 'continuePush', p.runId);
  return p;
}
