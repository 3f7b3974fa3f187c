/**
 * The sale schedule's run: at each start or end due (the background trigger), and when the seller
 * presses Schedule sale prices. It reads the windows from the stock sheet, the hub for the sales it
 * may start or end, and sends the sale prices as one limited push — the push engine's road, so the
 * same limits, the same matching of answers by SKU and channel, the same write-back and a change
 * ledger entry (source `schedule`) for each start and end. Runs with the trigger of the editor who
 * last pressed Schedule sale prices.
 */
import type { Context } from '../kernel/context';
import { dueChanged, updateBackground } from '../kernel/due';
import { UserError } from '../kernel/errors';
import { withDocumentLock } from '../kernel/document-lock';
import { logNote } from '../kernel/log';
import { localDateTime } from '../kernel/time';
import { hubClient } from '../settings/context';
import { hubNow } from '../pipeline/dry-run/read-hub';
import type { ParsedRow } from '../../sheet';
import type { LoadedSheet } from '../pipeline/load';
import { readStockTable } from '../pipeline/stock-table';
import { pushContext } from '../pipeline/sheet-choice';
import type { PushProgress, RowResult } from '../pipeline/types';
import { writeRowResults } from '../pipeline/writeback';
import { startLimitedPush } from '../push/run';
import { nextSaleChange } from './events';
import { checkKey, withChecks } from './guard';
import { planSaleRun, skusToRead, type SalePlan } from './plan';
import { readRunning, readSchedule, writeRunning, writeSchedule, type SaleSchedule } from './store';
import { sheetWindows, type SheetWindows } from './windows';

export const SALE_SCHEDULE = 'Sale schedule';
const MINUTE = 60_000;
/** How long the schedule's own bookkeeping waits for the document lock. */
const LOCK_WAIT_MS = 10_000;
/** The longest the schedule goes without reading the sheet again while a sale runs or is to come. */
const RECHECK_MS = 60 * MINUTE;

/** How soon the schedule acts after a start or end, as the deployment's trigger allows: said in the sheet and the sidebar. */
export function scheduleWhen(ctx: Context): string {
  return ctx.settings.deployment === 'addon'
    ? 'within the hour after it (the Marketplace add-on runs once an hour)'
    : 'within a minute of it (this spreadsheet\u2019s own script checks each minute around then)';
}

/** What a run did, for the sidebar, the menu's message and the Log. */
export interface SaleRun {
  progress: PushProgress;
  /** The hub could not be read for some of the SKUs that had something to do (said in the Log; tried again). */
  readFailed: boolean;
  message: string;
}

/**
 * The rows the run sends nothing for say why (refused, missed, left, waiting, held), in their own
 * result columns — placed by SKU on the sheet read again now (the hub was read since: a colleague
 * may have sorted it or inserted a column). A row that says it already is not written again, and a
 * trigger's run leaves the plain "Scheduled" lines to the seller's own Schedule sale prices (so an
 * hourly check never writes over a push's result).
 */
function writeSaid(ctx: Context, loaded: LoadedSheet, plan: SalePlan, pressed: boolean): void {
  const said = [...plan.said].filter(([, lines]) => pressed || lines.some((l) => !l.text.startsWith('Scheduled: ')));
  if (said.length === 0) return;
  const fresh = readStockTable(ctx, loaded.sheet, loaded.mapping);
  const skuAt = new Map(loaded.table.rows.map((r) => [r.rowNumber, r.sku]));
  const rowsOf = rowsBySku(fresh.table.rows);
  const message = fresh.table.columns.result.message;
  const results = new Map<number, RowResult>();
  for (const [row, lines] of said) {
    const sku = skuAt.get(row);
    const rows = sku ? (rowsOf.get(sku) ?? []) : [];
    const now = rows.includes(row) ? row : rows.length === 1 ? rows[0] : null;
    const text = lines.map((l) => l.text).join('; ');
    if (now === null || (message !== undefined && String(fresh.values[now - 1]?.[message] ?? '') === text)) continue;
    results.set(now, { status: lines[0].status, message: text, channels: {} });
  }
  if (results.size > 0) writeRowResults(ctx, { sheet: loaded.sheet, values: fresh.values, table: fresh.table }, results);
}

/** The schedule reads one stock sheet: it moves to another only with no sale running on the first. */
export function refuseMove(ctx: Context, schedule: SaleSchedule | null, sheet: string): void {
  // A sheet no longer there was renamed or deleted: the seller's choice names where the windows are now.
  if (!schedule || schedule.sheet === sheet || !ctx.ports.workbook.sheet(schedule.sheet)) return;
  const running = readRunning(ctx.ports.workbook).length;
  if (running === 0) return;
  throw new UserError(
    `The sale schedule runs on "${schedule.sheet}", where ${running} sale${running === 1 ? ' is' : 's are'} running: choose Schedule sale prices there (one stock sheet has the sale windows), or end ${running === 1 ? 'it' : 'them'} first by emptying their Sale start and Sale end. Nothing was scheduled.`,
  );
}

/** Who checked, asked for or approved values beyond the price guard rail, in the Log. */
function logChecks(ctx: Context, keys: readonly string[], checked: ReadonlyMap<string, readonly string[]>): void {
  const rail = `Scheduled sale prices beyond the \u00b1${ctx.settings.guards.pricePct} % guard rail`;
  const named = (list: readonly string[]): string =>
    list
      .map((k) => k.split('|'))
      .map(([sku, channel, price]) => `${sku} on ${channel} at ${price}`)
      .join(', ');
  if (!ctx.settings.guards.approve.includes('price')) {
    logNote(ctx, SALE_SCHEDULE, `${rail} checked (I checked these): ${named(keys)}`);
    return;
  }
  const approved = keys.filter((k) => (checked.get(k)?.length ?? 0) >= 2);
  const asked = keys.filter((k) => !approved.includes(k));
  if (approved.length > 0) logNote(ctx, SALE_SCHEDULE, `${rail} approved as a second editor: ${named(approved)}`);
  if (asked.length > 0)
    logNote(
      ctx,
      SALE_SCHEDULE,
      `${rail} asked for a second editor\u2019s approval (another editor choosing Schedule sale prices approves them): ${named(asked)}`,
    );
}

function titleOf(plan: SalePlan): string {
  const c = plan.counts;
  const parts = [c.starts && `${c.starts} started`, c.reprices && `${c.reprices} repriced`, c.ends && `${c.ends} ended`].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'sales sent again';
}

/**
 * Runs the schedule now. `pressed`: the seller pressed Schedule sale prices — the schedule becomes
 * theirs (their trigger runs it) on the stock sheet they are on.
 */
export function runSaleSchedule(ctx: Context, pressed: boolean, checkedNow: readonly string[] = []): SaleRun {
  const first = readSchedule(ctx.ports.documentStore);
  // The schedule's own sheet, never the configured one in its place: a renamed sheet is the seller's to say.
  if (!pressed && first && !ctx.ports.workbook.sheet(first.sheet))
    throw new UserError(
      `The sale schedule's sheet "${first.sheet}" was not found (renamed or deleted?): choose Hub Sync \u203a Schedule sale prices on it, under its new name, to go on. Nothing was sent.`,
    );
  const { ctx: on, choice } = pushContext(ctx, pressed ? undefined : first?.sheet);
  const me = ctx.ports.session.userKey();
  let found: SheetWindows = { windows: [], refused: new Map(), notes: new Map(), rows: 0 };
  let readFailed = false;
  const zone = ctx.ports.session.timeZone();
  const progress = startLimitedPush(on, true, SALE_SCHEDULE, (load) => {
    // Read under the lock: a colleague's Schedule sale prices (who runs it, what was checked) is never lost.
    const schedule = scheduleNow(on, readSchedule(ctx.ports.documentStore), pressed, choice.sheet);
    const loaded = load('byChannel');
    const now = ctx.ports.clock.now();
    const kept = readRunning(ctx.ports.workbook);
    found = sheetWindows(loaded, zone, kept);
    const checked = withChecks(new Map(schedule.checked), checkedNow, me, new Set(found.windows.map(checkKey)));
    schedule.checked = [...checked];
    if (checkedNow.length > 0) logChecks(on, checkedNow, checked);
    const client = hubClient(on);
    const skus = skusToRead(found, kept, now, schedule.lastRun);
    const read = skus.length > 0 ? hubNow(on, client, skus, false, SALE_SCHEDULE) : null;
    readFailed = (read?.problems.length ?? 0) > 0;
    const guard = { pricePct: ctx.settings.guards.pricePct, needsApproval: ctx.settings.guards.approve.includes('price'), checked };
    const input = { found, kept, hub: read?.hub ?? new Map(), now, lastRun: schedule.lastRun, timeZone: zone, when: scheduleWhen(ctx) };
    const plan = planSaleRun({ ...input, rowOf: rowFinder(loaded.table.rows), guard });
    writeRunning(ctx.ports.workbook, plan.kept, kept);
    writeSaid(on, loaded, plan, pressed);
    writeSchedule(ctx.ports.documentStore, { ...schedule, lastRun: now });
    const lines = [...(read?.problems ?? []).map((p) => `the hub could not be read: ${p}`), ...plan.log];
    if (lines.length > 0)
      logNote(on, SALE_SCHEDULE, lines.join('; '), { skipped: plan.counts.missed + plan.counts.left, failed: readFailed ? 1 : 0 });
    return {
      operation: 'byChannel',
      scope: 'all',
      limited: { kind: 'sale', title: titleOf(plan) },
      only: plan.only,
      requests: client.stats.requests,
    };
  });
  const next = arm(ctx, found, readFailed);
  return { progress, readFailed, message: runMessage(ctx, progress, found, next.exact) };
}

/** Who runs the schedule after this run, on which sheet; a takeover is said in the Log. */
function scheduleNow(ctx: Context, before: SaleSchedule | null, pressed: boolean, sheet: string): SaleSchedule {
  const me = ctx.ports.session.userKey();
  if (pressed) refuseMove(ctx, before, sheet);
  if (pressed && before && before.ownerKey !== me)
    logNote(
      ctx,
      SALE_SCHEDULE,
      `The sale schedule now runs with ${ctx.ports.session.userEmail() || 'another editor'}\u2019s trigger (it ran with ${before.owner || 'another editor'}\u2019s).`,
    );
  return {
    ownerKey: pressed ? me : (before?.ownerKey ?? me),
    owner: pressed ? ctx.ports.session.userEmail() : (before?.owner ?? ''),
    sheet,
    lastRun: before?.lastRun ?? null,
    nextAt: before?.nextAt ?? null,
    checked: before?.checked ?? [],
    ...(before?.dueSince !== undefined ? { dueSince: before.dueSince } : {}),
  };
}

/** Each SKU's rows in the sheet as read. */
function rowsBySku(rows: readonly ParsedRow[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const r of rows) if (r.sku && !r.blank) out.set(r.sku, [...(out.get(r.sku) ?? []), r.rowNumber]);
  return out;
}

/** A running sale's end goes from its own row when it is still there, else from any row of its SKU. */
function rowFinder(rows: readonly ParsedRow[]): (sku: string, own: number) => number | null {
  const rowsOf = rowsBySku(rows);
  return (sku, own) => {
    const of = rowsOf.get(sku) ?? [];
    return of.includes(own) ? own : (of[0] ?? null);
  };
}

/**
 * When the schedule looks next, written after the run's push (the hub's confirmations are in) under
 * the lock, and the owner's trigger armed for it. A run that could not read the hub keeps the time
 * its work became due (the stale alert's clock); one that could clears it.
 */
function arm(ctx: Context, found: SheetWindows, readFailed: boolean): ReturnType<typeof nextRun> {
  const next = nextRun(ctx, found);
  const now = ctx.ports.clock.now();
  const mine = withDocumentLock(ctx, SALE_SCHEDULE, LOCK_WAIT_MS, () => {
    const s = readSchedule(ctx.ports.documentStore);
    if (!s) return false;
    const { dueSince, ...rest } = s;
    const since = readFailed ? (dueSince ?? now) : undefined;
    writeSchedule(ctx.ports.documentStore, {
      ...rest,
      nextAt: next.recheck ?? next.exact,
      ...(since !== undefined ? { dueSince: since } : {}),
    });
    return s.ownerKey === ctx.ports.session.userKey();
  });
  if (mine) {
    updateBackground(ctx, { salesAt: next.exact, salesCheckAt: next.recheck });
    dueChanged.emit(ctx);
  }
  return next;
}

/**
 * When the schedule must look next: the next start or end; sooner when a sale's send is to be tried
 * again; and at least hourly while a sale runs or is to come, so that dates or prices edited in the
 * sheet are taken within the hour even when nobody chooses Schedule sale prices again.
 */
function nextRun(ctx: Context, found: SheetWindows): { exact: number | null; recheck: number | null } {
  const now = ctx.ports.clock.now();
  const kept = readRunning(ctx.ports.workbook);
  const next = nextSaleChange(found.windows, kept, now);
  // A start or an end the hub did not confirm: tried again after 1, then 4 minutes (MOST_TRIES sends in all).
  // (A sale whose row is gone waits for the hourly look: nothing can be sent for it meanwhile.)
  const retries = kept
    .filter((k) => !k.orphan && ((!k.confirmed && !k.left) || k.ending))
    .map((k) => now + MINUTE * 4 ** ((k.tries ?? 1) - 1));
  const again = retries.length > 0 ? Math.min(...retries) : null;
  const times = [next, again].filter((t): t is number => t !== null);
  const exact = times.length > 0 ? Math.min(...times) : null;
  // The add-on's trigger comes hourly anyway: every run of it reads the sheet again.
  const every = ctx.settings.deployment === 'addon' ? RECHECK_MS / 2 : RECHECK_MS;
  const recheck = next !== null || kept.length > 0 ? now + every : null;
  return { exact, recheck: recheck !== null && (exact === null || recheck < exact) ? recheck : null };
}

function runMessage(ctx: Context, progress: PushProgress, found: SheetWindows, nextAt: number | null): string {
  const sent = progress.total > 0 ? `${progress.message} ` : '';
  const n = found.windows.length;
  const refused =
    found.refused.size > 0
      ? ` ${found.refused.size} row${found.refused.size === 1 ? ' is' : 's are'} refused (Sync message says why).`
      : '';
  const next =
    nextAt === null
      ? 'No sale start or end is to come.'
      : `Next start or end: ${localDateTime(nextAt, ctx.ports.session.timeZone())}; each is sent ${scheduleWhen(ctx)}.`;
  return `${sent}${n} scheduled sale price${n === 1 ? '' : 's'}.${refused} ${next}`;
}
