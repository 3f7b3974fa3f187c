import type { Rect } from './a1';
import { copyRule, type ConditionalRule } from './conditional-format';
import { DriveModel, type DriveFile, type DriveFolder } from './drive';
import type { QuotaRecord } from './quota';
import type { TriggerModel } from './triggers';
import type { WorldState } from './types';
import type { CellValue } from './values';
import { SheetModel, WorkbookModel, type Cell } from './workbook';
import type { World } from './world';

/**
 * A world as JSON (for the playground to persist across restarts): the workbook with values,
 * formulas, formats, notes and conditional format rules (Dates as {"$date": iso}), properties, caches, triggers, Drive
 * (bytes as base64), daily quota windows and the clock. Not kept: locks, running executions,
 * logs, counters, sessions (menus, selection, queued answers).
 */

/** One sheet as JSON (exportState's form; Runtime.sheetState). */
export interface SheetJson {
  id: number;
  name: string;
  maxRows: number;
  maxCols: number;
  frozenRows: number;
  frozenColumns: number;
  hidden: boolean;
  hiddenByUser: number[];
  hiddenByFilter: number[];
  merges: Rect[];
  /** Absent in states exported before conditional formats were modelled. */
  conditionalRules?: ConditionalRule[];
  /** Widths set by a script, [column, px]; absent in states exported before widths were kept. */
  columnWidths?: Array<[number, number]>;
  /** [row, col, cell] for every non-empty cell. */
  cells: Array<[number, number, Record<string, unknown>]>;
}

export interface WorldStateV1 extends WorldState {
  version: 1;
  now: number;
  scriptId: string;
  scriptTimeZone: string;
  /** `locale` is absent in states exported before locales were modelled (en_US). */
  workbook: { id: string; name: string; timeZone: string; locale?: string; nextSheetId: number; sheets: SheetJson[] };
  properties: { document: Record<string, string>; script: Record<string, string>; user: Record<string, Record<string, string>> };
  caches: { script: Record<string, unknown>; document: Record<string, unknown>; user: Record<string, Record<string, unknown>> };
  triggers: TriggerModel[];
  triggerSeq: number;
  drive: { rootId: string; folders: DriveFolder[]; files: Array<Omit<DriveFile, 'bytes'> & { base64: string }> };
  /** Absent in states exported before quotas were kept. */
  quotas?: QuotaRecord[];
}

const encodeValue = (v: CellValue | ''): unknown => (v instanceof Date ? { $date: v.toISOString() } : v);
const decodeValue = (v: unknown): CellValue | '' =>
  v && typeof v === 'object' && '$date' in v ? new Date(String((v as { $date: string }).$date)) : (v as CellValue | '');

export function sheetToJson(s: SheetModel): SheetJson {
  const cells: SheetJson['cells'] = [];
  s.rows.forEach((row, r) =>
    row?.forEach((cell, c) => {
      if (!cell || Object.keys(cell).length === 0) return;
      const out: Record<string, unknown> = { ...cell };
      if (cell.value !== undefined) out.value = encodeValue(cell.value);
      cells.push([r + 1, c + 1, out]);
    }),
  );
  return {
    id: s.id,
    name: s.name,
    maxRows: s.maxRows,
    maxCols: s.maxCols,
    frozenRows: s.frozenRows,
    frozenColumns: s.frozenColumns,
    hidden: s.hidden,
    hiddenByUser: [...s.hiddenByUser],
    hiddenByFilter: [...s.hiddenByFilter],
    merges: s.merges.map((m) => ({ ...m })),
    conditionalRules: s.conditionalRules.map(copyRule),
    columnWidths: s.widthsSet(),
    cells,
  };
}

export function sheetFromJson(j: SheetJson): SheetModel {
  const s = new SheetModel(j.id, j.name, j.maxRows, j.maxCols);
  s.frozenRows = j.frozenRows;
  s.frozenColumns = j.frozenColumns;
  s.hidden = j.hidden;
  j.hiddenByUser.forEach((r) => s.hiddenByUser.add(r));
  j.hiddenByFilter.forEach((r) => s.hiddenByFilter.add(r));
  s.merges = j.merges.map((m) => ({ ...m }));
  s.conditionalRules = (j.conditionalRules ?? []).map(copyRule);
  for (const [c, w] of j.columnWidths ?? []) s.columnWidths[c - 1] = w;
  for (const [r, c, cell] of j.cells) {
    const target = s.cellForWrite(r, c);
    Object.assign(target, cell as Cell);
    if ('value' in cell) target.value = decodeValue(cell.value);
  }
  return s;
}

const mapToObject = <V>(m: Map<string, V>): Record<string, V> => Object.fromEntries(m);
const fill = <V>(m: Map<string, V>, o: Record<string, V> | undefined) => {
  for (const [k, v] of Object.entries(o ?? {})) m.set(k, v);
};

/** The world as JSON-safe data. */
export function exportWorld(w: World): WorldStateV1 {
  const wb = w.workbook;
  return {
    version: 1,
    now: w.clock.now(),
    scriptId: w.scriptId,
    scriptTimeZone: w.config.scriptTimeZone,
    workbook: {
      id: wb.id,
      name: wb.name,
      timeZone: wb.timeZone,
      locale: wb.locale,
      nextSheetId: wb.nextSheetId,
      sheets: wb.sheets.map(sheetToJson),
    },
    properties: {
      document: mapToObject(w.documentProperties),
      script: mapToObject(w.scriptProperties),
      user: Object.fromEntries([...w.userPropertyStores].map(([u, s]) => [u, mapToObject(s)])),
    },
    caches: {
      script: mapToObject(w.caches.script),
      document: mapToObject(w.caches.document),
      user: Object.fromEntries([...w.caches.user].map(([u, s]) => [u, mapToObject(s)])),
    },
    triggers: w.triggers.map((t) => ({ ...t })),
    triggerSeq: w.triggerSeq,
    drive: {
      rootId: w.drive.rootId,
      folders: [...w.drive.folders.values()].map((f) => ({ ...f })),
      files: [...w.drive.files.values()].map(({ bytes, ...f }) => ({ ...f, base64: Buffer.from(bytes).toString('base64') })),
    },
    quotas: w.quotas.records(),
  };
}

/** The workbook of a state. */
export function workbookFromState(state: WorldStateV1): WorkbookModel {
  const j = state.workbook;
  const wb = new WorkbookModel(j.id, j.name, j.timeZone, j.locale);
  wb.nextSheetId = j.nextSheetId;
  wb.sheets = j.sheets.map(sheetFromJson);
  return wb;
}

/** Loads everything but the workbook and clock (given to World's constructor) into `w`. */
export function restoreWorld(w: World, state: WorldStateV1): void {
  fill(w.documentProperties, state.properties.document);
  fill(w.scriptProperties, state.properties.script);
  for (const [u, props] of Object.entries(state.properties.user ?? {})) fill(w.userProperties(u), props);
  fill(w.caches.script as Map<string, unknown>, state.caches?.script);
  fill(w.caches.document as Map<string, unknown>, state.caches?.document);
  for (const [u, c] of Object.entries(state.caches?.user ?? {})) fill(w.userCache(u) as Map<string, unknown>, c);
  w.triggers = (state.triggers ?? []).map((t) => ({ ...t }));
  w.triggerSeq = state.triggerSeq ?? 0;
  const drive = new DriveModel(state.drive.rootId);
  for (const f of state.drive.folders) drive.folders.set(f.id, { ...f });
  for (const { base64, ...f } of state.drive.files) drive.files.set(f.id, { ...f, bytes: new Uint8Array(Buffer.from(base64, 'base64')) });
  w.drive = drive;
  w.quotas.restore(state.quotas ?? []);
}
