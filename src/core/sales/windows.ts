/**
 * The sale windows the stock sheet holds now: each row with `Sale start` and `Sale end`, its sale
 * prices planned as a by-channel push plans them (the same meaning of the cell, the per-channel
 * rules, the default channels for plain columns), one window per channel it reaches. A row whose
 * window or sale price cannot be used, or whose window overlaps another of its SKU and channel, is
 * refused with its reason and starts nothing. Pure over the loaded sheet.
 */
import { EMPTY, plainDecimal, splitValueKey, type ParsedRow } from '../../sheet';
import { localDateTime } from '../kernel/time';
import type { LoadedSheet } from '../pipeline/load';
import { planFor } from '../pipeline/parts';
import type { SaleWindow } from './events';
import { overlappingWindows } from './overlap';
import { readWindow } from './window';

/** Where a sale runs now (store.ts KeptSale): its SKU and row. */
export interface RunningRow {
  sku: string;
  row: number;
  start: number;
  end: number;
}

export interface SheetWindows {
  /** Every window in force or to come or past, of the rows not refused. */
  windows: SaleWindow[];
  /** Row → why its scheduled sale is refused. */
  refused: Map<number, string[]>;
  /** Row → what was read differently than written (an hour that comes twice). */
  notes: Map<number, string[]>;
  /** Rows with a scheduled sale (refused or not). */
  rows: number;
}

/**
 * The row with its sale prices only, as its cells hold them (a push holds them back:
 * scheduled-sale.ts): what a by-channel push of them alone would send — the row's other cells
 * (a plain Quantity with no channel, a bad Price) are no business of its sale.
 */
function withSalePrices(row: ParsedRow): ParsedRow {
  const scheduled = row.scheduled;
  if (!scheduled) return row;
  const perChannel: ParsedRow['perChannel'] = {};
  for (const channel of Object.keys(row.perChannel)) perChannel[channel] = {};
  for (const [channel, reading] of Object.entries(scheduled.salePrices)) if (channel !== '') perChannel[channel] = { salePrice: reading };
  const cells = {
    ...row.cells,
    quantity: EMPTY,
    price: EMPTY,
    publishingPrice: EMPTY,
    availableDays: EMPTY,
    salePrice: scheduled.salePrices[''] ?? EMPTY,
  };
  // A SKU on two rows is refused by sheetWindows itself (a running sale keeps its row).
  return { ...row, duplicate: null, problems: [], cells, perChannel };
}

/** A row's sale prices by channel, as a by-channel push would send them; or why there are none. */
function salePricesOf(loaded: LoadedSheet, row: ParsedRow): Map<string, number> | string {
  if (Object.keys(row.scheduled?.salePrices ?? {}).length === 0)
    return 'Sale start and Sale end are set but the row has no sale price: write a Sale price (or Sale price [channel]) to schedule';
  const unreadable = Object.values(row.scheduled?.salePrices ?? {}).find((r) => r.kind === 'error');
  if (unreadable?.kind === 'error') return unreadable.reason;
  const plan = planFor('byChannel', withSalePrices(row), loaded.table.columns, row.sku ? loaded.confirmed.get(row.sku) : undefined, false);
  if (!plan) return 'the row sends nothing by channel';
  if (!plan.send) return plan.reason;
  const out = new Map<string, number>();
  for (const part of plan.parts)
    for (const [key, value] of Object.entries(part.values)) {
      const { field, channel } = splitValueKey(key);
      if (field === 'salePrice' && channel) out.set(channel, value);
    }
  return out.size > 0
    ? out
    : 'its sale price reaches no channel: set Default channels for plain columns (Settings), or use Sale price [channel]';
}

/** The windows of the loaded sheet, in the spreadsheet's time zone. */
export function sheetWindows(loaded: LoadedSheet, timeZone: string, running: readonly RunningRow[] = []): SheetWindows {
  const out: SheetWindows = { windows: [], refused: new Map(), notes: new Map(), rows: 0 };
  const refuse = (row: number, reason: string): void => {
    out.refused.set(row, [...(out.refused.get(row) ?? []), reason]);
  };
  const duplicates = new Map<number, ParsedRow>();
  for (const row of loaded.table.rows) {
    if (!row.scheduled || row.blank || row.skipped !== null) continue;
    out.rows++;
    const read = readWindow(row.scheduled.start ?? undefined, row.scheduled.end ?? undefined, timeZone);
    if (read.kind !== 'window') {
      if (read.kind === 'refused') refuse(row.rowNumber, read.reason);
      continue;
    }
    if (!row.sku) {
      refuse(row.rowNumber, 'a scheduled sale needs the row\u2019s SKU');
      continue;
    }
    const prices = salePricesOf(loaded, row);
    if (typeof prices === 'string') {
      refuse(row.rowNumber, prices);
      continue;
    }
    if (row.duplicate) duplicates.set(row.rowNumber, row);
    if (read.window.notes.length > 0) out.notes.set(row.rowNumber, read.window.notes);
    for (const [channel, salePrice] of prices)
      out.windows.push({ row: row.rowNumber, sku: row.sku, channel, window: read.window, salePrice });
  }
  // One row per SKU, as for a push; a sale already running keeps its row (found by SKU: rows move).
  const overlaps = overlappingWindows(out.windows, timeZone);
  const rowsOf = new Map<string, Set<number>>();
  for (const w of out.windows) rowsOf.set(w.sku, (rowsOf.get(w.sku) ?? new Set()).add(w.row));
  for (const [sku, rows] of rowsOf) {
    if (rows.size === 1 && ![...rows].some((r) => duplicates.has(r))) continue;
    const incumbent = incumbentRow(sku, rows, running, out.windows);
    for (const row of rows) {
      if (row === incumbent || out.refused.has(row)) continue;
      if (incumbent !== null)
        refuse(
          row,
          `${sku} is also on row ${incumbent}, whose sale is running: one row per SKU (put the next sale\u2019s dates in row ${incumbent} once it ends)`,
        );
      else if (overlaps.has(row)) for (const reason of overlaps.get(row) ?? []) refuse(row, reason);
      else refuse(row, duplicates.get(row)?.duplicate?.reason ?? 'the SKU is on another row too: one row per SKU');
    }
  }
  out.windows = out.windows.filter((w) => !out.refused.has(w.row));
  return out;
}

/** `Sale price 25 on amazon from 2026-12-01 09:00 to 2026-12-03 00:00`. */
export function windowText(w: Pick<SaleWindow, 'channel' | 'salePrice' | 'window'>, timeZone: string): string {
  return `sale price ${plainDecimal(w.salePrice)} on ${w.channel} from ${localDateTime(w.window.start, timeZone)} to ${localDateTime(w.window.end, timeZone)}`;
}

/** The row of a SKU whose sale runs: the one it was started from when that still holds the SKU, else one with its dates. */
function incumbentRow(
  sku: string,
  rows: ReadonlySet<number>,
  running: readonly RunningRow[],
  windows: readonly SaleWindow[],
): number | null {
  const sale = running.find((r) => r.sku === sku);
  if (!sale) return null;
  if (rows.has(sale.row)) return sale.row;
  const same = windows.find((w) => w.sku === sku && w.window.start === sale.start && w.window.end === sale.end);
  return same?.row ?? null;
}
