/**
 * The look of contrary answers: status words in another case, refusals that a sloppy client
 * could take for success, made-up ids, stand-in products and echoes that differ from what was
 * sent.
 */
import type { AnswerPlan } from './answer-faults';
import type { HubState } from './state';
import type { ProductRec } from './types';

/** The documented success status (§7) and message of the stock/price writes. */
export const SUCCESS = 'success';
export const OK_MSG = 'Se solicitó la actualización';

/**
 * Non-success statuses that look friendly: each contains "ok" or "success" or reads as a
 * partial success, and none is `success` once trimmed and lower-cased.
 */
export const REFUSAL_WORDS = ['Not OK', 'error', 'ok?', 'okay', 'Éxito parcial', 'successful?', 'unsuccessful', 'success: false'] as const;

/** Messages of a refused item: they read like a success, the status says otherwise. */
export const REFUSAL_MSGS = ['OK', OK_MSG, 'Actualización recibida'] as const;

/** A status in another case or with a space around it: `Success`, `SUCCESS`, `success `, ` success`. */
export function statusVariant(plan: AnswerPlan, status: string): string {
  const capitalised = status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();
  const variants = [capitalised, status.toUpperCase(), `${status} `, ` ${status}`].filter((v) => v !== status);
  return plan.choose(variants);
}

/** `finalizado`, `FINALIZADO `, … for a job item that really is finished. */
export function jobStatusVariant(plan: AnswerPlan, status: string): string {
  const variants = [status.toLowerCase(), status.toUpperCase(), `${status.toUpperCase()} `, ` ${status}`].filter((v) => v !== status);
  return plan.choose(variants);
}

/** `<msg> (Authorization: Bearer <token>; Content-Type: …)`: the request's headers leaked into a message. */
export const withHeaders = (plan: AnswerPlan, msg: string): string => `${msg} (${plan.headerText})`;

/** A made-up id (`GHOST-7Q2K9X`) that `taken` says is not in use. */
export function ghostId(plan: AnswerPlan, prefix: string, taken: (id: string) => boolean): string {
  for (;;) {
    let id = prefix;
    for (let i = 0; i < 6; i++) id += plan.choose('ABCDEFGHJKLMNPQRSTUVWXYZ23456789'.split(''));
    if (!taken(id)) return id;
  }
}

/** A quantity echo that differs from the one sent: +1, or -1 when that stays ≥ 0. */
export function wrongQuantity(plan: AnswerPlan, quantity: number): number {
  return quantity >= 1 && plan.coin() ? quantity - 1 : quantity + 1;
}

/** A price echo that differs from the one sent: ×1.1 (2 decimals) or +1. */
export function wrongPrice(plan: AnswerPlan, price: number): number {
  const scaled = Math.round(price * 1.1 * 100) / 100;
  return plan.coin() && scaled !== price ? scaled : Math.round((price + 1) * 100) / 100;
}

/** `a: OK, b: OK`: the sites text of a friendly-looking answer for those channels. */
export const okSites = (channels: readonly string[]): string => channels.map((ch) => `${ch}: OK`).join(', ');

/** Whether an outcome is the documented plain success: `success`, every site `OK`. */
export function isPlainSuccess(status: string, sites: string): boolean {
  return status === SUCCESS && (sites === '' || sites.split(', ').every((part) => /^[^:]+: OK$/.test(part)));
}

/** A random product of the hub that `ok` accepts (a few tries), or null: a stand-in for another SKU. */
export function someProduct(plan: AnswerPlan, st: HubState, ok: (p: ProductRec) => boolean): ProductRec | null {
  if (st.products.length === 0) return null;
  for (let i = 0; i < 20; i++) {
    const p = st.products[plan.int(0, st.products.length - 1)];
    if (ok(p)) return p;
  }
  return null;
}
