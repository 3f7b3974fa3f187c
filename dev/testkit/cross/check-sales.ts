/**
 * (f) Scheduled sales: a sale that ends — leaves the add-on's list of running sales during a step —
 * put back exactly what the hub held before its start (its price on the channel when it held no
 * sale price), confirmed by the hub and recorded in the change ledger as the schedule's; or the Log
 * or its row says why not (the hub's sale price changed since, nothing to put back, the hub did not
 * confirm the end after three tries); or the hub
 * already holds that value. An end is never sent over a sale price the sale did not set, and the
 * schedule sends nothing but a sale's own sale prices and what was there before it.
 */
import type { Runtime } from '../../gas-runtime';
import { LEDGER_HEADER, LEDGER_SHEET } from '../../../src/core/pipeline/ledger/store';
import { SALES_SHEET, type KeptSale } from '../../../src/core/sales/store';
import { keyOf } from './hub-values';
import type { StepRecord } from './ledger';
import { STOCK_SHEET } from './world';

const RECORDS = LEDGER_HEADER.indexOf('Records');
/** What a row or the Log says when an end puts nothing back: changed since, nothing to put back, or the hub never confirmed it (three tries). */
const WHY_NOT = /changed since|nothing put back|did not confirm/;

const saleKey = (s: { sku: string; channel: string }): string => `${s.sku}|${s.channel}`;

function readKept(rt: Runtime): Map<string, KeptSale> {
  const out = new Map<string, KeptSale>();
  if (!rt.sheetNames().includes(SALES_SHEET)) return out;
  for (const row of rt.sheet(SALES_SHEET).values().slice(1)) {
    const text = String(row[0] ?? '');
    if (!text) continue;
    for (const k of JSON.parse(text) as KeptSale[]) out.set(saleKey(k), k);
  }
  return out;
}

/** The schedule's ledger records: [sku, channel, sent, answer]. */
function scheduleRecords(rt: Runtime): Array<[string, string, number, string]> {
  if (!rt.sheetNames().includes(LEDGER_SHEET)) return [];
  return rt
    .sheet(LEDGER_SHEET)
    .values()
    .slice(1)
    .flatMap((r) => (String(r[RECORDS] ?? '') ? (JSON.parse(String(r[RECORDS])) as unknown[][]) : []))
    .filter((v) => v[7] === 'schedule')
    .map((v) => [String(v[0]), String(v[1]), Number(v[5]), String(v[6])]);
}

/** Whether the Log (since `from`) or the SKU's row says why a sale's end put nothing back. */
function saidWhyNot(rt: Runtime, k: KeptSale, from: number): boolean {
  const log = rt.sheetNames().includes('Log') ? rt.sheet('Log').values() : [];
  const logSays = log.some((r) => {
    const at = r[0] instanceof Date ? r[0].getTime() : 0;
    const text = String(r[9] ?? '');
    return at >= from - 60_000 && text.includes(`the sale of ${k.sku} on ${k.channel}`) && WHY_NOT.test(text);
  });
  if (logSays) return true;
  const values = rt.sheet(STOCK_SHEET).values();
  const header = (values[0] ?? []).map(String);
  const [sku, message] = [header.indexOf('SKU'), header.indexOf('Sync message')];
  return values.some((r) => String(r[sku] ?? '').trim() === k.sku && WHY_NOT.test(String(r[message] ?? '')));
}

export class SaleWatch {
  private kept = new Map<string, KeptSale>();
  private records = 0;

  check(rt: Runtime, r: StepRecord): { violations: string[]; checked: number } {
    const now = readKept(rt);
    const records = scheduleRecords(rt);
    const fresh = records.slice(this.records);
    const violations: string[] = [];
    let checked = 0;
    for (const [key, k] of this.kept) {
      if (now.has(key)) continue;
      checked++;
      const price = [r.hubBefore, r.hubAfter].map((h) => h.get(keyOf(k.sku, 'price', k.channel)));
      const restore = k.before !== null ? [k.before] : price.filter((p): p is number => p !== undefined);
      const hubKey = keyOf(k.sku, 'salePrice', k.channel);
      const end = fresh.find(
        ([sku, channel, sent, answer]) => sku === k.sku && channel === k.channel && answer === 'OK' && restore.includes(sent),
      );
      const back = restore.includes(r.hubAfter.get(hubKey) as number);
      if (end) {
        const held = r.hubBefore.get(hubKey);
        const ours = [...(k.sent ?? []), k.salePrice, ...restore];
        if (held !== undefined && !ours.includes(held))
          violations.push(`the end of the sale of ${key} put back ${end[2]} over ${held}, a sale price it did not set`);
      } else if (!back && !saidWhyNot(rt, k, r.from))
        violations.push(
          `the sale of ${key} ended (before it: ${k.before ?? 'no sale price'}) with nothing put back, the hub holding ${r.hubAfter.get(hubKey) ?? 'none'}, and nothing said`,
        );
    }
    // Every value the schedule sent in the step is a sale price of its sale, or what was there before it.
    for (const [sku, channel, sent] of fresh) {
      const key = saleKey({ sku, channel });
      const sales = [this.kept.get(key), now.get(key)].filter((k): k is KeptSale => k !== undefined);
      const price = [r.hubBefore, r.hubAfter].map((h) => h.get(keyOf(sku, 'price', channel)));
      const allowed = new Set<number | undefined>(
        sales.flatMap((k) => [...(k.sent ?? []), k.salePrice, k.before ?? undefined, ...(k.before === null ? price : [])]),
      );
      checked++;
      if (sales.length > 0 && !allowed.has(sent))
        violations.push(`the sale schedule sent ${sent} for ${key}: neither a sale price of its sale nor what was there before it`);
    }
    this.kept = now;
    this.records = records.length;
    return { violations, checked };
  }
}
