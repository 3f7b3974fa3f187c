/**
 * In-memory ports for unit tests: one fake per port of src/core/ports.ts, each recording what the
 * core did with it, and fakeContext() wiring them into a Context. The transport and the scripted
 * hub are in transport.ts.
 */
import { TEST_GUARDS } from '../../dev/testkit/test-guards';
import type { Context } from '../../src/core/kernel/context';
import { wireFeatures } from '../../src/core/wiring';
import type {
  CellValue,
  Clock,
  ColourRule,
  ColourRuleShape,
  FileStore,
  KeyValueStore,
  Lock,
  Mailer,
  Notifier,
  Ports,
  ScheduledTrigger,
  Scheduler,
  Session,
  SheetPort,
  Workbook,
} from '../../src/core/kernel/ports';
import { Settings } from '../../src/core/kernel/settings-schema';

// Unit tests see the core as the bundle runs it: the features subscribed to the engine's hooks.
wireFeatures();

/** 2026-11-20 15:00 UTC: the unit tests' default "now". */
export const T0 = Date.UTC(2026, 10, 20, 15);
export const MIN = 60_000;
export const HOUR = 60 * MIN;

export function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data: Record<string, string> = { ...initial };
  return {
    data,
    get: (k) => (k in data ? data[k] : null),
    set: (k, v) => {
      data[k] = v;
    },
    setMany: (entries) => {
      Object.assign(data, entries);
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
  /** Value lists set by setValueList, in order. */
  valueLists: Array<{ row: number; column: number; rows: number; values: readonly string[]; help: string }>;
  /** Column widths set by setColumnWidths, by 1-based column. */
  widths: Map<number, number>;
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
    valueLists: [],
    widths: new Map(),
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
    setDefaultNumberFormat(row, rows, columns, format) {
      for (const column of columns) this.formats.push({ row, column, rows, columns: 1, format });
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
    setColumnWidths(column, count, px) {
      for (let c = column; c < column + count; c++) this.widths.set(c, px);
    },
    replaceOwnColourRules(rules, isOwn, onlyIfPresent) {
      const shape = (r: ColourRule | ColourRuleShape): ColourRuleShape =>
        'look' in r
          ? {
              criteria: r.when === 'notEmpty' ? 'CELL_NOT_EMPTY' : 'formula' in r.when ? 'CUSTOM_FORMULA' : 'TEXT_EQUAL_TO',
              values: r.when === 'notEmpty' ? [] : ['formula' in r.when ? r.when.formula : r.when.equals],
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
    setValueList(row, column, rows, values, help) {
      this.valueLists.push({ row, column, rows, values, help });
    },
  };
  return sheet;
}

/** A workbook in memory; `selected` is what selection() returns (the active sheet's selected rows). */
export type MemoryWorkbook = Workbook & {
  sheets: Map<string, MemorySheet>;
  selected: ReturnType<Workbook['selection']>;
  /** The sheet the seller is on (default: the selection's, else none). */
  active: string | null;
  /** The sheet by name, failing the test when missing. */
  grid(name: string): CellValue[][];
};

export function memoryWorkbook(sheets: Record<string, CellValue[][]> = {}, locale = 'en_US'): MemoryWorkbook {
  const map = new Map<string, MemorySheet>(Object.entries(sheets).map(([n, g]) => [n, memorySheet(n, g)]));
  const workbook: MemoryWorkbook = {
    sheets: map,
    selected: null,
    active: null,
    grid(name) {
      const sheet = map.get(name);
      if (!sheet) throw new Error(`no sheet ${name} in the memory workbook`);
      return sheet.readAll();
    },
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
    selection: () => workbook.selected,
    activeSheet: () => workbook.active ?? workbook.selected?.sheet ?? null,
    sheetNames: () => [...map.keys()],
    locale: () => locale,
  };
  return workbook;
}

/** A virtual clock: sleep advances time at once; `set` moves it (a later execution). */
export class FakeClock implements Clock {
  slept: number[] = [];
  constructor(public time = 1_700_000_000_000) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): void {
    this.slept.push(ms);
    this.time += ms;
  }
  set(ms: number): void {
    this.time = ms;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

/** A lock that is free unless `held` (another execution has it); counts acquisitions and releases. */
export function fakeLock(held = false): Lock & { held: boolean; acquired: number; released: number } {
  const lock = {
    held,
    acquired: 0,
    released: 0,
    tryAcquire: () => {
      if (lock.held) return false;
      lock.acquired++;
      return true;
    },
    release: () => {
      lock.released++;
    },
  };
  return lock;
}

/** Time triggers in memory: every() and once() install one, remove() takes it away. */
export type FakeScheduler = Scheduler & { triggers: Array<ScheduledTrigger & { minutes?: number; ms?: number }> };

export function fakeScheduler(): FakeScheduler {
  const triggers: FakeScheduler['triggers'] = [];
  let nextId = 1;
  return {
    triggers,
    every: (handler, minutes) => {
      const t = { id: `t${nextId++}`, handler, minutes };
      triggers.push(t);
      return t;
    },
    once: (handler, ms) => {
      const t = { id: `t${nextId++}`, handler, ms };
      triggers.push(t);
      return t;
    },
    list: (handler) => triggers.filter((t) => !handler || t.handler === handler),
    remove: (id) => {
      const i = triggers.findIndex((t) => t.id === id);
      if (i >= 0) triggers.splice(i, 1);
    },
  };
}

/** The person at the keyboard: records toasts and alerts, answers confirm() and prompt() as told (by default: no, cancel). */
export type FakeNotifier = Notifier & {
  toasts: string[];
  alerts: string[];
  questions: string[];
  answers: { confirm: boolean; prompt: string | null };
};

export function fakeNotifier(answers: Partial<FakeNotifier['answers']> = {}): FakeNotifier {
  const notifier: FakeNotifier = {
    toasts: [],
    alerts: [],
    questions: [],
    answers: { confirm: false, prompt: null, ...answers },
    toast: (m) => void notifier.toasts.push(m),
    alert: (m) => void notifier.alerts.push(m),
    confirm: (m) => {
      notifier.questions.push(m);
      return notifier.answers.confirm;
    },
    prompt: (m) => {
      notifier.questions.push(m);
      return notifier.answers.prompt;
    },
  };
  return notifier;
}

/** Drive in memory: each saved file and its link. */
export function fakeFiles(): FileStore & {
  saved: Array<{ folder: string; name: string; mimeType: string; bytes: number[]; url: string }>;
} {
  const files = {
    saved: [] as Array<{ folder: string; name: string; mimeType: string; bytes: number[]; url: string }>,
    prepare() {},
    save(folder: string, name: string, mimeType: string, bytes: number[]) {
      const id = `file-${files.saved.length + 1}`;
      const url = `https://drive.example.com/${id}`;
      files.saved.push({ folder, name, mimeType, bytes, url });
      return { id, url };
    },
  };
  return files;
}

/** Mail to self in memory; `refuse` makes the next sends throw (Google's daily quota). */
export function fakeMailer(): Mailer & { sent: Array<{ subject: string; body: string }>; refuse: string | null } {
  const mailer = {
    sent: [] as Array<{ subject: string; body: string }>,
    refuse: null as string | null,
    sendToSelf(subject: string, body: string) {
      if (mailer.refuse) throw new Error(mailer.refuse);
      mailer.sent.push({ subject, body });
    },
  };
  return mailer;
}

/** Who runs the execution: the seller by default (email = key, Mexico City). */
export function fakeSession(email = 'seller@example.com', key = email, timeZone = 'America/Mexico_City'): Session {
  return { userEmail: () => email, userKey: () => key, timeZone: () => timeZone };
}

/** A context over in-memory ports; the transport, scheduler, notifier, files and mailer a test does not give throw when used. */
export function fakeContext(parts: Partial<Ports> & { interactive?: boolean; now?: number; settings?: Partial<Settings> } = {}): Context {
  let now = parts.now ?? T0;
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
    lock: parts.lock ?? fakeLock(),
    scheduler: parts.scheduler ?? (unused('scheduler') as Ports['scheduler']),
    notifier: parts.notifier ?? (unused('notifier') as Ports['notifier']),
    files: parts.files ?? (unused('files') as Ports['files']),
    mailer: parts.mailer ?? (unused('mailer') as Ports['mailer']),
    session: parts.session ?? fakeSession(),
    workbook: parts.workbook ?? memoryWorkbook(),
  };
  // Guard rails and the question before a push off, unless the test sets them (dev/testkit/test-guards.ts).
  const settings = { ...Settings.parse({ guards: TEST_GUARDS }), ...parts.settings };
  return { ports, settings, startedAt: now, interactive: parts.interactive ?? true };
}
