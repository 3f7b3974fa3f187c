/**
 * Refresh the selected rows of Stock & Prices from the hub (Get Price Stock By Channel, one GET
 * per SKU, in parallel): the same per-channel columns as a pull, for those rows only, and their
 * snapshot entries. The general Quantity is not refreshed: that endpoint does not return it.
 */
import { escapeCellText } from '../../sheet';
import { HubError } from '../../api/errors';
import { hubClient, type Context } from '../context';
import { UserError } from '../errors';
import { withDocumentLock } from '../guard';
import { appendLog } from '../log';
import type { CellValue } from '../ports';
import { missingSheetMessage } from '../push/load';
import { readStockTable } from '../push/stock-table';
import { SnapshotStore } from '../push/snapshot';
import { channelAliases } from './channels';
import { confirmedValues, keptCell, mergePulled, pulledCell } from './cells';
import { IN_HUB_YES, pullColumns } from './columns';
import { overwriteQuestion, overwriteSummary, unconfirmedEdits, writtenBy } from './edits';
import { assertNoPushRunning, headerProblem } from './guards';
import { layoutOf, readProduct, type PulledProduct } from './products';
import { selectedRows } from './selection';
import { applyColumnPlan, planColumns, rowRuns, writeBlocks } from './sheet-blocks';
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
    const { values, table } = readStockTable(sheet, ctx.settings);
    const problem = headerProblem(table, name, 'refresh');
    if (problem) throw new UserError(problem);
    const rows = table.rows.filter((r) => !r.blank && r.sku !== null && selected.has(r.rowNumber));
    if (rows.length === 0) throw new UserError(`The selected rows of "${name}" hold no SKU: select rows with a SKU (or pull the whole catalogue).`);

    const started = ctx.ports.clock.now();
    const aliases = channelAliases(ctx.settings);
    const skus = [...new Set(rows.map((r) => r.sku as string))];
    const outcomes = client.getByChannel(skus);
    const found = new Map<string, PulledProduct>();
    const notFound = new Set<string>();
    const failures: string[] = [];
    skus.forEach((sku, i) => {
      const o = outcomes[i];
      if (o.ok) found.set(sku, readProduct(o.value, aliases));
      else if (o.error instanceof HubError && o.error.kind === 'not-found') notFound.add(sku);
      else failures.push(`${sku}: ${o.error.message}`);
    });

    const layout = layoutOf([...found.values()]);
    const snapshot = new SnapshotStore(ctx.ports.workbook);
    const current = snapshot.load();
    const rewritten = new Set(rows.filter((r) => found.has(r.sku as string)).map((r) => r.rowNumber));
    const edits = unconfirmedEdits(rows, table.columns, current, rewritten, writtenBy(layout));
    if (edits.rows > 0) {
      const question = overwriteQuestion('Refreshing these rows', edits);
      if (!confirm(question)) {
        return { status: 'needsConfirmation', editedRows: edits.rows, examples: edits.examples, message: `Nothing was written. ${overwriteSummary('Refreshing these rows', edits)} Push changes first to keep your edits, or overwrite them.` };
      }
    }

    const specs = pullColumns(layout);
    const columns = planColumns(values[0] ?? [], specs.map((s) => s.header), aliases);
    const placed = specs.map((spec) => ({ column: columns.where[spec.header], spec }));
    const specAt = new Map(placed.map((p) => [p.column, p.spec] as const));
    const skuAt = new Map(rows.map((r) => [r.rowNumber, r.sku as string]));
    const now = ctx.ports.clock.now();
    const missingText = `No (not in the hub at the refresh of ${localDateTime(now, ctx.ports.session.timeZone())})`;
    const cell = (row: number, column: number): CellValue => {
      const spec = specAt.get(column) ?? null;
      const sku = skuAt.get(row) as string;
      const product = found.get(sku);
      if (product && spec) return pulledCell(spec, product, IN_HUB_YES);
      if (spec?.kind === 'inHub') return escapeCellText(missingText);
      return keptCell(spec, values[row - 1]?.[column]);
    };
    // Rows that could not be read are left out of the blocks: nothing of theirs is rewritten.
    const written = rows.filter((r) => found.has(r.sku as string) || notFound.has(r.sku as string)).map((r) => r.rowNumber);
    if (written.length > 0) {
      applyColumnPlan(sheet, columns, values.length);
      writeBlocks(sheet, rowRuns(written), placed.map((p) => p.column), cell);
    }

    const entries = new Map<string, Record<string, number>>();
    found.forEach((product, sku) => entries.set(sku, mergePulled(current.get(sku), confirmedValues(product, layout), layout)));
    snapshot.replace(entries, current, now);

    const refreshed = rows.filter((r) => found.has(r.sku as string)).length;
    const gone = rows.filter((r) => notFound.has(r.sku as string)).length;
    const failed = rows.length - refreshed - gone;
    const requests = client.stats.requests;
    const parts = [`${refreshed} row${refreshed === 1 ? '' : 's'} refreshed`];
    if (gone) parts.push(`${gone} not in the hub`);
    if (failed) parts.push(`${failed} could not be read (${failures.slice(0, 2).join('; ')}${failures.length > 2 ? '; …' : ''}) \u2014 refresh them again`);
    const message = `Refresh from the hub: ${parts.join(', ')} \u2014 ${requests} request${requests === 1 ? '' : 's'}.`;
    appendLog(ctx.ports.workbook, ctx.settings.sheetNames.log, {
      time: now, user: ctx.ports.session.userEmail(), operation: 'Refresh rows from the hub', ok: refreshed, failed, skipped: gone,
      requests, retries: client.stats.retries, durationMs: now - started, message,
    }, ctx.settings.logMaxRows);
    return { status: 'done', rows: rows.length, refreshed, notInHub: gone, failed, requests, message };
  });
}
