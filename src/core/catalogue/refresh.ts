/**
 * Refresh the selected rows of Stock & Prices from the hub (Get Price Stock By Channel, one GET
 * per SKU, in parallel): the same per-channel columns as a pull, for those rows only, and their
 * snapshot entries. The general Quantity is not refreshed: that endpoint does not return it. For
 * a SKU the hub has twice it answers the product a push by SKU updates: the hub reads and writes by
 * SKU the same, oldest, product.
 */
import type { HubClient } from '../../api/client';
import { escapeCellText, type ColumnMapping, type ParsedRow } from '../../sheet';
import type { Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { UserError } from '../kernel/errors';
import { withDocumentLock } from '../kernel/document-lock';
import { writeLog } from '../kernel/log';
import type { CellValue, SheetPort } from '../kernel/ports';
import { missingSheetMessage } from '../pipeline/load';
import { readStockTable, type StockTable } from '../pipeline/stock-table';
import { SnapshotStore } from '../pipeline/snapshot';
import { addToColumnMapping } from '../pipeline/column-mapping';
import { answerDoubt, isMissingProduct } from '../pipeline/hub-reads/by-channel-answer';
import { channelAliases } from '../settings/aliases';
import { confirmedValues, keptCell, mergePulled, pulledCell } from '../pipeline/hub-reads/cells';
import { IN_HUB_YES, pullColumns, type PullLayout } from '../pipeline/hub-reads/columns';
import { refusedOverwrite, ruledInLine, unconfirmedEdits, writtenBy } from './edits';
import { isDuplicateNote } from '../pipeline/hub-reads/duplicates';
import { assertNoPushRunning, headerProblem } from './guards';
import { layoutOf, readProduct, type PulledProduct } from '../pipeline/hub-reads/products';
import { selectedRowNumbers } from '../kernel/selection';
import { pullChannelsOf } from '../settings/pull-channels';
import { placePullColumns, type PullPlacement } from './placement';
import { leftAloneSentence, leftOutSentence } from './pull-report';
import { applyColumnPlan, rowRuns, writeBlocks } from '../kernel/sheet-blocks';
import type { Confirm, RefreshDone, RefreshOutcome } from '../pipeline/hub-reads/types';
import { localDateTime } from '../kernel/time';

/** More rows than this: pull the catalogue instead (one request per 50 SKUs instead of one per SKU). */
export const MAX_REFRESH_ROWS = 2000;
const LOCK_WAIT_MS = 10_000;

/** The selected rows the refresh may write, and the sheet they are in. */
interface RefreshTarget {
  client: HubClient;
  name: string;
  sheet: SheetPort;
  mapping: ColumnMapping | null;
  /** Selected rows with a SKU that no row rule leaves out. */
  rows: ParsedRow[];
  /** Selected rows a row rule of the column mapping leaves out. */
  held: ParsedRow[];
}

/** The hub's answers, one per SKU asked. */
interface HubAnswers {
  skus: string[];
  found: Map<string, PulledProduct>;
  notFound: Set<string>;
  failures: string[];
  /** Answers for another spelling of the SKU: reading again will not help, fixing the SKU will. */
  twins: Map<string, string>;
}

/** What the refresh's steps share once the answers are placed on the sheet as it is now. */
interface Refresh extends RefreshTarget, HubAnswers {
  started: number;
  now: number;
  aliases: Readonly<Record<string, string>>;
  /** The sheet read again after the requests. */
  reread: StockTable;
  /** The row each answered SKU is in now (one row only). */
  skuAt: Map<number, string>;
  /** Answered SKUs now in no row or in several: not written. */
  unplaced: number;
  layout: PullLayout;
}

/** Refreshes the selected rows; `confirm` is asked before replacing values the hub has not confirmed. */
export function refreshSelectedRows(ctx: Context, confirm: Confirm): RefreshOutcome {
  return withDocumentLock(ctx, 'Refresh rows from the hub', LOCK_WAIT_MS, () => refreshUnderLock(ctx, confirm));
}

function refreshUnderLock(ctx: Context, confirm: Confirm): RefreshOutcome {
  assertNoPushRunning(ctx, 'Refresh from the hub');
  const target = selectedRows(ctx);
  const started = ctx.ports.clock.now();
  const aliases = channelAliases(ctx.settings);
  const answers = readByChannel(target.client, target.rows, aliases);
  const refresh = placeAnswers(ctx, { ...target, ...answers, started, aliases });
  const { reread, skuAt, found, layout } = refresh;
  const snapshot = new SnapshotStore(ctx.ports.workbook);
  const current = snapshot.load();
  const rewritten = new Set([...skuAt].filter(([, sku]) => found.has(sku)).map(([row]) => row));
  const incoming = new Map([...found].map(([sku, product]) => [sku, confirmedValues(product, layout)] as const));
  const edits = unconfirmedEdits(reread.table.rows, reread.table.columns, current, rewritten, writtenBy(layout), incoming);
  const refused = refusedOverwrite('Refreshing these rows', edits, confirm);
  if (refused) return refused;

  const columns = writeRefresh(ctx, refresh);
  const entries = new Map<string, Record<string, number>>();
  found.forEach((product, sku) => entries.set(sku, mergePulled(current.get(sku), confirmedValues(product, layout), layout)));
  snapshot.replace(entries, current, refresh.now);
  return reportRefresh(ctx, refresh, columns);
}

/** The selected rows of the stock sheet, or a UserError saying what to select. */
function selectedRows(ctx: Context): RefreshTarget {
  const client = hubClient(ctx);
  const name = ctx.settings.sheetNames.stock;
  const sheet = ctx.ports.workbook.sheet(name);
  if (!sheet) throw new UserError(missingSheetMessage(name, 'Stock & Prices'));
  const selected = selectedRowNumbers(ctx, sheet.name, MAX_REFRESH_ROWS, 'refresh from the hub');
  const { table, mapping } = readStockTable(ctx, sheet);
  const problem = headerProblem(table, name, 'refresh');
  if (problem) throw new UserError(problem);
  const chosen = table.rows.filter((r) => !r.blank && selected.has(r.rowNumber));
  // Rows a row rule of the column mapping leaves out (an export's parent rows) are not the
  // refresh's to write, as they are not the push's to send.
  const held = chosen.filter((r) => r.skipped !== null);
  const rows = chosen.filter((r) => r.skipped === null && r.sku !== null);
  if (rows.length === 0 && held.length > 0) {
    throw new UserError(
      `The selected rows of "${name}" are left out by its column mapping's row rules (${held[0].skipped}), so nothing was refreshed: select the rows of the products themselves.`,
    );
  }
  if (rows.length === 0)
    throw new UserError(`The selected rows of "${name}" hold no SKU: select rows with a SKU (or pull the whole catalogue).`);
  return { client, name, sheet, mapping, rows, held };
}

/** Get Price Stock By Channel for each SKU of the rows, each answer sorted by what it says. */
function readByChannel(client: HubClient, rows: readonly ParsedRow[], aliases: Readonly<Record<string, string>>): HubAnswers {
  const skus = [...new Set(rows.map((r) => r.sku as string))];
  const outcomes = client.getByChannel(skus);
  const answers: HubAnswers = { skus, found: new Map(), notFound: new Set(), failures: [], twins: new Map() };
  skus.forEach((sku, i) => {
    const o = outcomes[i];
    if (!o.ok) {
      // Only a 404 about the product says the hub has no such SKU; a routing miss ("No HTTP
      // resource was found…", e.g. a '/' in the SKU breaking the hub's route) says nothing of it.
      if (isMissingProduct(o.error)) answers.notFound.add(sku);
      else answers.failures.push(`${sku}: ${o.error.message}`);
      return;
    }
    // The answer is taken only for the SKU asked for, with each channel named once.
    const doubt = answerDoubt(sku, o.value, aliases);
    if (doubt?.twin) answers.twins.set(sku, `${sku}: ${doubt.text}`);
    else if (doubt) answers.failures.push(`${sku}: ${doubt.text}`);
    else answers.found.set(sku, readProduct(o.value, aliases));
  });
  return answers;
}

/**
 * Read again after the requests: a colleague may have sorted rows, inserted columns or typed a
 * value since. Each SKU's values go to the one row holding that SKU now, in the columns found by
 * header; the question about values the hub has not confirmed is asked of the sheet as it is now.
 */
function placeAnswers(ctx: Context, read: RefreshTarget & HubAnswers & Pick<Refresh, 'started' | 'aliases'>): Refresh {
  const now = ctx.ports.clock.now();
  const reread = readStockTable(ctx, read.sheet, read.mapping);
  const rowsNow = new Map<string, number[]>();
  for (const r of reread.table.rows)
    if (r.sku !== null && r.skipped === null) rowsNow.set(r.sku, [...(rowsNow.get(r.sku) ?? []), r.rowNumber]);
  const skuAt = new Map<number, string>();
  let unplaced = 0;
  for (const sku of read.skus) {
    if (!read.found.has(sku) && !read.notFound.has(sku)) continue;
    const at = rowsNow.get(sku) ?? [];
    if (at.length === 1) skuAt.set(at[0], sku);
    else unplaced++;
  }
  const layout = layoutOf([...read.found.values()]);
  return { ...read, now, reread, skuAt, unplaced, layout };
}

/** The answered rows' cells, through the column mapping like the push and the pull: mapped columns get the hub's values. */
function writeRefresh(ctx: Context, refresh: Refresh): PullPlacement {
  const { reread, skuAt, found, sheet, mapping } = refresh;
  const columns = placePullColumns(
    reread.values[0] ?? [],
    reread.table.columns,
    pullColumns(refresh.layout, pullChannelsOf(ctx.settings)),
    refresh.aliases,
  );
  const { placed } = columns;
  const specAt = new Map(placed.map((p) => [p.column, p.spec] as const));
  const missingText = `No (not in the hub at the refresh of ${localDateTime(refresh.now, ctx.ports.session.timeZone())})`;
  const rowAt = new Map(reread.table.rows.map((r) => [r.rowNumber, r] as const));
  const cell = (row: number, column: number): CellValue => {
    const spec = specAt.get(column) ?? null;
    const sku = skuAt.get(row) as string;
    const product = found.get(sku);
    if (product && spec) {
      // The hub answers a SKU with the product pushes update: a pull's note naming the others stays.
      const before = reread.values[row - 1]?.[column];
      const inHub = spec.kind === 'inHub' && isDuplicateNote(before) ? String(before) : IN_HUB_YES;
      // A cell whose ruled value the hub holds keeps the seller's base value (the rule made the one from the other).
      const pulled = pulledCell(spec, product, inHub);
      return ruledInLine(reread.table.columns, rowAt.get(row), spec, pulled) ? keptCell(spec, reread.values[row - 1]?.[column]) : pulled;
    }
    if (spec?.kind === 'inHub') return escapeCellText(missingText);
    return keptCell(spec, reread.values[row - 1]?.[column]);
  };
  // Rows that could not be read are left out of the blocks: nothing of theirs is rewritten.
  if (skuAt.size > 0) {
    addToColumnMapping(ctx.ports.documentStore, sheet, mapping, columns.added);
    applyColumnPlan(sheet, columns, reread.values.length);
    writeBlocks(
      sheet,
      rowRuns(skuAt.keys()),
      placed.map((p) => p.column),
      cell,
    );
  }
  return columns;
}

/** The seller's message, the Log line, and the outcome. */
function reportRefresh(ctx: Context, refresh: Refresh, columns: PullPlacement): RefreshDone {
  const { skuAt, found, notFound, failures, twins, rows, held, unplaced, client, now } = refresh;
  const refreshed = [...skuAt.values()].filter((sku) => found.has(sku)).length;
  const gone = [...skuAt.values()].filter((sku) => notFound.has(sku)).length;
  const failed = rows.length - refreshed - gone;
  if (unplaced > 0)
    failures.push(
      `${unplaced} row${unplaced === 1 ? '' : 's'} moved while the hub was read and ${unplaced === 1 ? 'its SKU is' : 'their SKUs are'} now missing or repeated, so nothing was written there`,
    );
  const requests = client.stats.requests;
  const parts = [`${refreshed} row${refreshed === 1 ? '' : 's'} refreshed`];
  if (gone) parts.push(`${gone} not in the hub`);
  const twinRows = rows.filter((r) => twins.has(r.sku as string)).length;
  const twinNotes = [...twins.values()];
  if (twinRows) parts.push(`${twinRows} not taken (${twinNotes.slice(0, 2).join('; ')}${twinNotes.length > 2 ? '; …' : ''})`);
  if (failed > twinRows)
    parts.push(
      `${failed - twinRows} could not be read (${failures.slice(0, 2).join('; ')}${failures.length > 2 ? '; …' : ''}) \u2014 refresh them again`,
    );
  const leftOut = { rows: held.length, reasons: [...new Set(held.map((r) => r.skipped as string))] };
  const notes = [leftOutSentence(leftOut), skuAt.size > 0 ? leftAloneSentence(columns.left) : null].filter((x) => x !== null);
  const message = [`Refresh from the hub: ${parts.join(', ')} \u2014 ${requests} request${requests === 1 ? '' : 's'}.`, ...notes].join(' ');
  writeLog(ctx, {
    time: now,
    user: ctx.ports.session.userEmail(),
    operation: 'Refresh rows from the hub',
    ok: refreshed,
    failed,
    skipped: gone,
    requests,
    retries: client.stats.retries,
    durationMs: now - refresh.started,
    message,
  });
  return { status: 'done', rows: rows.length, refreshed, notInHub: gone, failed, leftOut: held.length, requests, message };
}
