/**
 * Typed promise wrapper over google.script.run. The types come from the server's own list of
 * public functions, so renaming or changing a server function breaks this client's compile.
 */
import type { ServerFunctionName, ServerFunctions } from '../server/public-functions';
import type { Result } from '../server/serve';

/** The part of google.script.run we use (declared here: no dependency on @types/google.script.client). */
interface ScriptRun {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRun;
  withFailureHandler(handler: (error: unknown) => void): ScriptRun;
  [serverFunction: string]: (...args: never[]) => unknown;
}
declare const google: { script: { run: ScriptRun } } | undefined;

export type { ServerFunctionName };

/** Names of the server functions that answer with a Result (the sidebar API). */
export type ResultFunctionName = {
  [K in ServerFunctionName]: ReturnType<ServerFunctions[K]> extends Result<unknown> ? K : never;
}[ServerFunctionName];

/** The `value` of a successful Result. */
export type ResultValue<R> = R extends { ok: true; value: infer V } ? V : never;

/** A server call that failed: either google.script.run's failure handler or `{ok: false}`. */
export class ServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerError';
  }
}

/** The message of whatever a failure handler received (an Error in Apps Script; anything in a look-alike). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  const text = String(error ?? '').trim();
  return text || 'The server did not answer (no details given).';
}

function scriptRun(): ScriptRun {
  // Looked up at call time: the playground may install its look-alike after this script loads.
  if (typeof google === 'undefined' || !google || !google.script || !google.script.run) {
    throw new ServerError('google.script.run is not available: open this sidebar from the spreadsheet\u2019s Hub Sync menu.');
  }
  return google.script.run;
}

/** Calls a public server function; resolves with what it returns, rejects with a ServerError. */
export function call<K extends ServerFunctionName>(
  name: K,
  ...args: Parameters<ServerFunctions[K]>
): Promise<ReturnType<ServerFunctions[K]>> {
  return new Promise((resolve, reject) => {
    const runner = scriptRun()
      .withSuccessHandler((value) => resolve(value as ReturnType<ServerFunctions[K]>))
      .withFailureHandler((error) => reject(new ServerError(errorMessage(error))));
    const fn = runner[name];
    if (typeof fn !== 'function') {
      reject(new ServerError(`The server has no function ${String(name)}: reload the sidebar after updating the add-on.`));
      return;
    }
    (fn as (...a: unknown[]) => unknown).apply(runner, args);
  });
}

/** Unwraps a Result: its value, or a ServerError carrying the server's sentence. */
export function unwrap<T>(result: Result<T>): T {
  if (result && result.ok === true) return result.value;
  const error = result && result.ok === false ? result.error : '';
  throw new ServerError(error || 'The server answered with nothing usable.');
}

/** Calls a sidebar function and unwraps its Result. */
export async function callResult<K extends ResultFunctionName>(
  name: K,
  ...args: Parameters<ServerFunctions[K]>
): Promise<ResultValue<ReturnType<ServerFunctions[K]>>> {
  const result = (await call(name, ...args)) as unknown as Result<ResultValue<ReturnType<ServerFunctions[K]>>>;
  return unwrap(result);
}
