/** In-memory ports for unit tests of the orders core. */
import type { CellValue, ColourRule, ColourRuleShape, KeyValueStore, SheetPort, Workbook } from '../../../src/core/ports';

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data: Record<string, string> = { ...initial };
  return {
    data,
    get: (k) => (k in data ? data[k] : null),
    set: (k, v) => {
      data[k] = v;
    },
    delete: (k) => {
      delete data[k];
    },
    entries: (prefix = '') => Object.fromEntries(Object.entries(data).filter(([k]) => k.startsWith(prefix))),
  };
}

/** A sheet in memory that records every write and format call. */
export interface MemorySheet extends SheetPort {
  grid: CellValue[][];
  writes: Array<{ row: number; column: number; rows: number; columns: number }>;
  formats: Array<{ row: number; column: number; rows: number; columns: number; format: string }>;
  /** Conditional format rules: the seller's (any shape) and the add-on's (ColourRule), in order. */
  rules: Array<ColourRule | ColourRuleShape>;
  frozen: number;
}

let nextSheetId = 0;

/** `id`: the sheet's id (default: a new one per sheet, like Sheets gives). */
export function memorySheet(name: string, grid: CellValue[][] = [], id = nextSheetId++): MemorySheet {
  const sheet: MemorySheet = {
    name,
    id,
    grid: grid.map((r) => [...r]),
    writes: [],
    formats: [],
    rules: [],
    frozen: 0,
    readAll() {
      const width = Math.max(0, ...this.grid.map((r) => r.length));
      return this.grid.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
    },
    readHeaderRow() {
      const row = [...(this.grid[0] ?? [])];
      while (row.length > 0 && row[row.length - 1] === '') row.pop();
      return row;
    },
    readBlock(row, column, rows, columns) {
      return Array.from({ length: rows }, (_, i) =>
        Array.from({ length: columns }, (_, j) => this.grid[row - 1 + i]?.[column - 1 + j] ?? ''),
      );
    },
    readDisplayBlock(row, column, rows, columns) {
      return this.readBlock(row, column, rows, columns).map((line) => line.map((v) => String(v)));
    },
    write(row, column, values) {
      this.writes.push({ row, column, rows: values.length, columns: values[0]?.length ?? 0 });
      values.forEach((line, i) => {
        const r = (this.grid[row - 1 + i] ??= []);
        line.forEach((v, j) => {
          while (r.length < column - 1 + j) r.push('');
          // Sheets stores '… as the text after the apostrophe (the marker escapeCellText adds).
          r[column - 1 + j] = typeof v === 'string' && v.startsWith("'") ? v.slice(1) : v;
        });
      });
      for (let i = 0; i < this.grid.length; i++) this.grid[i] ??= [];
    },
    appendRow(values) {
      this.grid.push([...values]);
    },
    lastRow() {
      return this.grid.length;
    },
    setNumberFormat(row, column, rows, columns, format) {
      this.formats.push({ row, column, rows, columns, format });
    },
    styleHeader() {},
    hiddenRows: () => new Set<number>(),
    deleteRows(row, count) {
      this.grid.splice(row - 1, count);
    },
    maxRows() {
      return Math.max(1000, this.grid.length);
    },
    ensureSize() {},
    mergedRanges: () => [],
    insertColumnsAfter(column, count) {
      for (const row of this.grid) if (row.length > column) row.splice(column, 0, ...Array<CellValue>(count).fill(''));
    },
    replaceOwnColourRules(rules, isOwn, onlyIfPresent) {
      const shape = (r: ColourRule | ColourRuleShape): ColourRuleShape =>
        'look' in r
          ? {
              criteria: r.when === 'notEmpty' ? 'CELL_NOT_EMPTY' : 'TEXT_EQUAL_TO',
              values: r.when === 'notEmpty' ? [] : [r.when.equals],
              ...r.look,
            }
          : r;
      const theirs = this.rules.filter((r) => !isOwn(shape(r)));
      const found = this.rules.length - theirs.length;
      if (!onlyIfPresent || found > 0) this.rules = [...theirs, ...rules];
      return found;
    },
    frozenColumns() {
      return this.frozen;
    },
    freezeColumns(columns) {
      this.frozen = columns;
    },
  };
  return sheet;
}

export function memoryWorkbook(
  sheets: Record<string, CellValue[][]> = {},
  locale = 'en_US',
): Workbook & { sheets: Map<string, MemorySheet> } {
  const map = new Map<string, MemorySheet>(Object.entries(sheets).map(([n, g]) => [n, memorySheet(n, g)]));
  return {
    sheets: map,
    documentId: () => 'memory-workbook',
    documentName: () => 'Memory workbook',
    sheet: (name) => map.get(name) ?? null,
    ensureSheet(name, header) {
      let s = map.get(name);
      if (!s) {
        s = memorySheet(name, header.length ? [[...header]] : []);
        map.set(name, s);
      }
      return s;
    },
    selection: () => null,
    sheetNames: () => [...map.keys()],
    locale: () => locale,
  };
}

import type { Context } from '../../../src/core/context';
import type { Ports } from '../../../src/core/ports';
import { Settings } from '../../../src/core/settings/schema';

/** A context over in-memory ports; ports a test does not give throw when used. */
export function fakeContext(parts: Partial<Ports> & { interactive?: boolean; now?: number; settings?: Partial<Settings> } = {}): Context {
  let now = parts.now ?? Date.UTC(2026, 10, 20, 15);
  const unused = (name: string) =>
    new Proxy(
      {},
      {
        get: () => {
          throw new Error(`port ${name} used in a unit test`);
        },
      },
    );
  const ports: Ports = {
    transport: parts.transport ?? (unused('transport') as Ports['transport']),
    clock: parts.clock ?? {
      now: () => now,
      sleep: (ms) => {
        now += ms;
      },
    },
    userStore: parts.userStore ?? memoryStore(),
    documentStore: parts.documentStore ?? memoryStore(),
    lock: parts.lock ?? { tryAcquire: () => true, release: () => {} },
    scheduler: parts.scheduler ?? (unused('scheduler') as Ports['scheduler']),
    notifier: parts.notifier ?? (unused('notifier') as Ports['notifier']),
    files: parts.files ?? (unused('files') as Ports['files']),
    mailer: parts.mailer ?? (unused('mailer') as Ports['mailer']),
    session: parts.session ?? {
      userEmail: () => 'seller@example.com',
      userKey: () => 'seller@example.com',
      timeZone: () => 'America/Mexico_City',
    },
    workbook: parts.workbook ?? memoryWorkbook(),
  };
  return { ports, settings: { ...Settings.parse({}), ...parts.settings }, startedAt: now, interactive: parts.interactive ?? true };
}
