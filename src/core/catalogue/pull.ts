/**
 * Pull the catalogue into Stock & Prices (Get Products Stock Price, every page, in parallel):
 * one row per SKU, upserted, with the per-channel columns; then the snapshot holds what the hub
 * holds, so that "push changes" sends only what is edited afterwards. A row is marked "not in the
 * hub" only when a complete, consistent listing proves it (listing.ts).
 */
import type { HubClient } from '../../api/client';
import { HubError } from '../../api/errors';
import { INPUT_HEADERS, readTable, type ColumnMapping, type TableRead } from '../../sheet';
import type { Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { UserError } from '../kernel/errors';
import { withDocumentLock } from '../kernel/document-lock';
import { writeLog } from '../kernel/log';
import type { CellValue, SheetPort } from '../kernel/ports';
import { readStockTable } from '../pipeline/stock-table';
import { tableOptions } from '../pipeline/table-options';
import { SnapshotStore } from '../pipeline/snapshot';
import { keepEditedMarksAfterPull } from '../pipeline/edited-marks';
import { addToColumnMapping } from '../pipeline/column-mapping';
import { canonicalChannel } from '../../api/channels';
import { channelAliases } from '../settings/aliases';
import { keptCell, mergePulled } from '../pipeline/hub-reads/cells';
import { IN_HUB_YES, pullColumns, type PullLayout } from '../pipeline/hub-reads/columns';
import { refusedOverwrite, ruledInLine, unconfirmedEdits, writtenBy } from './edits';
import { assertNoPushRunning, headerProblem } from './guards';
import { duplicateNote, findDuplicates } from '../pipeline/hub-reads/duplicates';
import { readListing, type ListedProduct, type Listing, type ListingRead } from '../pipeline/hub-reads/listing';
import { inSkuOrder, layoutOf, readProducts, type PulledProduct } from '../pipeline/hub-reads/products';
import { duplicatesSentence, leftAloneSentence, leftOutSentence, listingCaveat, twinsSentence, unreachableSentence } from './pull-report';
import { twinMessage } from '../pipeline/hub-reads/sku-match';
import { pullChannelsOf } from '../settings/pull-channels';
import { placePullColumns, type PullPlacement } from './placement';
import { applyColumnPlan, contiguousRuns, writeBlocks } from '../kernel/sheet-blocks';
import { PRICE_FORMAT } from '../../sheet/price-format';
import type { PullColumn } from '../pipeline/hub-reads/columns';
import type { Confirm, PullDone, PullOptions, PullOutcome } from '../pipeline/hub-reads/types';
import { planUpsert, type UpsertPlan } from './upsert';
import { localDateTime } from '../kernel/time';

const LOCK_WAIT_MS = 10_000;

const n = (x: number): string => x.toLocaleString('en-US');

/** True when any cell is not what it was (a sort, a row or column inserted or deleted, a value typed). */
function changedMeanwhile(before: readonly CellValue[][], now: readonly CellValue[][]): boolean {
  if (before.length !== now.length) return true;
  const text = (v: CellValue | undefined): string => (v instanceof Date ? `d${v.getTime()}` : `${typeof v}:${String(v ?? '')}`);
  return before.some((row, r) => row.length !== (now[r]?.length ?? 0) || row.some((v, c) => text(v) !== text(now[r][c])));
}

/** The sheet as read before the hub: what the pull compares, places and writes against. */
interface PullTarget {
  client: HubClient;
  name: string;
  aliases: Readonly<Record<string, string>>;
  /** The channel the listing is filtered by (the hub's code), or null for every product. */
  filter: string | null;
  existing: SheetPort | null;
  values: CellValue[][];
  table: TableRead;
  mapping: ColumnMapping | null;
}

/** What the pull's steps share once the listing is read and the upsert planned. */
interface Pull extends PullTarget {
  started: number;
  now: number;
  listing: Listing;
  products: PulledProduct[];
  layout: PullLayout;
  /** The listing is of every product and consistent: rows it lacks may be marked not in the hub. */
  complete: boolean;
  duplicates: Map<string, ListedProduct[]>;
  columns: PullPlacement;
  plan: UpsertPlan;
}

/** The pull. `confirm` is asked before replacing values the hub has not confirmed. */
export function pullCatalogue(ctx: Context, options: PullOptions, confirm: Confirm): PullOutcome {
  return withDocumentLock(ctx, 'Pull catalogue', LOCK_WAIT_MS, () => pullUnderLock(ctx, options, confirm));
}

function pullUnderLock(ctx: Context, options: PullOptions, confirm: Confirm): PullOutcome {
  assertNoPushRunning(ctx, 'Pull catalogue');
  const target = readPullTarget(ctx, options);
  const started = ctx.ports.clock.now();
  const listing = readCatalogue(target);
  assertUnchangedWhileRead(target);
  const pull = planPull(ctx, target, listing, options, started);
  // Asked only now, when it is known which rows and columns the pull rewrites.
  const snapshot = new SnapshotStore(ctx.ports.workbook);
  const current = snapshot.load();
  const { table, layout, plan } = pull;
  const edits = unconfirmedEdits(table.rows, table.columns, current, plan.updatedRowNumbers, writtenBy(layout), plan.pulledBySku);
  const refused = refusedOverwrite('Pulling the catalogue', edits, confirm);
  if (refused) return refused;
  writePull(ctx, pull);
  const entries = new Map<string, Record<string, number>>();
  plan.pulledBySku.forEach((pulled, sku) => entries.set(sku, mergePulled(current.get(sku), pulled, layout)));
  snapshot.replace(entries, current, pull.now);
  keepEditedMarksAfterPull(ctx, target.name, snapshot, current);
  return reportPull(ctx, pull);
}

/** The hub client, the channel filter, and the stock sheet as it is (a sheet the pull creates starts as its header row). */
function readPullTarget(ctx: Context, options: PullOptions): PullTarget {
  const client = hubClient(ctx);
  const name = ctx.settings.sheetNames.stock;
  const aliases = channelAliases(ctx.settings);
  // The seller's name for the channel (an alias, any case) is sent as the hub's written code.
  const filter = options.channel?.trim() ? canonicalChannel(options.channel, aliases) : null;
  const existing = ctx.ports.workbook.sheet(name);
  const { values, table, mapping } = existing
    ? readStockTable(ctx, existing)
    : {
        values: [] as CellValue[][],
        table: readTable([[INPUT_HEADERS.sku]], tableOptions(ctx.settings, ctx.ports.workbook.locale())),
        mapping: null,
      };
  const problem = headerProblem(table, name, 'pull');
  if (problem) throw new UserError(problem);
  return { client, name, aliases, filter, existing, values, table, mapping };
}

/** Every page of the catalogue, or a UserError saying nothing was written. */
function readCatalogue({ client, filter }: PullTarget): Listing {
  let got: ListingRead;
  try {
    // The hub's own order (oldest first) tells which product of a duplicated SKU pushes update; a
    // sort order asked for is applied here (products.ts inSkuOrder).
    got = readListing((offsets) => client.getProductPages(offsets, { channel: filter ?? undefined }));
  } catch (e) {
    if (e instanceof HubError) throw new UserError(`The catalogue could not be read: ${e.message} Nothing was written.`);
    throw e;
  }
  if (got.kind === 'failed') {
    throw new UserError(
      `${got.failed.length} of ${got.pages} pages of the catalogue could not be read (${got.failed[0].error.message}). Nothing was written; pull again in a few minutes.`,
    );
  }
  return got.listing;
}

/**
 * The pull writes by row and column, and asks about values it replaces: a sheet sorted, reshaped
 * or typed into while the hub was read would get products' values in other rows, or lose an edit
 * nobody was asked about. Checked again now; if it changed, nothing is written.
 */
function assertUnchangedWhileRead({ existing, values, name }: PullTarget): void {
  if (existing && changedMeanwhile(values, existing.readAll())) {
    throw new UserError(
      `"${name}" was changed (rows sorted, inserted or deleted, columns moved, or values typed) while the catalogue was read, so nothing was written: no product's values may land in another product's row, and no edit is replaced without asking. Pull again.`,
    );
  }
}

/** The products in the order asked for, where the pull's columns go, and what every row becomes. */
function planPull(ctx: Context, target: PullTarget, listing: Listing, options: PullOptions, started: number): Pull {
  const { aliases, existing, values, table } = target;
  const products = inSkuOrder(
    readProducts(
      listing.entries.map((e) => e.product),
      aliases,
    ),
    options.sort,
  );
  const layout = layoutOf(products);
  const specs = pullColumns(layout, pullChannelsOf(ctx.settings));
  const now = ctx.ports.clock.now();
  const when = localDateTime(now, ctx.ports.session.timeZone());
  // A pull filtered by channel does not list every SKU, and a listing that changed while it was
  // read may have skipped one: in both cases "not in the hub" could be wrong, so nobody is marked.
  const complete = target.filter === null && listing.problem === null;
  // Only a consistent listing tells a duplicate from a product a changing list showed twice.
  const duplicates = listing.problem === null ? findDuplicates(listing.entries) : new Map<string, ListedProduct[]>();
  const inHubNotes = new Map([...duplicates].map(([key, entries]) => [key, duplicateNote(entries, when)] as const));

  const header = values[0] ?? (existing ? [] : [INPUT_HEADERS.sku]);
  // The columns the push reads are the ones the pull writes: through the sheet's column mapping.
  const columns = placePullColumns(header, table.columns, specs, aliases);
  const plan = planUpsert({
    values: values.length > 0 ? values : [header],
    placed: columns.placed,
    rows: table.rows.map((r) => ({ rowNumber: r.rowNumber, sku: r.sku, held: r.skipped })),
    products,
    layout,
    inHubText: IN_HUB_YES,
    inHubNotes,
    absent: complete
      ? {
          missing: `No (not in the hub at the pull of ${when})`,
          twin: (sheetSku, hubSkus) => `No \u2014 ${twinMessage(sheetSku, hubSkus).replace(/^The/, 'the')} (pull of ${when})`,
        }
      : null,
  });
  return { ...target, started, now, listing, products, layout, complete, duplicates, columns, plan };
}

/** The pull's columns added and written, appended rows' SKUs, and prices formatted as money. */
function writePull(ctx: Context, pull: Pull): void {
  const { existing, name, mapping, columns, plan, table, values } = pull;
  const { placed, skuColumn } = columns;
  const sheet: SheetPort = existing ?? ctx.ports.workbook.ensureSheet(name, [INPUT_HEADERS.sku]);
  // Before the sheet: a mapping too large to save stops the pull with nothing written.
  addToColumnMapping(ctx.ports.documentStore, sheet, mapping, columns.added);
  applyColumnPlan(sheet, columns, plan.lastRow);
  const specAt = new Map(placed.map((p) => [p.column, p.spec] as const));
  const rowAt = new Map(table.rows.map((r) => [r.rowNumber, r] as const));
  // A cell whose ruled value the hub holds keeps the seller's base value (the rule made the one from the other).
  const cell = (row: number, column: number): CellValue => {
    const pulled = plan.cell(row, column);
    const spec = specAt.get(column) ?? null;
    return ruledInLine(table.columns, rowAt.get(row), spec, pulled) ? keptCell(spec, values[row - 1]?.[column]) : pulled;
  };
  if (plan.lastRow >= 2)
    writeBlocks(
      sheet,
      [[2, plan.lastRow]],
      placed.map((p) => p.column),
      cell,
    );
  if (plan.appended.skus.length > 0)
    sheet.write(
      plan.appended.firstRow,
      skuColumn + 1,
      plan.appended.skus.map((s) => [s]),
    );
  formatPriceColumns(sheet, placed, plan.lastRow, new Set(columns.missing.map((m) => m.column)));
}

/** The seller's message, the Log line, and the outcome. */
function reportPull(ctx: Context, pull: Pull): PullDone {
  const { client, filter, plan, listing, duplicates, columns, now } = pull;
  const requests = client.stats.requests;
  const message = pullMessage(pull, requests);
  writeLog(ctx, {
    time: now,
    user: ctx.ports.session.userEmail(),
    operation: `Pull catalogue${filter ? ` (${filter})` : ''}`,
    ok: plan.updatedRows + plan.addedRows,
    failed: 0,
    skipped: plan.missingRows,
    requests,
    retries: client.stats.retries,
    durationMs: now - pull.started,
    message,
  });
  return {
    status: 'done',
    skus: pull.products.length,
    updated: plan.updatedRows,
    added: plan.addedRows,
    notInHub: plan.missingRows,
    consistent: listing.problem === null,
    duplicates: duplicates.size,
    twins: plan.twins.length,
    unreachable: plan.unreachable.length,
    leftOut: plan.leftOut.rows,
    columnsAdded: columns.missing.length,
    requests,
    retries: client.stats.retries,
    message,
  };
}

/** What the pull did, in one sentence, then its caveats. */
function pullMessage({ plan, complete, filter, listing, duplicates, columns, products, name }: Pull, requests: number): string {
  const parts = [`${n(plan.updatedRows)} row${plan.updatedRows === 1 ? '' : 's'} updated`, `${n(plan.addedRows)} added`];
  if (complete) parts.push(`${n(plan.missingRows)} marked not in the hub`);
  const scope = filter ? ` listed on ${filter}` : '';
  const notes = [
    listingCaveat(listing),
    duplicatesSentence(duplicates),
    twinsSentence(plan.twins, complete),
    unreachableSentence(plan.unreachable),
    leftOutSentence(plan.leftOut),
    leftAloneSentence(columns.left),
  ].filter((x) => x !== null);
  return [
    `Pulled ${n(products.length)} SKUs${scope} into "${name}": ${parts.join(', ')} \u2014 ${n(requests)} request${requests === 1 ? '' : 's'}. Push changes now sends only what you edit from here.`,
    ...notes,
  ].join(' ');
}

/**
 * The price and sale price columns written (rows 2 to `lastRow`) show money as Sheets users
 * expect, `#,##0.00`, where the seller has not formatted them otherwise. A column the pull added
 * (`created`, 0-based) has no format of anyone's: set, one call per run of adjacent ones, nothing
 * read. A column already there is read first (a read and at most a write per run of adjacent
 * ones, e.g. a channel's Price and Sale price), so the seller's own format stays.
 */
export function formatPriceColumns(
  sheet: SheetPort,
  placed: ReadonlyArray<{ column: number; spec: PullColumn }>,
  lastRow: number,
  created: ReadonlySet<number>,
): void {
  if (lastRow < 2) return;
  const prices = placed.filter(({ spec }) => spec.kind === 'channelValue' && (spec.field === 'price' || spec.field === 'salePrice'));
  const fresh = prices.filter((p) => created.has(p.column)).map((p) => p.column + 1);
  const there = prices.filter((p) => !created.has(p.column)).map((p) => p.column + 1);
  for (const run of contiguousRuns(fresh)) sheet.setNumberFormat(2, run[0], lastRow - 1, run.length, PRICE_FORMAT);
  for (const run of contiguousRuns(there)) sheet.setDefaultNumberFormat(2, lastRow - 1, run, PRICE_FORMAT);
}
