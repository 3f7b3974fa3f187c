/**
 * One run of the sale schedule, worked out: from the windows the sheet holds, the sales started
 * before and what the hub holds now, the sale prices to send (each with what the hub held before
 * it, for the change ledger), the running sales to keep, and what to say where nothing is sent.
 * A sale's end puts back what the hub held before its start, unless the hub's sale price changed
 * since (then it is left, and said). Pure.
 */
import { plainDecimal } from '../../sheet';
import { localDateTime } from '../kernel/time';
import type { HubNow } from '../pipeline/dry-run/diff';
import type { OnlyRows } from '../pipeline/limit';
import { saleEvents, type SaleWindow } from './events';
import { sameSale, type KeptSale } from './store';
import { windowText, type SheetWindows } from './windows';

/** What a run says about a row it sends nothing for: a row refused, a sale missed or left, a sale waiting. */
export interface RowSaid {
  status: 'Error' | 'Skipped' | 'Scheduled';
  text: string;
}

export interface SalePlan {
  only: OnlyRows;
  kept: KeptSale[];
  said: Map<number, RowSaid[]>;
  /** Lines for the Log (what was missed, left, or could not be done). */
  log: string[];
  counts: { starts: number; ends: number; reprices: number; missed: number; left: number; waiting: number };
}

export interface PlanInput {
  found: SheetWindows;
  kept: readonly KeptSale[];
  hub: HubNow;
  now: number;
  lastRun: number | null;
  timeZone: string;
  /** `within a minute of each time (…)`: how soon the schedule acts, as the deployment allows. */
  when: string;
  /** The sheet's row of a SKU now: `own` when it still holds it, else another row of it, else null (gone). */
  rowOf: (sku: string, own: number) => number | null;
}

const key = (s: { sku: string; channel: string }): string => `${s.sku}\u0000${s.channel}`;

/** The SKUs a run must read the hub for: the sales it may start, move to another price, or end. */
export function skusToRead(found: SheetWindows, kept: readonly KeptSale[], now: number): string[] {
  const skus = new Set<string>();
  for (const w of found.windows) if (w.window.start <= now && now < w.window.end) skus.add(w.sku);
  for (const k of kept) skus.add(k.sku);
  return [...skus];
}

/** The sale prices to send, the running sales to keep, and what to say. */
export function planSaleRun(input: PlanInput): SalePlan {
  const { found, now, timeZone: zone, hub } = input;
  const out: SalePlan = {
    only: new Map(),
    kept: [],
    said: new Map(),
    log: [],
    counts: { starts: 0, ends: 0, reprices: 0, missed: 0, left: 0, waiting: 0 },
  };
  const say = (row: number, said: RowSaid): void => {
    out.said.set(row, [...(out.said.get(row) ?? []), said]);
  };
  const send = (sku: string, channel: string, before: number | null, value: number, note: string, row: number | null): void => {
    const values = out.only.get(sku) ?? {};
    values[`salePrice:${channel}`] = { before, value, note, ...(row !== null ? { row } : {}) };
    out.only.set(sku, values);
  };
  const held = (sku: string, field: string, channel: string): number | null | undefined => {
    const values = hub.get(sku);
    if (values === undefined) return undefined;
    return values === null ? null : (values[`${field}:${channel}`] ?? null);
  };
  for (const [row, reasons] of found.refused) for (const text of reasons) say(row, { status: 'Error', text: `Sale not scheduled: ${text}` });

  const ending = input.kept.filter((k) => k.ending);
  const running = input.kept.filter((k) => !k.ending);
  const events = saleEvents(found.windows, running, now, input.lastRun);
  const busy = new Set(ending.map(key));

  const start = (w: SaleWindow, before: number | null): void => {
    send(w.sku, w.channel, before, w.salePrice, `Sale started: ${windowText(w, zone)}; it ends ${when(input, w.window.end)}`, w.row);
    out.kept.push({ sku: w.sku, channel: w.channel, salePrice: w.salePrice, row: w.row, start: w.window.start, end: w.window.end, before, confirmed: false });
  };
  for (const w of events.start) {
    const now = held(w.sku, 'salePrice', w.channel);
    if (busy.has(key(w)) || now === undefined) {
      say(w.row, { status: 'Scheduled', text: `Sale waits: ${windowText(w, zone)}: the hub could not be read for it (or its last sale is still ending); tried again at the next run` });
      out.counts.waiting++;
    } else if (hub.get(w.sku) === null) {
      say(w.row, { status: 'Error', text: `Sale not started: ${w.sku} is not in the hub` });
    } else {
      start(w, now);
      out.counts.starts++;
    }
  }
  for (const { running: r, window: w } of events.reprice) {
    send(w.sku, w.channel, held(w.sku, 'salePrice', w.channel) ?? null, w.salePrice, `Sale price changed during the sale: ${windowText(w, zone)}`, w.row);
    out.kept.push({ ...r, salePrice: w.salePrice, start: w.window.start, end: w.window.end, row: w.row, confirmed: false });
    out.counts.reprices++;
  }
  for (const { running: r, window: w } of events.moved) out.kept.push({ ...r, start: w.window.start, end: w.window.end, row: w.row });
  // Started, but the hub did not confirm it: sent again while its window is in force (before stays the first read).
  const moving = new Set([...events.reprice, ...events.moved].map((e) => key(e.running)));
  const ended = new Set(events.end.map(key));
  for (const r of running) {
    if (moving.has(key(r)) || ended.has(key(r))) continue;
    const w = found.windows.find((x) => sameSale(x, r) && x.window.start <= now && now < x.window.end);
    if (!r.confirmed && w)
      send(r.sku, r.channel, held(r.sku, 'salePrice', r.channel) ?? null, r.salePrice, `Sale started: ${windowText(w, zone)}; it ends ${when(input, r.end)}`, w.row);
    out.kept.push(r);
  }
  for (const r of [...events.end, ...ending]) endSale(input, out, r, say, send);
  for (const w of events.missed) {
    say(w.row, { status: 'Skipped', text: `Sale missed: ${windowText(w, zone)} began and ended between two runs of the schedule: it was not started late` });
    out.log.push(`${w.sku}: ${windowText(w, zone)} was missed (not started late)`);
    out.counts.missed++;
  }
  const started = new Set([...out.kept.map(key)]);
  for (const w of found.windows)
    if (w.window.start > now && !started.has(key(w)) && !out.said.has(w.row))
      say(w.row, { status: 'Scheduled', text: `Scheduled: ${windowText(w, zone)}; it starts ${when(input, w.window.start)}` });
  return out;
}

/** `at 2026-12-03 00:00, within a minute of it (…)`. */
function when(input: Pick<PlanInput, 'timeZone' | 'when'>, at: number): string {
  return `at ${localDateTime(at, input.timeZone)}, ${input.when}`;
}

/** A running sale's end: what the hub held before comes back, unless its sale price changed since. */
function endSale(
  input: PlanInput,
  out: SalePlan,
  r: KeptSale,
  say: (row: number, said: RowSaid) => void,
  send: (sku: string, channel: string, before: number | null, value: number, note: string, row: number | null) => void,
): void {
  const zone = input.timeZone;
  const values = input.hub.get(r.sku);
  const row = input.rowOf(r.sku, r.row);
  const what = `the sale of ${r.sku} on ${r.channel} (sale price ${plainDecimal(r.salePrice)}, ended ${localDateTime(Math.min(r.end, input.now), zone)})`;
  if (values === undefined) {
    out.kept.push(r);
    out.log.push(`${what}: the hub could not be read; its end is tried again at the next run`);
    return;
  }
  const now = values?.[`salePrice:${r.channel}`] ?? null;
  // The hub cannot remove a sale price (hub-api §2.2): with none before, the price itself is put in, which is no discount.
  const restore = r.before ?? values?.[`price:${r.channel}`] ?? null;
  if (restore !== null && now === restore) return; // back already (an earlier end the hub confirmed late)
  if (now !== r.salePrice || restore === null) {
    const why =
      restore === null
        ? `the hub held no sale price before it and now holds no price on ${r.channel} to put in instead (its interface cannot remove a sale price): end the sale in ${r.channel} itself`
        : `the hub's sale price is ${now === null ? 'empty' : plainDecimal(now)} now, not the ${plainDecimal(r.salePrice)} the sale set: it was changed since, so it is left as it is (the ${r.before === null ? 'price' : plainDecimal(r.before)} from before the sale is not put back)`;
    if (row !== null) say(row, { status: 'Skipped', text: `Sale ended, nothing put back: ${why}` });
    out.log.push(`${what}: ${why}`);
    out.counts.left++;
    return;
  }
  const note =
    r.before === null
      ? `Sale ended: the hub held no sale price before it and cannot remove one, so the sale price is set to the price ${plainDecimal(restore)} (no discount)`
      : `Sale ended: the sale price ${plainDecimal(restore)} from before the sale is back`;
  if (row === null) {
    out.kept.push(r);
    out.log.push(`${what}: its row (SKU ${r.sku}) is no longer in the sheet, so nothing can be sent for it; put the row back (its SKU is enough) and the sale ends at the next run`);
    return;
  }
  send(r.sku, r.channel, now, restore, note, row);
  out.kept.push({ ...r, ending: { restore, at: input.now } });
  out.counts.ends++;
}
