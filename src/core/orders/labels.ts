import type { LabelType } from '../../api/schemas/orders';
import { escapeCellText } from '../../sheet';
import type { Context } from '../kernel/context';
import type { CellValue } from '../kernel/ports';
import { hubClient } from '../settings/context';
import { ApiDisabledError, UserError } from '../kernel/errors';
import { selectedRows } from '../kernel/selection';
import { withDocumentLock } from '../kernel/document-lock';
import { logNote, runCost } from '../kernel/log';
import { missingSheetMessage } from '../pipeline/load';
import { LABEL_FOLDER, ORDER_HEADERS } from './columns';
import type { KeyedTable } from './keyed-table';
import { orderKey } from './order-rows';
import { openOrdersTable } from './write-orders';

export interface LabelSummary {
  cancelled: boolean;
  printed: number;
  failed: number;
  /** Order id → link of the saved label. */
  files: Array<{ orderId: number; url: string }>;
  message: string;
}

const LOCK_WAIT_MS = 10_000;
const SHOWN_IDS = 10;

/** A clickable link to a Drive file. The URL comes from Drive, never from the hub. */
export function labelLink(url: string, type: LabelType): string {
  return `=HYPERLINK("${url.replace(/"/g, '""')}","${type.toUpperCase()} label")`;
}

/** Order ids of the selected, visible rows of the Orders sheet, in row order. */
/** Labels per run: each is a request and a Drive file, and the 6 minutes must hold them all. */
const MAX_LABELS = 500;

function selectedOrderIds(ctx: Context, table: KeyedTable): number[] {
  const name = table.sheet.name;
  const how = `Select the orders' rows in "${name}" first (click a row number; Shift+click or Ctrl+click for more).`;
  const { rows } = selectedRows(ctx, table.sheet, { max: MAX_LABELS, what: 'print labels for', skipHidden: true });
  const ids: number[] = [];
  for (const r of [...rows].sort((a, b) => a - b)) {
    const key = orderKey(table.read(r, ORDER_HEADERS.orderId));
    if (/^\d+$/.test(key) && !ids.includes(Number(key))) ids.push(Number(key));
  }
  if (ids.length === 0) throw new UserError(`${how} The selection holds no row with an Order id.`);
  return ids;
}

/**
 * The labels folder, found or made before the hub is asked for anything: a Drive that refuses
 * (its API off in the Cloud project) stops the run before a label is printed, since the first
 * print tells the buyer. Google's own error goes to the Log.
 */
function prepareLabelFolder(ctx: Context, type: LabelType, labels: number): void {
  try {
    ctx.ports.files.prepare(LABEL_FOLDER);
  } catch (e) {
    if (!(e instanceof ApiDisabledError)) throw e;
    logNote(ctx, `Print labels (${type})`, `${e.message} Google's error: ${e.raw}`, { failed: labels });
    throw new UserError(`${e.message} No label was requested from the hub.`);
  }
}

type SavedLabel = { url: string; cells: Record<string, CellValue> } | { raw: string | null; cells: Record<string, CellValue> };

/** Saves one printed label to Drive; the row's cells say where it is, or why Drive did not keep it. */
function saveLabel(ctx: Context, label: { orderId: number; type: LabelType; mimeType: string; bytes: number[] }): SavedLabel {
  const fileName = `label-${label.orderId}.${label.type}`;
  try {
    const file = ctx.ports.files.save(LABEL_FOLDER, fileName, label.mimeType, label.bytes);
    return {
      url: file.url,
      cells: {
        [ORDER_HEADERS.label]: labelLink(file.url, label.type),
        [ORDER_HEADERS.syncStatus]: 'Label printed',
        [ORDER_HEADERS.syncMessage]: escapeCellText(
          `${label.type.toUpperCase()} label saved in Drive \u203a ${LABEL_FOLDER} \u203a ${fileName}.`,
        ),
      },
    };
  } catch (e) {
    const disabled = e instanceof ApiDisabledError;
    const why = e instanceof Error ? e.message : String(e);
    const message = disabled
      ? `${why} The hub printed the label; printing again is safe once it is enabled.`
      : `The hub printed the label but Drive did not save it (${why}); printing again is safe now.`;
    return {
      raw: disabled ? e.raw : null,
      cells: { [ORDER_HEADERS.syncStatus]: 'Error', [ORDER_HEADERS.syncMessage]: escapeCellText(message) },
    };
  }
}

/**
 * Print Label for the selected orders, after the seller confirms: the first print of an order
 * makes the marketplace tell the buyer it is being processed, so it is never done by a trigger
 * and never without asking. Each label is saved to the Drive folder "Hub Sync labels" and its
 * link written in the row's Label column; a refusal (channel without labels, or without ZPL)
 * is written on the row with the hub's reason.
 */
export function printLabels(ctx: Context, type: LabelType): LabelSummary {
  if (!ctx.interactive)
    throw new UserError(
      'Shipping labels are printed only from the menu, by a person: the first print tells the buyer the order is being processed.',
    );
  const client = hubClient(ctx);
  const name = ctx.settings.sheetNames.orders;
  if (!ctx.ports.workbook.sheet(name)) throw new UserError(missingSheetMessage(name, 'Orders'));
  const ids = selectedOrderIds(ctx, openOrdersTable(ctx));
  const shown = ids.slice(0, SHOWN_IDS).join(', ') + (ids.length > SHOWN_IDS ? ` and ${ids.length - SHOWN_IDS} more` : '');
  const question =
    `Print ${ids.length} ${type.toUpperCase()} shipping label${ids.length === 1 ? '' : 's'} for order${ids.length === 1 ? '' : 's'} ${shown}?\n\n` +
    'The first time a label is printed, the marketplace tells the buyer that the order is being processed. This cannot be undone.';
  // Asked before taking the lock: nobody else waits while the seller reads.
  if (!ctx.ports.notifier.confirm(question, 'Print shipping labels')) {
    return { cancelled: true, printed: 0, failed: 0, files: [], message: 'Print labels cancelled: nothing was sent to the hub.' };
  }
  return withDocumentLock(ctx, 'Print labels', LOCK_WAIT_MS, () => {
    const table = openOrdersTable(ctx);
    const summary: LabelSummary = { cancelled: false, printed: 0, failed: 0, files: [], message: '' };
    prepareLabelFolder(ctx, type, ids.length);
    /** Google's own errors, for the developer reading the Log. */
    const googleErrors = new Set<string>();
    // All labels requested at once (fetchAll); each one is then saved to Drive.
    const outcomes = client.printLabels(
      ids.map((orderId) => ({ orderId })),
      type,
    );
    ids.forEach((orderId, i) => {
      const row = table.rowOf(String(orderId));
      const outcome = outcomes[i];
      if (!outcome.ok) {
        summary.failed++;
        if (row !== null)
          table.set(row, {
            [ORDER_HEADERS.syncStatus]: 'Error',
            [ORDER_HEADERS.syncMessage]: escapeCellText(`Label not printed: ${outcome.error.hubMessage ?? outcome.error.message}`),
          });
        return;
      }
      const saved = saveLabel(ctx, { orderId, type, mimeType: outcome.value.mimeType, bytes: outcome.value.bytes });
      if ('url' in saved) {
        summary.printed++;
        summary.files.push({ orderId, url: saved.url });
      } else {
        summary.failed++;
        if (saved.raw) googleErrors.add(saved.raw);
      }
      if (row !== null) table.set(row, saved.cells);
    });
    // Exact: a Label cell holds a link formula, which a rewrite of its value would destroy.
    table.flush({ maxGap: 0, exact: true });
    summary.message = `Print labels (${type.toUpperCase()}): ${summary.printed} saved to Drive \u203a ${LABEL_FOLDER}${summary.failed ? `, ${summary.failed} not printed (see Sync message)` : ''}.`;
    const logged = googleErrors.size ? `${summary.message} Google's error: ${[...googleErrors].join(' · ')}` : summary.message;
    logNote(ctx, `Print labels (${type})`, logged, { ok: summary.printed, failed: summary.failed, ...runCost(ctx, client.stats) });
    return summary;
  });
}
