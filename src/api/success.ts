/**
 * What counts as success in the hub's answers: a whitelist of the documented values, compared as
 * whole words (case and surrounding spaces aside). hub-api §7: a propagation that succeeds
 * carries `status` `success` and `OK` per channel in `sites`; §3: the job status seen is
 * `Finalizado`. Anything else — "Not OK", "ok?", "successful?", an empty status — is a refusal,
 * shown with the hub's own words.
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

/** A job item finished successfully: only `Finalizado`. */
export function isJobItemSuccess(status: string | null | undefined): boolean {
  return word(status) === 'finalizado';
}
