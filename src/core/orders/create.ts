import type { HubClient } from '../../api/client';
import type { HubError } from '../../api/errors';
import { escapeCellText, findMissingColumns } from '../../sheet';
import { timeLeft, type Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { UserError } from '../kernel/errors';
import { withDocumentLock } from '../kernel/document-lock';
import { numberConvention } from '../settings/number-convention';
import { logNote, runCost } from '../kernel/log';
import type { CellValue } from '../kernel/ports';
import { DRAFT_HEADERS, DRAFT_HEADER_LIST, DRAFT_RESULT_HEADERS } from './columns';
import { DRAFT_OPTIONAL, DRAFT_REQUIRED, DRAFT_STATUS, checkDrafts, type DraftColumns, type DraftOrder } from './drafts';
import { KeyedTable } from './keyed-table';

export interface CreateSummary {
  created: number;
  refused: number;
  /** Orders whose outcome is unknown (timeout, 5xx): marked to be checked in the hub. */
  unknown: number;
  invalid: number;
  skipped: number;
  /** Orders left for another run (the execution's time ran short). */
  left: number;
  message: string;
}

const LOCK_WAIT_MS = 10_000;
/** Orders marked "Sending" and sent per step: a killed execution leaves at most this many to check by hand. */
const BATCH = 10;
/** Stop starting batches this long into the execution. */
const BUDGET_MS = 4.5 * 60_000;

/** Failures after which the hub may have created the order anyway (the request may have been processed). */
const UNKNOWN_OUTCOME: ReadonlySet<HubError['kind']> = new Set(['timeout', 'network', 'server', 'malformed']);

function result(status: string, message: string, orderId: CellValue = ''): Record<string, CellValue> {
  return { [DRAFT_HEADERS.orderId]: orderId, [DRAFT_HEADERS.syncStatus]: status, [DRAFT_HEADERS.syncMessage]: escapeCellText(message) };
}

/**
 * Creates an order in the hub for each group of draft rows (same External id), after checking
 * every row. Never retried and never resent by itself: Create Order is not idempotent. Each
 * batch is first marked "Sending", so a killed execution leaves marks the seller checks, not
 * silent duplicates; a failure whose outcome is unknown is marked "Check in hub" and skipped
 * until the seller clears it; a clear refusal carries the hub's reason and is sent again next
 * time (after the seller fixed the row).
 */
export function createOrdersFromDrafts(ctx: Context): CreateSummary {
  const client = hubClient(ctx);
  const name = ctx.settings.sheetNames.orderDrafts;
  return withDocumentLock(ctx, 'Create orders', LOCK_WAIT_MS, () => {
    if (!ctx.ports.workbook.sheet(name)) {
      ctx.ports.workbook.ensureSheet(name, [...DRAFT_HEADER_LIST]);
      throw new UserError(
        `The sheet "${name}" was created: write one row per order line (rows with the same External id form one order), then run Create orders again.`,
      );
    }
    const table = KeyedTable.open(ctx.ports.workbook, name, DRAFT_RESULT_HEADERS, () => '');
    const at = draftColumns(table);
    const check = checkDrafts(table.values, at, numberConvention(ctx.settings, ctx.ports.workbook.locale()));
    for (const [row, reason] of check.invalid) table.set(row, result(DRAFT_STATUS.invalid, reason));
    const summary: CreateSummary = {
      created: 0,
      refused: 0,
      unknown: 0,
      invalid: check.invalid.size,
      skipped: check.skipped.size,
      left: 0,
      message: '',
    };
    const queue = [...check.orders];
    while (queue.length > 0 && timeLeft(ctx, BUDGET_MS) > 0) {
      const batch = queue.splice(0, BATCH);
      for (const order of batch)
        for (const row of order.rows)
          table.set(
            row,
            result(
              DRAFT_STATUS.sending,
              'Being sent to the hub. If this stays, the run was interrupted: check in the hub whether the order exists before clearing this mark.',
            ),
          );
      table.flush({ maxGap: 10 });
      for (const order of batch) send(client, table, order, summary);
      table.flush({ maxGap: 10 });
    }
    summary.left = queue.length;
    table.flush({ maxGap: 10 });
    summary.message = summarize(summary);
    logNote(ctx, 'Create orders', summary.message, {
      ok: summary.created,
      failed: summary.refused + summary.unknown + summary.invalid,
      skipped: summary.skipped,
      ...runCost(ctx, client.stats),
    });
    return summary;
  });
}

function send(client: HubClient, table: KeyedTable, order: DraftOrder, summary: CreateSummary): void {
  const outcome = client.createOrder(order.body);
  let cells: Record<string, CellValue>;
  if (outcome.ok) {
    summary.created++;
    const said = outcome.value.message ? ` (${outcome.value.message})` : '';
    cells = result(DRAFT_STATUS.created, `Order ${outcome.value.orderId} created in the hub${said}.`, outcome.value.orderId);
  } else if (UNKNOWN_OUTCOME.has(outcome.error.kind)) {
    summary.unknown++;
    cells = result(
      DRAFT_STATUS.unknown,
      `The hub did not confirm this order (${unknownReason(outcome.error)}): it may have been created anyway. Check in the hub (Hub Sync \u203a Orders \u203a Find order ${order.externalId}) before resending; clear this Sync status cell to send it again.`,
    );
  } else if (outcome.error.kind === 'invalid-input') {
    summary.invalid++;
    cells = result(DRAFT_STATUS.invalid, outcome.error.message);
  } else {
    summary.refused++;
    const reason = outcome.error.hubMessage ?? outcome.error.message;
    cells = result(
      DRAFT_STATUS.refused,
      `The hub refused this order, nothing was created: ${reason} Fix the rows and run Create orders again.`,
    );
  }
  for (const row of order.rows) table.set(row, cells);
}

function unknownReason(error: HubError): string {
  switch (error.kind) {
    case 'server':
      return `HTTP ${error.status}`;
    case 'timeout':
      return 'no answer in time';
    case 'network':
      return 'the connection failed';
    default:
      return 'its answer could not be read';
  }
}

/** Columns of the drafts sheet; a UserError names the required ones that are missing. */
function draftColumns(table: KeyedTable): DraftColumns {
  const header = table.values[0] ?? [];
  const names = [...DRAFT_REQUIRED, ...DRAFT_OPTIONAL];
  const { present } = findMissingColumns(
    header,
    names.map((c) => DRAFT_HEADERS[c]),
  );
  const at: DraftColumns = {};
  for (const c of names) if (present[DRAFT_HEADERS[c]] !== undefined) at[c] = present[DRAFT_HEADERS[c]];
  const missing = DRAFT_REQUIRED.filter((c) => at[c] === undefined).map((c) => DRAFT_HEADERS[c]);
  if (missing.length > 0)
    throw new UserError(
      `"${table.sheet.name}" has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}: add ${missing.length > 1 ? 'them' : 'it'} in row 1 (one row per order line), then run Create orders again.`,
    );
  for (const h of DRAFT_RESULT_HEADERS) {
    const key = (Object.keys(DRAFT_HEADERS) as Array<keyof typeof DRAFT_HEADERS>).find((k) => DRAFT_HEADERS[k] === h)!;
    at[key] = table.column(h);
  }
  return at;
}

function summarize(s: CreateSummary): string {
  const parts = [`${s.created} created`];
  if (s.refused) parts.push(`${s.refused} refused by the hub`);
  if (s.unknown) parts.push(`${s.unknown} to check in the hub (no answer)`);
  if (s.invalid) parts.push(`${s.invalid} row${s.invalid === 1 ? '' : 's'} to fix`);
  if (s.skipped) parts.push(`${s.skipped} row${s.skipped === 1 ? '' : 's'} left alone`);
  if (s.left) parts.push(`${s.left} order${s.left === 1 ? '' : 's'} not sent yet (time limit): run Create orders again`);
  return `Create orders: ${parts.join(', ')}. See Sync status in the drafts sheet.`;
}
