/**
 * Runs one scenario of the write-back invariant against the built bundle in the runtime emulator
 * and the hub emulator: sets the hub's products and faults, builds the sheet, runs the operation
 * (from the menu in one execution, or from the sidebar chunk by chunk) while a colleague edits
 * the sheet, and checks the invariant after every execution. A violation throws with what was
 * found; fast-check then prints the seed and the shrunk scenario.
 */
import { columnLetter } from '../../../src/sheet';
import type { Operation } from '../../../src/core/pipeline/types';
import type { PushMenuName } from '../../../src/server/menu';
import type { AddonEnv, AdminMethod } from '../env';
import { resetScenarioWorld } from '../scenario-world';
import { findTokenLeaks } from '../leaks';
import { CHANNELS, type Edit, type Scenario, type TimedEdit } from './scenario';
import {
  PROPERTY_BUDGET_BYTES,
  RESULT_HEADER,
  checkOkRows,
  checkSnapshot,
  storeBytes,
  userPart,
  userPartDiff,
  type HubProduct,
} from './check';

const SHEET = 'Stock & Prices';
const SNAPSHOT = 'Hub Sync snapshot';
/** Property keys of the settings the env saved: kept between scenarios. */

/** What one scenario did and verified (summed into RELIABILITY.md). */
export interface ScenarioReport {
  executions: number;
  faults: Record<string, number>;
  edits: Record<string, number>;
  okRowsChecked: number;
  snapshotEntriesChecked: number;
  maxPropertyBytes: number;
  violations: string[];
}

/** The menu item each push operation runs: its "All rows" item (push changes is one item). */
const MENU: Record<Operation, PushMenuName | 'pushChanges'> = {
  stock: 'pushStockAll',
  prices: 'pushPricesAll',
  byChannel: 'pushByChannelAll',
  erp: 'pushErpAll',
  async: 'pushAsyncAll',
  changes: 'pushChanges',
};
const NUMERIC_INPUT = /^(Quantity|Price|Sale price|Available days)( \[[^\]]+\])?$/;

export class InvariantRunner {
  constructor(private readonly env: AddonEnv) {}

  private admin<T>(method: AdminMethod, path: string, body?: unknown): T {
    return this.env.adminSync<T>(method, path, body);
  }

  private products(): Map<string, HubProduct> {
    const state = this.admin<{ products: HubProduct[] }>('GET', '/__admin/state?only=products');
    return new Map(state.products.map((p) => [p.sku, p]));
  }

  /** A clean workbook and hub for the next scenario (settings and token stay). */
  private reset(s: Scenario): Map<string, HubProduct> {
    resetScenarioWorld(this.env);
    this.admin('POST', '/__admin/products', {
      generate: { count: s.products, prefix: 'P-', channels: [...CHANNELS], status: 'active', seed: s.faults.seed },
    });
    return this.products();
  }

  /** The sheet of the scenario's rows (push operations), or a pulled catalogue (changes, refresh). */
  private buildSheet(s: Scenario, products: Map<string, HubProduct>): void {
    const { rt } = this.env;
    const list = [...products.values()];
    if (s.operation === 'changes' || s.operation === 'refresh') {
      this.env.call('pullCatalogueFromMenu');
      const sheet = rt.sheet(SHEET);
      const values = sheet.values();
      const header = values[0] as string[];
      const numeric = header.map((h, c) => (NUMERIC_INPUT.test(h) ? c : -1)).filter((c) => c >= 0);
      if (s.operation === 'changes' && numeric.length > 0) {
        // The seller's edits since the pull, in turn: the general Quantity, a per-channel quantity,
        // any number (the general and per-channel quantities of one SKU are where order matters).
        const general = header.indexOf('Quantity');
        const perChannel = header.map((h, c) => (/^Quantity \[/.test(h) ? c : -1)).filter((c) => c >= 0);
        s.picks.forEach((p, i) => {
          const r = 2 + Math.floor(p * (values.length - 1));
          const any = numeric[Math.floor(((p * 7919 + i) % 1) * numeric.length)];
          const c =
            i % 3 === 0 && general >= 0
              ? general
              : i % 3 === 1 && perChannel.length > 0
                ? perChannel[Math.floor(((p * 104729) % 1) * perChannel.length)]
                : any;
          const was = values[r - 1][c];
          const next = i % 7 === 6 ? '' : typeof was === 'number' ? Math.round((was + 1 + i) * 100) / 100 : 10 + i;
          sheet.setValues([[next]], `${columnLetter(c)}${r}`);
        });
      }
      return;
    }
    const seen: string[] = [];
    const rows = s.rows.map((row, i) => {
      let key: string;
      const pick = (n: number): HubProduct => list[n % list.length];
      if (row.sku === 'next') key = s.operation === 'erp' ? pick(i).internalId : pick(i).sku;
      else if (row.sku === 'unknown') key = `NOPE-${i}`;
      else if (row.sku === 'repeat') key = seen[seen.length - 1] ?? `NOPE-${i}`;
      else key = s.operation === 'erp' ? pick(row.sku).internalId : pick(row.sku).sku;
      seen.push(key);
      return s.headers.map((h) => (h === 'SKU' || h === 'ERP id' ? key : (row.cells[h] ?? '')));
    });
    rt.addSheet(SHEET, [s.headers, ...rows]);
  }

  run(s: Scenario): ScenarioReport {
    const { rt } = this.env;
    const report: ScenarioReport = {
      executions: 0,
      faults: {},
      edits: {},
      okRowsChecked: 0,
      snapshotEntriesChecked: 0,
      maxPropertyBytes: 0,
      violations: [],
    };
    const products = this.reset(s);
    // A plain Price goes by ERP id or in an async job only when the seller chose every channel (the Price rule).
    const everyChannel = s.operation === 'erp' || s.operation === 'async';
    this.env.call('saveSettings', { chunkRows: s.chunkRows, plainChannels: everyChannel ? ['*'] : [] });
    this.buildSheet(s, products);
    const editedAt = new Map<string, number>();
    // The sheet as the colleague last left it (what a refresh is compared with).
    let afterEdits = rt.sheet(SHEET).values();
    let expected = userPart(afterEdits);
    let deletedRows = false;
    const edit = (e: Edit): void => {
      const before = userPart(rt.sheet(SHEET).values());
      const diff = userPartDiff(expected, before);
      if (diff.length > 0) report.violations.push(`cells outside the add-on's columns changed while it ran: ${diff.join('; ')}`);
      const what = applyEdit(rt.sheet(SHEET), e, rt.now(), editedAt);
      if (what) report.edits[what] = (report.edits[what] ?? 0) + 1;
      // Rows deleted, or a column renamed or deleted (Synced at among them), leave no way to count the rows written.
      if (e.kind === 'deleteRows' || e.kind === 'deleteColumn' || e.kind === 'renameColumn') deletedRows = true;
      afterEdits = rt.sheet(SHEET).values();
      expected = userPart(afterEdits);
    };
    // Edits while requests are in flight: at the n-th UrlFetch call of an execution.
    const during = s.edits.filter((e) => e.when === 'duringRequests');
    let fetches = 0;
    rt.onServiceCall((info) => {
      if (info.service !== 'UrlFetchApp' || !rt.sheetNames().includes(SHEET)) return;
      for (const e of during.filter((x) => x.n === fetches)) edit(e.edit);
      fetches++;
    });
    this.admin('POST', '/__admin/faults', { ...s.faults, seed: s.faults.seed });
    const runStart = rt.now();
    try {
      if (s.operation === 'refresh') this.refresh(s, report, editedAt, () => afterEdits);
      else this.push(s, s.operation, report, (since) => this.check(s, report, since, editedAt, () => expected), between(s.edits, edit));
      if (s.operation === 'async') this.finishJobs(s, report, editedAt, () => expected);
    } finally {
      rt.onServiceCall(undefined);
    }
    const faults = this.admin<{ injected: Record<string, number> }>('GET', '/__admin/faults').injected;
    for (const [k, n] of Object.entries(faults)) report.faults[k] = (report.faults[k] ?? 0) + n;
    if (!deletedRows && s.operation !== 'refresh') this.checkCounts(runStart, report);
    if (report.violations.length > 0) {
      throw new Error(`Invariant broken (${s.operation}):\n- ${report.violations.slice(0, 12).join('\n- ')}`);
    }
    return report;
  }

  /** The push: one menu execution, or the sidebar's chunks with the colleague's edits between them. */
  private push(s: Scenario, op: Operation, report: ScenarioReport, check: (since: number) => void, beforeChunk: (n: number) => void): void {
    const { rt, call } = this.env;
    const since = rt.now();
    if (s.mode === 'menu') {
      beforeChunk(0);
      call(MENU[op]);
      report.executions++;
      this.noUnexpectedError(report);
      check(since);
      return;
    }
    beforeChunk(0);
    let at = rt.now();
    let r = call('startPush', op, op === 'changes' ? 'changed' : 'all');
    report.executions++;
    this.sidebarError(report, r);
    check(at);
    for (let n = 1; r.ok && r.value && !r.value.finished && n < 60; n++) {
      beforeChunk(n);
      at = rt.now();
      r = call('continuePush', r.value.runId);
      report.executions++;
      this.sidebarError(report, r);
      check(at);
    }
  }

  /** Async jobs: let the hub run them, then refresh their results (the write-back is checked too). */
  private finishJobs(s: Scenario, report: ScenarioReport, editedAt: Map<string, number>, expected: () => unknown[][]): void {
    const { rt } = this.env;
    for (let i = 0; i < 3; i++) {
      const at = rt.now();
      rt.advance(120_000); // the hub runs the job; the background trigger may poll it meanwhile
      const r = this.env.call('refreshJobs');
      report.executions++;
      this.sidebarError(report, r);
      this.check(s, report, at, editedAt, expected);
      if (!r.ok || r.value?.open === 0) break;
    }
  }

  /** Refresh selected rows: only the selected SKUs' refreshed columns change, to the hub's values. */
  private refresh(s: Scenario, report: ScenarioReport, editedAt: Map<string, number>, afterEdits: () => unknown[][]): void {
    const { rt } = this.env;
    const values = rt.sheet(SHEET).values();
    const rows = [...new Set(s.picks.map((p) => 2 + Math.floor(p * (values.length - 1))))];
    rt.select(
      SHEET,
      rows.map((r) => `A${r}`),
    );
    const selectedSkus = new Set(rows.map((r) => String(values[r - 1][0])));
    this.env.call('refreshSelectedFromMenu');
    report.executions++;
    this.noUnexpectedError(report);
    report.violations.push(...refreshViolations(afterEdits(), rt.sheet(SHEET).values(), selectedSkus, this.products(), editedAt));
    this.checkSnapshotAndBudget(report);
  }

  private check(s: Scenario, report: ScenarioReport, since: number, editedAt: Map<string, number>, expected: () => unknown[][]): void {
    const { rt } = this.env;
    const values = rt.sheet(SHEET).values();
    const diff = userPartDiff(expected(), userPart(values));
    if (diff.length > 0) report.violations.push(`cells outside the add-on's columns changed: ${diff.join('; ')}`);
    const ok = checkOkRows(values, { operation: s.operation, since, products: this.products(), editedAt });
    report.okRowsChecked += ok.checked;
    report.violations.push(...ok.violations);
    this.checkSnapshotAndBudget(report);
  }

  private checkSnapshotAndBudget(report: ScenarioReport): void {
    const { rt } = this.env;
    if (rt.sheetNames().includes(SNAPSHOT)) {
      const snap = checkSnapshot(rt.sheet(SNAPSHOT).values(), this.products());
      report.snapshotEntriesChecked += snap.checked;
      report.violations.push(...snap.violations);
    }
    const bytes = storeBytes(rt.properties('document'));
    report.maxPropertyBytes = Math.max(report.maxPropertyBytes, bytes);
    if (bytes > PROPERTY_BUDGET_BYTES)
      report.violations.push(`document properties hold ${bytes} bytes, over the ${PROPERTY_BUDGET_BYTES}-byte budget`);
    const leaks = findTokenLeaks(rt, this.env.token);
    if (leaks.length > 0) report.violations.push(`the token leaked into ${leaks.join(', ')}`);
  }

  /** Each row counted once: the run's Log line against the rows it wrote. */
  private checkCounts(runStart: number, report: ScenarioReport): void {
    const { rt } = this.env;
    if (!rt.sheetNames().includes('Log') || !rt.sheetNames().includes(SHEET)) return;
    const log = rt.sheet('Log').values();
    const header = log[0] as string[];
    const last = log[log.length - 1] as unknown[];
    if (log.length < 2 || !/^Push|^Send as async/.test(String(last[header.indexOf('Operation')]))) return;
    if (/Stopped|Cancelled/.test(String(last[header.indexOf('Message')]))) return;
    const total = ['Rows OK', 'Rows failed', 'Rows skipped'].reduce((n, h) => n + Number(last[header.indexOf(h)] ?? 0), 0);
    const values = rt.sheet(SHEET).values();
    const at = (values[0] as string[]).indexOf('Synced at');
    if (at < 0) return;
    const jobs = (values[0] as string[]).indexOf('Sync message');
    const written = values.slice(1).filter((r) => {
      const d = r[at];
      // Rows written by a later job refresh are the job's, not the push's.
      return d instanceof Date && d.getTime() >= runStart && !/^Async job finished/.test(String(r[jobs]));
    }).length;
    if (written !== total) report.violations.push(`the Log counts ${total} rows for the push, but it wrote ${written}`);
  }

  private noUnexpectedError(report: ScenarioReport): void {
    for (const d of this.env.rt.dialogs())
      if (/Something went wrong/.test(d.message ?? ''))
        report.violations.push(`an unexpected error reached the seller: ${(d.message ?? '').slice(0, 300)}`);
    this.env.rt.world.dialogs.length = 0;
  }

  private sidebarError(report: ScenarioReport, r: { ok: boolean; error?: string }): void {
    if (!r.ok && /Something went wrong/.test(r.error ?? ''))
      report.violations.push(`an unexpected error reached the sidebar: ${(r.error ?? '').slice(0, 300)}`);
  }
}

/** The edits to make before the n-th chunk of a sidebar push. */
function between(edits: TimedEdit[], apply: (e: Edit) => void): (n: number) => void {
  return (n) => edits.filter((e) => e.when === 'betweenChunks' && e.n === n).forEach((e) => apply(e.edit));
}

type Handle = ReturnType<AddonEnv['rt']['sheet']>;

/** Applies a colleague's edit to the sheet as it is now; returns its kind, or null when it did not apply. */
export function applyEdit(sheet: Handle, e: Edit, now: number, editedAt: Map<string, number>): string | null {
  const values = sheet.values();
  const rows = values.length - 1;
  const width = (values[0] ?? []).length;
  if (rows < 1 || width < 1) return null;
  const row = (f: number): number => 2 + Math.min(rows - 1, Math.floor(f * rows));
  const col = (f: number): number => 1 + Math.min(width - 1, Math.floor(f * width));
  switch (e.kind) {
    case 'sort': {
      const [a, b] = [row(e.from), row(e.to)].sort((x, y) => x - y);
      sheet.sortRows(a, b, col(e.column), e.ascending);
      return 'sort';
    }
    case 'insertRows':
      sheet.insertRows(row(e.at), e.count);
      return 'insert rows';
    case 'deleteRows': {
      if (rows <= 2) return null;
      const at = row(e.at);
      sheet.deleteRows(at, Math.min(e.count, rows - 1, values.length - at + 1));
      return 'delete rows';
    }
    case 'insertColumn':
      sheet.insertColumns(col(e.at), 1);
      return 'insert column';
    case 'deleteColumn': {
      const header = values[0] as unknown[];
      const candidates = header
        .map((h, c) => ({ h: String(h ?? ''), c }))
        .filter(({ h }) => !e.userOnly || h === 'Notes' || h === '' || h.startsWith('Old '));
      if (candidates.length === 0 || width < 3) return null;
      sheet.deleteColumns(candidates[Math.min(candidates.length - 1, Math.floor(e.at * candidates.length))].c + 1, 1);
      return 'delete column';
    }
    case 'renameColumn': {
      const c = col(e.at);
      const h = String((values[0] as unknown[])[c - 1] ?? '');
      sheet.setValues([[`Old ${h || 'column'}`]], `${columnLetter(c - 1)}1`);
      return RESULT_HEADER.test(h) ? 'rename result column' : 'rename column';
    }
    case 'editValue': {
      const header = values[0] as unknown[];
      const numeric = header.map((h, c) => (NUMERIC_INPUT.test(String(h ?? '')) ? c : -1)).filter((c) => c >= 0);
      if (numeric.length === 0) return null;
      const r = row(e.row);
      const c = numeric[Math.min(numeric.length - 1, Math.floor(e.column * numeric.length))];
      sheet.setValues([[e.value]], `${columnLetter(c)}${r}`);
      const keyColumn = header.findIndex((h) => h === 'SKU' || h === 'ERP id');
      if (keyColumn >= 0) {
        const key = String(values[r - 1][keyColumn] ?? '').trim();
        editedAt.set(key, now);
        editedAt.set(`${key}|${String(header[c])}`, now);
      }
      return 'edit a value';
    }
    default:
      return null;
  }
}

/** Columns a refresh may rewrite, for the SKUs refreshed. */
const REFRESHED = /^(Quantity|Price|Sale price|Available days|Listing status|External id|Permalink) \[[^\]]+\]$|^(In hub|Title)$/;

/** Rows by SKU (SKUs present once), cells by header: rows and columns may have moved. */
function bySku(values: unknown[][]): Map<string, Map<string, unknown>> {
  const header = (values[0] ?? []) as unknown[];
  const sku = header.indexOf('SKU');
  const out = new Map<string, Map<string, unknown>>();
  const twice = new Set<string>();
  for (const row of values.slice(1)) {
    const key = String(row[sku] ?? '');
    if (!key) continue;
    if (out.has(key)) twice.add(key);
    out.set(key, new Map(header.map((h, c) => [String(h ?? ''), row[c] instanceof Date ? (row[c] as Date).getTime() : (row[c] ?? '')])));
  }
  for (const key of twice) out.delete(key);
  return out;
}

/**
 * What a refresh may change: the selected SKUs' refreshed columns, to the hub's values. Compared
 * by SKU and header, since the colleague may have moved rows and columns; cells the colleague
 * edited are theirs.
 */
export function refreshViolations(
  before: unknown[][],
  after: unknown[][],
  selected: Set<string>,
  hub: Map<string, HubProduct>,
  edited: Map<string, number>,
): string[] {
  const out: string[] = [];
  const was = bySku(before);
  const now = bySku(after);
  for (const [sku, cells] of was) {
    const later = now.get(sku);
    if (!later) continue;
    for (const [header, value] of cells) {
      if (!header || RESULT_HEADER.test(header) || !later.has(header) || edited.has(`${sku}|${header}`)) continue;
      const next = later.get(header);
      if (value === next) continue;
      if (!selected.has(sku) || !REFRESHED.test(header)) {
        out.push(
          `refresh changed ${header} of ${sku}, which it was not asked to refresh: ${JSON.stringify(value)} → ${JSON.stringify(next)}`,
        );
        continue;
      }
      const m = /^(Quantity|Price|Sale price|Available days) \[([^\]]+)\]$/.exec(header);
      if (!m) continue;
      const field = (
        { Quantity: 'quantity', Price: 'price', 'Sale price': 'salePrice', 'Available days': 'availableDays' } as Record<string, string>
      )[m[1]];
      const listing = hub.get(sku)?.listings[m[2]] as unknown as Record<string, unknown> | undefined;
      const have = listing ? listing[field] : undefined;
      if ((have ?? '') !== next)
        out.push(`refresh wrote ${header} = ${JSON.stringify(next)} for ${sku}, but the hub holds ${JSON.stringify(have)}`);
    }
  }
  return out;
}
