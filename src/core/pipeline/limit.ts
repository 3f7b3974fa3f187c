/**
 * "Push these changes": a preview's rows become the only values a push sends. A row
 * keeps the values the preview would send (and what must ride with them); the unchanged ones and
 * those a guard rail held back are left out, so a push of 10 % edits sends 10 % of the values.
 * Pure.
 */
import { valueKey } from '../../sheet';
import type { Part, RowPlan } from './parts';
import type { Operation } from './types';
import type { PreviewAction, PreviewLine } from './dry-run/diff';

/**
 * One value a limited run (PushRun.limited) is limited to: what the hub held before it, and the
 * value it sends — the cell as the preview showed it, or the value an undo restores. `passedOn`:
 * not sent by the row, a channel the hub passes the row's general value on to (kept for undo).
 */
export interface LimitedValue {
  before: number | null;
  value: number | null;
  passedOn?: true;
  /** What the row says about it (a scheduled sale's start or end). */
  note?: string;
  /** The one row that sends it when its SKU is on several (a scheduled sale's row: each of its windows has its own). */
  row?: number;
  /** What its row says once the hub confirmed it, instead of OK (a scheduled sale's start or end). */
  word?: 'On sale' | 'Sale ended';
}
export type OnlyRows = Map<string, Record<string, LimitedValue>>;

/**
 * One value of a previewed row: the hub's value then, the sheet's, and what the preview said —
 * `passed on` for a channel the row's general value reaches (never sent by the row: checked
 * before the push, and what the hub held there is kept for undo).
 */
export type PreviewedValue = [hubNow: number | null, sheet: number | null, action: PreviewAction | 'passed on'];

/** A row the preview would send something for, by its identity (load.ts rowIdentity). */
export interface PreviewedRow {
  sku: string | null;
  values: Record<string, PreviewedValue>;
}

/**
 * The keys of a previewed row a push of its changes sends: those to send (checked or not). An
 * async job's item carries every value of the row (its quantity is mandatory), so its unchanged
 * values go too — or none, when one is held back by a guard rail. A general quantity goes with
 * the row's per-channel quantities: the hub overwrites them with it, and they are sent again after it.
 */
export function allowedKeys(row: PreviewedRow, operation: Operation): Set<string> {
  const entries = Object.entries(row.values);
  const allowed = new Set(entries.filter(([, v]) => v[2] === 'send' || v[2] === 'not read').map(([k]) => k));
  if (allowed.size === 0) return allowed;
  if (operation === 'async')
    return entries.some(([, v]) => v[2] === 'guarded')
      ? new Set()
      : new Set(entries.filter(([, v]) => v[2] !== 'passed on').map(([k]) => k));
  // (guards.ts holds a general quantity back with its row's channel quantities: none is guarded here.)
  if (allowed.has('quantity')) for (const [k, v] of entries) if (k.startsWith('quantity:') && v[2] !== 'passed on') allowed.add(k);
  return allowed;
}

/** The preview's rows that send something, by identity (`identityAt` maps a line's row number to it). */
export function previewedRows(
  lines: readonly PreviewLine[],
  identityAt: ReadonlyMap<number, string>,
  operation: Operation,
): Map<string, PreviewedRow> {
  const rows = new Map<string, PreviewedRow>();
  for (const line of lines) {
    const identity = identityAt.get(line.rowNumber);
    if (identity === undefined || !line.field) continue;
    const row = rows.get(identity) ?? { sku: line.sku, values: {} };
    row.values[valueKey(line.field, line.channel || undefined)] = [line.hubNow, line.sheet, line.passedOn ? 'passed on' : line.action];
    rows.set(identity, row);
  }
  for (const [identity, row] of rows) if (allowedKeys(row, operation).size === 0) rows.delete(identity);
  return rows;
}

/**
 * What a limited run keeps per row: the keys it sends, each with the value the preview showed and
 * what the hub held before; and the channels the row's general value is passed on to (for undo).
 */
export function onlyValues(rows: ReadonlyMap<string, PreviewedRow>, operation: Operation): OnlyRows {
  const only: OnlyRows = new Map();
  for (const [identity, row] of rows) {
    const values: Record<string, LimitedValue> = {};
    const allowed = allowedKeys(row, operation);
    for (const [key, [before, value, action]] of Object.entries(row.values)) {
      if (allowed.has(key)) values[key] = { before, value };
      else if (action === 'passed on') values[key] = { before, value, passedOn: true };
    }
    only.set(identity, values);
  }
  return only;
}

function pick(values: Part['values'], allowed: ReadonlySet<string>): Part['values'] {
  return Object.fromEntries(Object.entries(values).filter(([k]) => allowed.has(k)));
}

const CHANNEL_FIELDS = ['quantity', 'price', 'salePrice', 'availableDays'] as const;

/**
 * The plan cut to the allowed keys: a by-channel update keeps the allowed fields of each channel,
 * any other part goes whole or not at all. Null when nothing is left to send. A row the checks
 * now refuse keeps its refusal (it is written with its reason).
 */
export function limitPlan(plan: RowPlan, allowed: ReadonlySet<string>): RowPlan | null {
  if (!plan.send) return plan;
  const parts = plan.parts.flatMap((part): Part[] => {
    if (part.kind !== 'byChannel') return Object.keys(part.values).every((k) => allowed.has(k)) ? [part] : [];
    const channelData = part.item.channelData
      .map((entry) => {
        const kept: typeof entry = { channel: entry.channel };
        for (const f of CHANNEL_FIELDS) if (entry[f] !== undefined && allowed.has(`${f}:${entry.channel}`)) kept[f] = entry[f];
        return kept;
      })
      .filter((entry) => Object.keys(entry).length > 1);
    if (channelData.length === 0) return [];
    const reapplied = part.reapplied?.filter((ch) => allowed.has(`quantity:${ch}`));
    return [{ ...part, item: { ...part.item, channelData }, values: pick(part.values, allowed), ...(reapplied ? { reapplied } : {}) }];
  });
  return parts.length > 0 ? { ...plan, parts } : null;
}
