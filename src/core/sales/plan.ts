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
import { saleEvents, saleKeyOf as key, type SaleWindow } from './events';
import { heldByGuard, type SaleGuard } from './guard';
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
  /** The price guard rail and who checked which values beyond it (absent: off). */
  guard?: SaleGuard;
}

/** How many times a start or an end is sent before the schedule says the hub does not confirm it and stops. */
export const MOST_TRIES = 3;

/**
 * The SKUs a run must read the hub for: the sales it may start, send a new sale price for, hand
 * over to the next row's window, send again or end. A sale going on as it was reads nothing.
 */
export function skusToRead(found: SheetWindows, kept: readonly KeptSale[], now: number, lastRun: number | null = null): string[] {
  const running = kept.filter((k) => !k.ending);
  const events = saleEvents(found.windows, running, now, lastRun);
  const skus = new Set<string>([...events.start.map((w) => w.sku), ...events.end.map((r) => r.sku)]);
  for (const { running: r, window: w } of [...events.reprice, ...events.moved])
    if (w.salePrice !== r.salePrice || w.row !== r.row) skus.add(r.sku);
  for (const k of kept) if (k.ending || (!k.confirmed && !k.left)) skus.add(k.sku);
  return [...skus];
}

/** The run being worked out: what it sends, keeps and says, and what the hub holds. */
class Run {
  readonly out: SalePlan = {
    only: new Map(),
    kept: [],
    said: new Map(),
    log: [],
    counts: { starts: 0, ends: 0, reprices: 0, missed: 0, left: 0, waiting: 0 },
  };
  constructor(readonly input: PlanInput) {}

  say(row: number, said: RowSaid): void {
    this.out.said.set(row, [...(this.out.said.get(row) ?? []), said]);
  }

  send(
    sku: string,
    channel: string,
    before: number | null,
    value: number,
    note: string,
    row: number | null,
    word: 'On sale' | 'Sale ended' = 'On sale',
  ): void {
    const values = this.out.only.get(sku) ?? {};
    values[`salePrice:${channel}`] = { before, value, note, word, ...(row !== null ? { row } : {}) };
    this.out.only.set(sku, values);
  }

  /** The hub's value now; undefined: not read (the SKU's read failed). */
  held(sku: string, field: string, channel: string): number | null | undefined {
    const values = this.input.hub.get(sku);
    if (values === undefined) return undefined;
    return values === null ? null : (values[`${field}:${channel}`] ?? null);
  }

  text(w: Pick<SaleWindow, 'channel' | 'salePrice' | 'window'>): string {
    return windowText(w, this.input.timeZone);
  }

  /** Whether the price guard rail holds the window's sale price against the hub's now; said on its row when it does. */
  guarded(w: SaleWindow, hubSale: number | null): boolean {
    const why = this.input.guard ? heldByGuard(w, hubSale, this.input.guard) : null;
    if (why === null) return false;
    this.say(w.row, { status: 'Scheduled', text: `Sale held: ${this.text(w)}: ${why}` });
    this.out.counts.waiting++;
    return true;
  }

  /** A sale starts: its sale price is sent, what the hub held before kept for its end. */
  start(w: SaleWindow, before: number | null, after?: { what: string; sent: number[] }): void {
    const follows = [after ? ` (after ${after.what})` : '', ...(this.input.found.notes.get(w.row) ?? []).map((n) => `; ${n}`)].join('');
    this.send(
      w.sku,
      w.channel,
      this.held(w.sku, 'salePrice', w.channel) ?? before,
      w.salePrice,
      `Sale start: ${this.text(w)}${follows}; it ends ${when(this.input, w.window.end)}`,
      w.row,
    );
    this.out.kept.push({
      tries: 1,
      sku: w.sku,
      channel: w.channel,
      salePrice: w.salePrice,
      sent: [...(after?.sent ?? []), w.salePrice],
      row: w.row,
      start: w.window.start,
      end: w.window.end,
      before,
      confirmed: false,
    });
    this.out.counts.starts++;
  }

  /** The sale price on the hub is one this sale sent (or, for a start not yet taken, still the one before it). */
  ours(r: KeptSale, now: number | null): boolean {
    return now !== null && (r.sent ?? [r.salePrice]).includes(now);
  }
}

/** The sale prices to send, the running sales to keep, and what to say. */
export function planSaleRun(input: PlanInput): SalePlan {
  const run = new Run(input);
  for (const [row, reasons] of input.found.refused)
    for (const text of reasons) run.say(row, { status: 'Error', text: `Sale not scheduled: ${text}` });
  const ending = input.kept.filter((k) => k.ending);
  const running = input.kept.filter((k) => !k.ending);
  const events = saleEvents(input.found.windows, running, input.now, input.lastRun);
  const busy = new Set(ending.map(key));
  for (const w of events.start) startWindow(run, w, busy.has(key(w)));
  for (const { running: r, window: w } of [...events.reprice, ...events.moved]) goOn(run, r, w);
  const moving = new Set([...events.reprice, ...events.moved].map((e) => key(e.running)));
  const ended = new Set(events.end.map(key));
  for (const r of running) if (!moving.has(key(r)) && !ended.has(key(r))) sendAgainIfNeeded(run, r);
  for (const r of [...events.end, ...ending]) endSale(run, r);
  for (const w of events.missed) {
    run.say(w.row, {
      status: 'Skipped',
      text: `Sale missed: ${run.text(w)} began and ended between two runs of the schedule: it was not started late`,
    });
    run.out.log.push(`${w.sku}: ${run.text(w)} was missed (not started late)`);
    run.out.counts.missed++;
  }
  for (const w of input.found.windows) {
    const own = run.out.kept.some((k) => sameSale(k, w) && k.row === w.row);
    if (w.window.start > input.now && !own && !run.out.said.has(w.row)) {
      const notes = input.found.notes.get(w.row) ?? [];
      run.say(w.row, {
        status: 'Scheduled',
        text: [`Scheduled: ${run.text(w)}; it starts ${when(input, w.window.start)}`, ...notes].join('; '),
      });
    }
  }
  return run.out;
}

/** A window in force with no sale running: it starts, unless the hub cannot be read for it or an end is still on its way. */
function startWindow(run: Run, w: SaleWindow, busy: boolean): void {
  const now = run.held(w.sku, 'salePrice', w.channel);
  if (busy || now === undefined) {
    run.say(w.row, {
      status: 'Scheduled',
      text: `Sale waits: ${run.text(w)}: the hub could not be read for it (or its last sale is still ending); tried again at the next run`,
    });
    run.out.counts.waiting++;
  } else if (run.input.hub.get(w.sku) === null) run.say(w.row, { status: 'Error', text: `Sale not started: ${w.sku} is not in the hub` });
  else if (!run.guarded(w, now)) run.start(w, now);
}

/**
 * A running sale whose window in force changed: the same window (the same row, or the row it moved
 * to with the same dates) with its sale price or dates edited — the sale goes on, a new sale price
 * sent when the hub still holds the sale's own (never over someone else's: then the sale leaves it)
 * and the guard rail lets it; or another row's window following straight on — the first sale ends
 * and the next starts from what the first would have put back (or, when the hub's sale price was
 * changed since, from that, the first saying so).
 */
function goOn(run: Run, r: KeptSale, w: SaleWindow): void {
  const sameWindow = w.row === r.row || (w.window.start === r.start && w.window.end === r.end);
  const now = run.held(r.sku, 'salePrice', r.channel);
  if (sameWindow) {
    const kept: KeptSale = { ...r, row: w.row, start: w.window.start, end: w.window.end };
    if (w.salePrice === r.salePrice || r.left) {
      run.out.kept.push(kept);
      return;
    }
    // A new sale price needs the hub read (the guard rail measures against it) and the sale's own value there.
    if (now === undefined) run.out.kept.push(kept);
    else if (!run.ours(r, now) && now !== r.before) {
      leave(run, r, now, w.row, undefined, 'Sale price change not sent');
      run.out.kept.push({ ...kept, left: 'changed' });
    } else if (run.guarded(w, now)) run.out.kept.push(kept);
    else {
      run.send(w.sku, w.channel, now, w.salePrice, `Sale price change: ${run.text(w)}`, w.row);
      run.out.counts.reprices++;
      run.out.kept.push({ ...kept, salePrice: w.salePrice, sent: [...(r.sent ?? [r.salePrice]), w.salePrice], confirmed: false, tries: 1 });
    }
    return;
  }
  if (now === undefined) {
    run.out.kept.push(r);
    return;
  }
  // The next window waits for its check: the first sale ends as any sale does.
  if (run.guarded(w, now)) {
    endSale(run, r);
    return;
  }
  const mine = run.ours(r, now) || now === r.before;
  if (!mine) leave(run, r, now, run.input.rowOf(r.sku, r.row));
  // The sale prices the first sale sent are this one's too, while the hub may still hold one of them.
  run.start(w, mine ? r.before : now, { what: `the sale of row ${r.row}`, sent: mine ? (r.sent ?? [r.salePrice]) : [] });
}

/** A sale whose start the hub did not confirm is sent again, unless the hub's sale price changed since (then it is left, and said). */
function sendAgainIfNeeded(run: Run, sale: KeptSale): void {
  const w = run.input.found.windows.find((x) => sameSale(x, sale) && x.window.start <= run.input.now && run.input.now < x.window.end);
  // Rows move (a sort, a row inserted above): the sale follows its window's row.
  const r = w ? { ...sale, row: w.row } : sale;
  if (r.confirmed || r.left || !w) {
    run.out.kept.push(r);
    return;
  }
  const now = run.held(r.sku, 'salePrice', r.channel);
  // A look that could not read the hub counts as a try too: it backs off, then says so.
  if (now === undefined && (r.tries ?? 1) >= MOST_TRIES) giveUp(run, r, w.row, `the hub could not be read for ${r.sku}`);
  else if (now === undefined) run.out.kept.push({ ...r, tries: (r.tries ?? 1) + 1 });
  else if (now !== r.before && !run.ours(r, now)) {
    // A colleague's sale price since: the sale lets it be until its end (never sent again over it).
    leave(run, r, now, w.row, undefined, 'Sale left');
    run.out.kept.push({ ...r, left: 'changed' });
  } else if ((r.tries ?? 1) >= MOST_TRIES)
    giveUp(run, r, w.row, `the hub did not confirm sale price ${plainDecimal(r.salePrice)} on ${r.channel}`);
  else {
    run.send(
      r.sku,
      r.channel,
      now,
      r.salePrice,
      `Sale start (try ${(r.tries ?? 1) + 1}): ${run.text(w)}; it ends ${when(run.input, r.end)}`,
      w.row,
    );
    run.out.kept.push({ ...r, tries: (r.tries ?? 1) + 1 });
  }
}

/** A start tried MOST_TRIES times: said, and not sent again (its end still puts back what was there if the hub took it). */
function giveUp(run: Run, r: KeptSale, row: number, what: string): void {
  const why = `${what} after ${MOST_TRIES} tries: check the SKU's listing on ${r.channel}; the sale is not sent again (its end still puts back what was there, if the hub took it)`;
  run.say(row, { status: 'Skipped', text: `Sale not confirmed: ${why}` });
  run.out.log.push(`the sale of ${r.sku} on ${r.channel}: ${why}`);
  run.out.kept.push({ ...r, left: 'unconfirmed' });
}

/** The hub's sale price changed since the sale sent its own: the sale lets it be, and says so. */
function leave(
  run: Run,
  r: KeptSale,
  now: number | null,
  row: number | null,
  what = `the sale of ${r.sku} on ${r.channel} (sale price ${plainDecimal(r.salePrice)})`,
  headline = 'Sale ended, nothing put back',
): void {
  const why = `the hub's sale price is ${now === null ? 'empty' : plainDecimal(now)} now, not the ${plainDecimal(r.salePrice)} the sale set: it was changed since, so it is left as it is (the ${r.before === null ? 'price' : plainDecimal(r.before)} from before the sale is not put back)`;
  if (row !== null) run.say(row, { status: 'Skipped', text: `${headline}: ${why}` });
  run.out.log.push(`${what}: ${why}`);
  run.out.counts.left++;
}

/** `at 2026-12-03 00:00, within a minute of it (…)`. */
function when(input: Pick<PlanInput, 'timeZone' | 'when'>, at: number): string {
  return `at ${localDateTime(at, input.timeZone)}, ${input.when}`;
}

/** A running sale's end: what the hub held before comes back, unless its sale price changed since. */
function endSale(run: Run, r: KeptSale): void {
  const { input, out } = run;
  const values = input.hub.get(r.sku);
  const row = input.rowOf(r.sku, r.row);
  const what = `the sale of ${r.sku} on ${r.channel} (sale price ${plainDecimal(r.salePrice)}, ended ${localDateTime(Math.min(r.end, input.now), input.timeZone)})`;
  if (values === undefined) {
    // Tried again at the next look (an unconfirmed end backs off with its tries; a run that could not read the hub is reported).
    out.kept.push(r.ending ? { ...r, tries: (r.tries ?? 1) + 1 } : r);
    out.log.push(`${what}: the hub could not be read; its end is tried again at the next run`);
    return;
  }
  const now = values?.[`salePrice:${r.channel}`] ?? null;
  // Left to a colleague's sale price during the sale (said then): nothing to put back now.
  if (r.left === 'changed') return;
  // The hub cannot remove a sale price (hub-api §2.2): with none before, the price itself is put in, which is no discount.
  const restore = r.before ?? values?.[`price:${r.channel}`] ?? null;
  if (restore !== null && now === restore) return; // back already (an earlier end the hub confirmed late, or a start it never took)
  if (now === null && r.before === null) return; // the start never reached the hub: nothing to take away
  if (!run.ours(r, now)) {
    leave(run, r, now, row, what);
    return;
  }
  // An end the hub did not confirm, sent MOST_TRIES times while it still holds the sale's price: said, and let go.
  if (r.ending && (r.tries ?? 1) >= MOST_TRIES) {
    const why = `the hub did not confirm ${plainDecimal(r.ending.restore)} put back after ${MOST_TRIES} tries: it still holds the sale price ${plainDecimal(now ?? r.salePrice)}; end the sale on ${r.channel} itself`;
    if (row !== null) run.say(row, { status: 'Skipped', text: `Sale end not confirmed: ${why}` });
    out.log.push(`${what}: ${why}`);
    out.counts.left++;
    return;
  }
  if (restore === null) {
    const why = `the hub held no sale price before it and now holds no price on ${r.channel} to put in instead (its interface cannot remove a sale price): end the sale in ${r.channel} itself`;
    if (row !== null) run.say(row, { status: 'Skipped', text: `Sale ended, nothing put back: ${why}` });
    out.log.push(`${what}: ${why}`);
    out.counts.left++;
    return;
  }
  if (row === null) {
    // Said once: the schedule looks again hourly, and ends it as soon as a row of the SKU is back.
    if (!r.orphan)
      out.log.push(
        `${what}: its row (SKU ${r.sku}) is no longer in the sheet, so nothing can be sent for it; put the row back (its SKU is enough) and the sale ends at the next run`,
      );
    out.kept.push({ ...r, orphan: true });
    return;
  }
  const note =
    r.before === null
      ? `Sale end: the hub held no sale price before it and cannot remove one, so the sale price is set to the price ${plainDecimal(restore)} (no discount)`
      : `Sale end: the sale price ${plainDecimal(restore)} from before the sale is back`;
  run.send(r.sku, r.channel, now, restore, note, row, 'Sale ended');
  out.kept.push({ ...r, ending: { restore, at: input.now }, tries: r.ending ? (r.tries ?? 1) + 1 : 1 });
  out.counts.ends++;
}
