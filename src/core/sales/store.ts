/**
 * The sale schedule as kept: who runs it (the editor who last pressed Schedule sale prices; their
 * trigger does the work), which stock sheet, when it last looked — one document property — and the
 * sales it started, each with what the hub held before (what its end puts back), packed in a hidden
 * sheet (hundreds of running sales do not fit a 9 KB property).
 */
import type { CellValue } from '../../sheet/cell-types';
import type { KeyValueStore, Workbook } from '../kernel/ports';
import { packJson, unpackJson } from '../kernel/packed';
import type { RunningSale } from './events';

export const SALES_SHEET = 'Hub Sync sales';
const HEADER = ['Running sales (kept by Hub Sync: do not edit)'];
const KEY = 'sales.schedule';

/** Who runs the schedule, and where. */
export interface SaleSchedule {
  ownerKey: string;
  /** Their e-mail ('' when Google did not say). */
  owner: string;
  /** The stock sheet the windows are read from. */
  sheet: string;
  /** When a run last looked at the windows (a window over since then was missed). */
  lastRun: number | null;
  /** When the next start or end is due (null: none). */
  nextAt: number | null;
  /** Since when a start or end was due and no run could do it (busy, failing): the stale alert's clock. */
  dueSince?: number;
  /** Values beyond the price guard rail (guard.ts checkKey) and the user keys of who checked each. */
  checked?: Array<[string, string[]]>;
}

/**
 * A sale the schedule started. `confirmed`: the hub confirmed its sale price (an unconfirmed one is
 * sent again while its window is in force); `ending`: its end was sent, putting back `restore` —
 * kept until the hub confirms that, so that a failed end is tried again.
 */
export interface KeptSale extends RunningSale {
  row: number;
  /** Every sale price this sale sent (its start's, then any changed during it): the hub holding one of them is the sale's own doing. */
  sent?: number[];
  confirmed: boolean;
  ending?: { restore: number; at: number };
  /** Times its last value (start, changed sale price or end) was sent. */
  tries?: number;
  /**
   * Sent no more until its end: the hub's sale price was changed by someone else (`changed`: the
   * end puts nothing back), or the hub never confirmed the start (`unconfirmed`: the end puts back
   * what was there if the hub holds the sale's price after all).
   */
  left?: 'changed' | 'unconfirmed';
  /** Its end found no row of its SKU in the sheet (said once in the Log). */
  orphan?: true;
}

export function readSchedule(store: KeyValueStore): SaleSchedule | null {
  const raw = store.get(KEY);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as SaleSchedule;
    return s && typeof s.ownerKey === 'string' && typeof s.sheet === 'string' ? s : null;
  } catch {
    return null;
  }
}

export function writeSchedule(store: KeyValueStore, schedule: SaleSchedule | null): void {
  if (schedule === null) store.delete(KEY);
  else store.set(KEY, JSON.stringify(schedule));
}

const isKept = (v: unknown): v is KeptSale => {
  const s = v as KeptSale;
  return !!s && typeof s.sku === 'string' && typeof s.channel === 'string' && typeof s.salePrice === 'number' && typeof s.end === 'number';
};

/** The running sales (one read of the hidden sheet; none when it is missing). */
export function readRunning(workbook: Workbook): KeptSale[] {
  const sheet = workbook.sheet(SALES_SHEET);
  if (!sheet) return [];
  return sheet
    .readAll()
    .slice(1)
    .flatMap((line) => unpackJson(String(line[0] ?? '')))
    .filter(isKept);
}

/**
 * Rewrites the running sales (old rows blanked) — unless they are what was read (`before`): most
 * looks change nothing, and an hourly or minutely look should not cost a Sheets write for it.
 */
export function writeRunning(workbook: Workbook, running: readonly KeptSale[], before: readonly KeptSale[]): void {
  if (JSON.stringify(running) === JSON.stringify(before)) return;
  const existing = workbook.sheet(SALES_SHEET);
  if (!existing && running.length === 0) return;
  const sheet = existing ?? workbook.ensureSheet(SALES_SHEET, HEADER, { hidden: true });
  const lines = Math.max(0, sheet.lastRow() - 1);
  const cells: CellValue[][] = packJson(running).map((p) => [p.text]);
  for (let i = cells.length; i < lines; i++) cells.push(['']);
  if (cells.length > 0) sheet.write(2, 1, cells);
}

/** The same SKU and channel. */
export const sameSale = (a: { sku: string; channel: string }, b: { sku: string; channel: string }): boolean =>
  a.sku === b.sku && a.channel === b.channel;
