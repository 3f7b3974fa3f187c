/** Reading public server functions' results in tests (typed by their declared results: env.call). */
import type { Result } from '../../src/server/serve';

/** A sidebar function's result: the server's own Result. */
export type R<T> = Result<T>;

/** A server function's value, typed by its declared result (env.call), or its error thrown. */
export function unwrap<T>(r: R<T>): T;
/** The same for an untyped result (rt.call), read as `T`. */
export function unwrap<T>(r: unknown): T;
export function unwrap<T>(r: unknown): T {
  const result = r as R<T>;
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** A typed result read as the tests that check `ok` first read it: value and error both optional (no cast: any result is one). */
export function loose<T>(r: R<T>): { ok: boolean; value?: T; error?: string } {
  return r;
}
