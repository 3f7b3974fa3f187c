/**
 * Pull the catalogue into Stock & Prices (Get Products Stock Price, every page, in parallel):
 * one row per SKU, upserted, with the per-channel columns; then the snapshot holds what the hub
 * holds, so that "push changes" sends only what is edited afterwards. A row is marked "not in the
 * hub" only when a complete, consistent listing proves it (listing.ts).
 */
import { HubError } from '../../api/errors';
import { INPUT_HEADERS, readTable } from '../../sheet';
import { hubClient, type Context } from '../context';
import { UserError } from '../errors';
import { withDocumentLock } from '../document-lock';
import { appendLog } from '../log';
import type { CellValue, SheetPort } from '../ports';
import { readStockTable } from '../push/stock-table';
import { tableOptions } from '../push/table-options';
import { SnapshotStore } from '../push/snapshot';
import { addToColumnMapping } from '../columns/store';
import { channelAliases, writtenChannel } from './channels';
import { keptCell, mergePulled } from './cells';
import { IN_HUB_YES, pullColumns } from './columns';
import { overwriteQuestion, overwriteSummary, ruledInLine, unconfirmedEdits, writtenBy } from './edits';
import { assertNoPushRunning, headerProblem } from './guards';
import { duplicateNote, findDuplicates } from './duplicates';
import { readListing, type ListingRead } from './listing';
import { inSkuOrder, layoutOf, readProducts } from './products';
import { duplicatesSentence, leftAloneSentence, leftOutSentence, listingCaveat, twinsSentence, unreachableSentence } from './pull-report';
import { twinMessage } from './sku-match';
import { placePullColumns } from './placement';
import { applyColumnPlan, formatPriceColumns, writeBlocks } from './sheet-blocks';
import type { Confirm, PullOptions, PullOutcome } from './types';
import { planUpsert } from './upsert';
import { localDateTime } from './when';

const LOCK_WAIT_MS = 10_000;

const n = (x: number): string => x.toLocaleString('en-US');

/** True when any cell is not what it was (a sort, a row or column inserted or deleted, a value typed). */
function changedMeanwhile(before: readonly CellValue[][], now: readonly CellValue[][]): boolean {
  if (before.length !== now.length) return true;
  const text = (v: CellValue | undefined): string => (v instanceof Date ? `d${v.getTime()}` : `${typeof v}:${String(v ?? '')}`);
  return before.some((row, r) => row.length !== (now[r]?.length ?? 0) || row.some((v, c) => text(v) !== text(now[r][c])));
}

/** The pull. `confirm` is asked before replacing values the hub has not confirmed. */
export function pullCatalogue(ctx: Context, options: PullOptions, confirm: Confirm): PullOutcome {
  return withDocumentLock(ctx, 'Pull catalogue', LOCK_WAIT_MS, () => {
    assertNoPushRunning(ctx, 'Pull catalogue');
    const client = hubClient(ctx);
    const name = ctx.settings.sheetNames.stock;
    const aliases = channelAliases(ctx.settings);
    // The seller's name for the channel (an alias, any case) is sent as the hub's written code.
    const filter = options.channel?.trim() ? writtenChannel(options.channel, aliases) : null;
    const existing = ctx.ports.workbook.sheet(name);
    // A sheet the pull creates starts as the header row it is created with.
    const { values, table, mapping } = existing
      ? readStockTable(ctx, existing)
      : {
          values: [] as CellValue[][],
          table: readTable([[INPUT_HEADERS.sku]], tableOptions(ctx.settings, ctx.ports.workbook.locale())),
          mapping: null,
        };
    const problem = headerProblem(table, name, 'pull');
    if (problem) throw new UserError(problem);

    const started = ctx.ports.clock.now();
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
    const listing = got.listing;
    // The pull writes by row and column, and asks about values it replaces: a sheet sorted,
    // reshaped or typed into while the hub was read would get products' values in other rows, or
    // lose an edit nobody was asked about. Checked again now; if it changed, nothing is written.
    if (existing && changedMeanwhile(values, existing.readAll())) {
      throw new UserError(
        `"${name}" was changed (rows sorted, inserted or deleted, columns moved, or values typed) while the catalogue was read, so nothing was written: no product's values may land in another product's row, and no edit is replaced without asking. Pull again.`,
      );
    }
    const products = inSkuOrder(
      readProducts(
        listing.entries.map((e) => e.product),
        aliases,
      ),
      options.sort,
    );
    const layout = layoutOf(products);
    const specs = pullColumns(layout);
    const now = ctx.ports.clock.now();
    const when = localDateTime(now, ctx.ports.session.timeZone());
    // A pull filtered by channel does not list every SKU, and a listing that changed while it was
    // read may have skipped one: in both cases "not in the hub" could be wrong, so nobody is marked.
    const complete = filter === null && listing.problem === null;
    // Only a consistent listing tells a duplicate from a product a changing list showed twice.
    const duplicates = listing.problem === null ? findDuplicates(listing.entries) : new Map<string, never[]>();
    const inHubNotes = new Map([...duplicates].map(([key, entries]) => [key, duplicateNote(entries, when)] as const));

    const header = values[0] ?? (existing ? [] : [INPUT_HEADERS.sku]);
    // The columns the push reads are the ones the pull writes: through the sheet's column mapping.
    const columns = placePullColumns(header, table.columns, specs, aliases);
    const { placed, skuColumn } = columns;
    const plan = planUpsert({
      values: values.length > 0 ? values : [header],
      placed,
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

    // Asked only now, when it is known which rows and columns the pull rewrites.
    const snapshot = new SnapshotStore(ctx.ports.workbook);
    const current = snapshot.load();
    const edits = unconfirmedEdits(table.rows, table.columns, current, plan.updatedRowNumbers, writtenBy(layout), plan.pulledBySku);
    if (edits.rows > 0) {
      const question = overwriteQuestion('Pulling the catalogue', edits);
      if (!confirm(question)) {
        return {
          status: 'needsConfirmation',
          editedRows: edits.rows,
          examples: edits.examples,
          message: `Nothing was written. ${overwriteSummary('Pulling the catalogue', edits)} Push changes first to keep your edits, or overwrite them.`,
        };
      }
    }

    const sheet: SheetPort = existing ?? ctx.ports.workbook.ensureSheet(name, [INPUT_HEADERS.sku]);
    // Before the sheet: a mapping too large to save stops the pull with nothing written.
    addToColumnMapping(ctx.ports.documentStore, sheet, mapping, columns.added);
    applyColumnPlan(sheet, columns, plan.lastRow);
    const specAt = new Map(placed.map((p) => [p.column, p.spec] as const));
    const rowAt = new Map(table.rows.map((r) => [r.rowNumber, r] as const));
    // A cell whose ruled value the hub holds keeps the seller's base value (issue 18).
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
    formatPriceColumns(sheet, placed, plan.lastRow);

    const entries = new Map<string, Record<string, number>>();
    plan.pulledBySku.forEach((pulled, sku) => entries.set(sku, mergePulled(current.get(sku), pulled, layout)));
    snapshot.replace(entries, current, now);

    const requests = client.stats.requests;
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
    const message = [
      `Pulled ${n(products.length)} SKUs${scope} into "${name}": ${parts.join(', ')} \u2014 ${n(requests)} request${requests === 1 ? '' : 's'}. Push changes now sends only what you edit from here.`,
      ...notes,
    ].join(' ');
    appendLog(
      ctx.ports.workbook,
      ctx.settings.sheetNames.log,
      {
        time: now,
        user: ctx.ports.session.userEmail(),
        operation: `Pull catalogue${filter ? ` (${filter})` : ''}`,
        ok: plan.updatedRows + plan.addedRows,
        failed: 0,
        skipped: plan.missingRows,
        requests,
        retries: client.stats.retries,
        durationMs: now - started,
        message,
      },
      ctx.settings.logMaxRows,
    );
    return {
      status: 'done',
      skus: products.length,
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
  });
}
