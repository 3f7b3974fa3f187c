import type { HubClient } from '../../api/client';
import type { Outcome } from '../../api/call-runner';
import { ORDER_STATUSES, type Order, type OrderUpdate } from '../../api/schemas/orders';
import { escapeCellText } from '../../sheet';
import { timeLeft, type Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { UserError } from '../kernel/errors';
import { withDocumentLock } from '../kernel/document-lock';
import { writeLog } from '../kernel/log';
import { missingSheetMessage } from '../pipeline/load';
import type { CellValue } from '../kernel/ports';
import { EDITABLE, ORDER_HEADERS } from './columns';
import { cellText } from './order-rows';
import { OrderSnapshots, snapshotText, type OrderSnapshot } from './order-snapshot';
import { openOrdersTable } from './write-orders';
import type { KeyedTable } from './keyed-table';

export interface UpdateSummary {
  updated: number;
  failed: number;
  /** Orders with edits not sent for lack of time (run again). */
  left: number;
  message: string;
}

const LOCK_WAIT_MS = 10_000;
const BUDGET_MS = 4.5 * 60_000;
/** Orders updated per fetchAll slice between time checks. */
const UPDATE_SLICE = 40;

/** An edited order: the fields to send, and what each cell read (the snapshot takes it on success). */
export interface OrderEdit {
  row: number;
  orderId: string;
  fields: OrderUpdate;
  cells: OrderSnapshot;
  headers: string[];
}

/**
 * The fields of a row that differ from what the import wrote, read as Update Order wants them.
 * Pure. A status is upper-cased and must be one the hub knows; a row without a snapshot is not
 * compared (nothing tells an edit from an old import).
 */
export function editsOf(
  read: (header: string) => CellValue | undefined,
  snapshot: OrderSnapshot | undefined,
): { fields: OrderUpdate; cells: OrderSnapshot; headers: string[]; problems: string[] } {
  const fields: OrderUpdate = {};
  const cells: OrderSnapshot = {};
  const headers: string[] = [];
  const problems: string[] = [];
  if (!snapshot) return { fields, cells, headers, problems };
  for (const { column, field } of EDITABLE) {
    const header = ORDER_HEADERS[column];
    const last = snapshotText(snapshot, field);
    const cell = cellText(read(header));
    if (last === null || cell === last) continue;
    if (field === 'internalStatus') {
      const status = cell.trim().toUpperCase();
      if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
        problems.push(`${header} '${cell}' is not a status the hub accepts (${ORDER_STATUSES.join(', ')})`);
        continue;
      }
      fields.internalStatus = status as OrderUpdate['internalStatus'];
    } else {
      fields[field] = cell;
    }
    cells[field] = cell;
    headers.push(header);
  }
  return { fields, cells, headers, problems };
}

/** An edit sent, and the hub's answer. */
interface SentEdit {
  edit: OrderEdit;
  outcome: Outcome<Order>;
}

/**
 * Update Order for every row of Orders whose editable cells (Comments, Status, Order status,
 * External number) differ from what was imported: exactly those fields are sent. The row says
 * what happened; on success the snapshot takes the sent values, so nothing is sent twice.
 */
export function sendEditedOrders(ctx: Context): UpdateSummary {
  const client = hubClient(ctx);
  const name = ctx.settings.sheetNames.orders;
  return withDocumentLock(ctx, 'Send edited orders', LOCK_WAIT_MS, () => {
    if (!ctx.ports.workbook.sheet(name)) throw new UserError(missingSheetMessage(name, 'Orders'));
    const table = openOrdersTable(ctx);
    const store = new OrderSnapshots(ctx.ports.workbook);
    const snapshots = store.load(table.keys().keys());
    const { edits, refused } = editedRows(table, snapshots);
    const { sent, left } = sendInSlices(ctx, client, edits);
    const { updated, failed, confirmed } = markSent(table, sent);
    table.flush({ maxGap: 10 });
    store.save(confirmed, ctx.ports.clock.now());
    const counts = { updated, failed: refused + failed, left };
    const summary = { ...counts, message: updateMessage(counts, edits.length) };
    if (edits.length > 0 || summary.failed > 0) logSend(ctx, client, summary);
    return summary;
  });
}

/** The rows with edits to send; a row whose edit the hub would refuse says so and counts as refused. */
function editedRows(table: KeyedTable, snapshots: ReadonlyMap<string, OrderSnapshot>): { edits: OrderEdit[]; refused: number } {
  const edits: OrderEdit[] = [];
  let refused = 0;
  for (const [orderId, row] of table.keys()) {
    const found = editsOf((h) => table.read(row, h), snapshots.get(orderId));
    if (found.problems.length > 0) {
      refused++;
      table.set(row, {
        [ORDER_HEADERS.syncStatus]: 'Error',
        [ORDER_HEADERS.syncMessage]: escapeCellText(`Not sent: ${found.problems.join('; ')}.`),
      });
    } else if (found.headers.length > 0) {
      edits.push({ row, orderId, ...found });
    }
  }
  return { edits, refused };
}

/** Sent in slices, all requests of a slice at once, until the time budget is used; `left`: the edits not sent. */
function sendInSlices(ctx: Context, client: HubClient, edits: readonly OrderEdit[]): { sent: SentEdit[]; left: number } {
  const sent: SentEdit[] = [];
  let left = 0;
  for (let i = 0; i < edits.length; i += UPDATE_SLICE) {
    const slice = edits.slice(i, i + UPDATE_SLICE);
    if (timeLeft(ctx, BUDGET_MS) <= 0) {
      left += slice.length;
      continue;
    }
    client
      .updateOrders(slice.map((e) => ({ orderId: e.orderId, fields: e.fields })))
      .forEach((outcome, j) => sent.push({ edit: slice[j], outcome }));
  }
  return { sent, left };
}

/** Each sent row says what the hub answered; the cells the hub took are the snapshot's now. */
function markSent(
  table: KeyedTable,
  sent: readonly SentEdit[],
): { updated: number; failed: number; confirmed: Map<string, OrderSnapshot> } {
  const confirmed = new Map<string, OrderSnapshot>();
  let updated = 0;
  let failed = 0;
  for (const { edit, outcome } of sent) {
    if (outcome.ok) {
      updated++;
      confirmed.set(edit.orderId, edit.cells);
      table.set(edit.row, {
        [ORDER_HEADERS.syncStatus]: 'Updated',
        [ORDER_HEADERS.syncMessage]: escapeCellText(`Sent ${edit.headers.join(', ')} to the hub.`),
      });
    } else {
      failed++;
      table.set(edit.row, {
        [ORDER_HEADERS.syncStatus]: 'Error',
        [ORDER_HEADERS.syncMessage]: escapeCellText(`${edit.headers.join(', ')} not sent: ${outcome.error.message}`),
      });
    }
  }
  return { updated, failed, confirmed };
}

function updateMessage({ updated, failed, left }: Omit<UpdateSummary, 'message'>, edits: number): string {
  const parts = [`${updated} order${updated === 1 ? '' : 's'} updated`];
  if (failed) parts.push(`${failed} not sent (see Sync message)`);
  if (left) parts.push(`${left} left for lack of time: run it again`);
  return edits === 0 && failed === 0
    ? 'No edited order to send: Comments, Status, Order status and External number are as imported.'
    : `Send edited orders: ${parts.join(', ')}.`;
}

function logSend(ctx: Context, client: HubClient, { updated, failed, left, message }: UpdateSummary): void {
  writeLog(ctx, {
    time: ctx.ports.clock.now(),
    user: ctx.ports.session.userEmail(),
    operation: 'Send edited orders',
    ok: updated,
    failed,
    skipped: left,
    requests: client.stats.requests,
    retries: client.stats.retries,
    durationMs: ctx.ports.clock.now() - ctx.startedAt,
    message,
  });
}
