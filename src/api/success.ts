/**
 * What counts as success in the hub's answers, for every endpoint: a whitelist of the documented
 * values, compared as whole words (case and surrounding spaces aside), and a message that does not
 * speak of a failure. hub-api §7: a propagation that succeeds carries `status` `success`, a `msg`
 * that says an update was requested, and `OK` per channel in `sites`; §3: the job status seen is
 * `Finalizado`. Anything else — "Not OK", "ok?", "successful?", an empty status, or a success word
 * next to "Producto no encontrado" — is a refusal, shown with the hub's own words.
 */
const word = (value: string | null | undefined): string => (value ?? '').trim().toLowerCase();

/** `status` (or `result`) of a stock/price answer: only `success`. */
export function isSuccessStatus(status: string | null | undefined): boolean {
  return word(status) === 'success';
}

/** One channel's outcome in `sites`: only `OK`. */
export function isSiteOk(outcome: string | null | undefined): boolean {
  return word(outcome) === 'ok';
}

/** A job item's status is the finished word: only `Finalizado` (final, but a success only with {@link isSuccessAnswer}). */
export function isJobItemSuccess(status: string | null | undefined): boolean {
  return word(status) === 'finalizado';
}

/**
 * Words of a message that speaks of a failure. The hub may pair its success word with one (an
 * unknown SKU answered `success` or `Finalizado` + "Producto no encontrado"): the item is then an
 * error, in the hub's words, never an OK. The hub's own success wordings ("Se solicitó la
 * actualización", "Precio guardado; la publicación … no está activa", "Se creó la tarea N con M
 * productos") carry none of them.
 */
const FAILURE_WORDS =
  /no encontrad|not found|\berror|errores|fall[oóa]|failed|failure|fail\b|inv[aá]lid|rechazad|rejected|denied|denegad|no se pudo|could not|cannot|can't|unable|no v[aá]lid/i;

/** True when a message speaks of a failure. */
export function saysFailure(message: string | null | undefined): boolean {
  return FAILURE_WORDS.test(message ?? '');
}

/** The success word of each kind of answer: a stock/price write's `status`/`result`, a job item's `status`. */
export type AnswerKind = 'write' | 'job';

/**
 * The one success classification of an item's answer: its status is the success word of its kind
 * and its message does not speak of a failure.
 */
export function isSuccessAnswer(kind: AnswerKind, status: string | null | undefined, message: string | null | undefined): boolean {
  const statusOk = kind === 'write' ? isSuccessStatus(status) : isJobItemSuccess(status);
  return statusOk && !saysFailure(message);
}
