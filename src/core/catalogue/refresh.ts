/**
 * Refresh the selected rows of Stock & Prices from the hub (Get Price Stock By Channel, one GET
 * per SKU, in parallel): the same per-channel columns as a pull, for those rows only, and their
 * snapshot entries. The general Quantity is not refreshed: that endpoint does not return it. For
 * a SKU the hub has twice it answers the product a push by SKU updates: the hub reads and writes by
 * SKU the same, oldest, product.
 */
import { escapeCellText } from '../../sheet';
import { hubClient, type Context } from '../context';
import { UserError } from '../errors';
import { withDocumentLock } from '../document-lock';
import { appendLog } from '../log';
import type { CellValue } from '../ports';
import { missingSheetMessage } from '../push/load';
import { readStockTable } from '../push/stock-table';
import { SnapshotStore } from '../push/snapshot';
import { addToColumnMapping } from '../columns/store';
import { answerDoubt, isMissingProduct } from './by-channel-answer';
import { channelAliases } from './channels';
import { confirmedValues, keptCell, mergePulled, pulledCell } from './cells';
import { IN_HUB_YES, pullColumns } from './columns';
import { overwriteQuestion, overwriteSummary, ruledInLine, unconfirmedEdits, writtenBy } from './edits';
import { isDuplicateNote } from './duplicates';
import { assertNoPushRunning, headerProblem } from './guards';
import { layoutOf, readProduct, type PulledProduct } from './products';
import { selectedRows } from './selection';
import { placePullColumns } from './placement';
import { leftAloneSentence, leftOutSentence } from './pull-report';
import { applyColumnPlan, rowRuns, writeBlocks } from './sheet-blocks';
import type { Confirm, RefreshOutcome } from './types';
import { localDateTime } from './when';

/** More rows than this: pull the catalogue instead (one request per 50 SKUs instead of one per SKU). */
export const MAX_REFRESH_ROWS = 2000;
const LOCK_WAIT_MS = 10_000;

/** Refreshes the selected rows; `confirm` is asked before replacing values the hub has not confirmed. */
export function refreshSelectedRows(ctx: Context, confirm: Confirm): RefreshOutcome {
  return withDocumentLock(ctx, 'Refresh rows from the hub', LOCK_WAIT_MS, () => {
    assertNoPushRunning(ctx, 'Refresh from the hub');
    const client = hubClient(ctx);
    const name = ctx.settings.sheetNames.stock;
    const sheet = ctx.ports.workbook.sheet(name);
    if (!sheet) throw new UserError(missingSheetMessage(name, 'Stock & Prices'));
    const selected = selectedRows(ctx, sheet.name, MAX_REFRESH_ROWS, 'refresh from the hub');
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

    const started = ctx.ports.clock.now();
    const aliases = channelAliases(ctx.settings);
    const skus = [...new Set(rows.map((r) => r.sku as string))];
    const outcomes = client.getByChannel(skus);
    const found = new Map<string, PulledProduct>();
    const notFound = new Set<string>();
    const failures: string[] = [];
    // Answers for another spelling of the SKU: reading again will not help, fixing the SKU will.
    const twins = new Map<string, string>();
    skus.forEach((sku, i) => {
      const o = outcomes[i];
      if (!o.ok) {
        // Only a 404 about the product says the hub has no such SKU; a routing miss ("No HTTP
        // resource was found…", e.g. a '/' in the SKU breaking the hub's route) says nothing of it.
        if (isMissingProduct(o.error)) notFound.add(sku);
        else failures.push(`${sku}: ${o.error.message}`);
        return;
      }
      // The answer is taken only for the SKU asked for, with each channel named once.
      const doubt = answerDoubt(sku, o.value, aliases);
      if (doubt?.twin) twins.set(sku, `${sku}: ${doubt.text}`);
      else if (doubt) failures.push(`${sku}: ${doubt.text}`);
      else found.set(sku, readProduct(o.value, aliases));
    });

    // Read again after the requests: a colleague may have sorted rows, inserted columns or typed
    // a value since. Each SKU's values go to the one row holding that SKU now, in the columns found
    // by header; the question about values the hub has not confirmed is asked of the sheet as it is now.
    const now = ctx.ports.clock.now();
    const reread = readStockTable(ctx, sheet, mapping);
    const rowsNow = new Map<string, number[]>();
    for (const r of reread.table.rows)
      if (r.sku !== null && r.skipped === null) rowsNow.set(r.sku, [...(rowsNow.get(r.sku) ?? []), r.rowNumber]);
    const skuAt = new Map<number, string>();
    let unplaced = 0;
    for (const sku of skus) {
      if (!found.has(sku) && !notFound.has(sku)) continue;
      const at = rowsNow.get(sku) ?? [];
      if (at.length === 1) skuAt.set(at[0], sku);
      else unplaced++;
    }
    const layout = layoutOf([...found.values()]);
    const snapshot = new SnapshotStore(ctx.ports.workbook);
    const current = snapshot.load();
    const rewritten = new Set([...skuAt].filter(([, sku]) => found.has(sku)).map(([row]) => row));
    const incoming = new Map([...found].map(([sku, product]) => [sku, confirmedValues(product, layout)] as const));
    const edits = unconfirmedEdits(reread.table.rows, reread.table.columns, current, rewritten, writtenBy(layout), incoming);
    if (edits.rows > 0) {
      const question = overwriteQuestion('Refreshing these rows', edits);
      if (!confirm(question)) {
        return {
          status: 'needsConfirmation',
          editedRows: edits.rows,
          examples: edits.examples,
          message: `Nothing was written. ${overwriteSummary('Refreshing these rows', edits)} Push changes first to keep your edits, or overwrite them.`,
        };
      }
    }

    // Through the column mapping, like the push and the pull: mapped columns get the hub's values.
    const columns = placePullColumns(reread.values[0] ?? [], reread.table.columns, pullColumns(layout), aliases);
    const { placed } = columns;
    const specAt = new Map(placed.map((p) => [p.column, p.spec] as const));
    const missingText = `No (not in the hub at the refresh of ${localDateTime(now, ctx.ports.session.timeZone())})`;
    const rowAt = new Map(reread.table.rows.map((r) => [r.rowNumber, r] as const));
    const cell = (row: number, column: number): CellValue => {
      const spec = specAt.get(column) ?? null;
      const sku = skuAt.get(row) as string;
      const product = found.get(sku);
      if (product && spec) {
        // The hub answers a SKU with the product pushes update: a pull's note naming the others stays.
        const before = reread.values[row - 1]?.[column];
        const inHub = spec.kind === 'inHub' && isDuplicateNote(before) ? String(before) : IN_HUB_YES;
        // A cell whose ruled value the hub holds keeps the seller's base value (issue 18).
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

    const entries = new Map<string, Record<string, number>>();
    found.forEach((product, sku) => entries.set(sku, mergePulled(current.get(sku), confirmedValues(product, layout), layout)));
    snapshot.replace(entries, current, now);

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
    const message = [`Refresh from the hub: ${parts.join(', ')} \u2014 ${requests} request${requests === 1 ? '' : 's'}.`, ...notes].join(
      ' ',
    );
    appendLog(
      ctx.ports.workbook,
      ctx.settings.sheetNames.log,
      {
        time: now,
        user: ctx.ports.session.userEmail(),
        operation: 'Refresh rows from the hub',
        ok: refreshed,
        failed,
        skipped: gone,
        requests,
        retries: client.stats.retries,
        durationMs: now - started,
        message,
      },
      ctx.settings.logMaxRows,
    );
    return { status: 'done', rows: rows.length, refreshed, notInHub: gone, failed, leftOut: held.length, requests, message };
  });
}
