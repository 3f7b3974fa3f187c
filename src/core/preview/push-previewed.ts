/**
 * "Push these changes": sends exactly the changes the latest preview showed. The hub is
 * read again for those rows alone (the cheaper way, read-strategy.ts) and their lines worked out
 * again: when any differs from what the preview showed — the sheet or the hub changed since —
 * nothing is sent and the seller is asked to preview again. A value the seller did not see is
 * never sent; values the hub already holds are not sent at all.
 */
import { stockSheetName, type Context } from '../kernel/context';
import { hubClient } from '../settings/context';
import { UserError } from '../kernel/errors';
import { queuedSkus } from '../pipeline/jobs/queued';
import { plainDecimal } from '../../sheet';
import { rowIdentity } from '../pipeline/load';
import { pendingRows } from '../push/pending';
import { startLimitedPush } from '../push/run';
import type { Operation, PushProgress } from '../pipeline/types';
import type { HubClient } from '../../api/client';
import type { GuardCounts, GuardRelease } from '../pipeline/guards';
import type { PreviewLine } from '../pipeline/dry-run/diff';
import type { LoadedSheet } from '../pipeline/load';
import type { RowPlan } from '../pipeline/parts';
import type { HubRead } from '../pipeline/dry-run/read-hub';
import { onlyValues, type PreviewedRow, type PreviewedValue } from '../pipeline/limit';
import { clearPreviewRecord, previewDigest, readPreviewRecord } from './record';
import { linesNow, rowsToPush } from './run';

const shown = (v: PreviewedValue | undefined): string => {
  if (!v) return 'not in the preview';
  const hub = v[0] === null ? 'unknown' : plainDecimal(v[0]);
  const sheet = v[1] === null ? 'empty' : plainDecimal(v[1]);
  return `hub ${hub}, sheet ${sheet}, ${v[2]}`;
};

/** The first differences between what the preview showed and what holds now, one line each. */
export function differences(then: ReadonlyMap<string, PreviewedRow>, now: ReadonlyMap<string, PreviewedRow>, max = 5): string[] {
  const out: string[] = [];
  let count = 0;
  for (const identity of new Set([...then.keys(), ...now.keys()])) {
    const a = then.get(identity)?.values ?? {};
    const b = now.get(identity)?.values ?? {};
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (JSON.stringify(a[key]) === JSON.stringify(b[key])) continue;
      count++;
      if (out.length < max) out.push(`${identity} ${key}: previewed ${shown(a[key])}; now ${shown(b[key])}`);
    }
  }
  if (count > out.length) out.push(`and ${count - out.length} more`);
  return out;
}

/** What was previewed, to be checked against what holds now: its rows, operation, release and counts. */
export interface Previewed {
  operation: Operation;
  rows: ReadonlyMap<string, PreviewedRow>;
  digest: string;
  release: GuardRelease;
  counts: GuardCounts;
}

/**
 * The previewed rows worked out again from the sheet and the hub now: the preview's rows alone,
 * planned as the preview planned them (a deleted row or one whose SKU changed is not found, which
 * the comparison reports). `same`: nothing differs; `refusal`: what to say when something does.
 */
export function previewedNow(
  ctx: Context,
  client: HubClient,
  loaded: LoadedSheet,
  previewed: Previewed,
  wanted: string,
): { now: Map<string, PreviewedRow>; lines: PreviewLine[]; plans: RowPlan[]; read: HubRead; same: boolean; refusal: string } {
  const plans = pendingRows(
    loaded,
    { operation: previewed.operation, scope: 'all' },
    { selected: new Set(), done: new Set() },
    queuedSkus(ctx, null),
  ).filter((p) => previewed.rows.has(rowIdentity(p, previewed.operation)));
  const { lines, read } = linesNow(ctx, client, plans, previewed.release, wanted, previewed.counts);
  const now = rowsToPush(loaded, plans, lines, previewed.operation);
  // Value by value, not by the stored hash alone: a hash may collide; the rows as kept may not.
  const same =
    previewDigest(now) === previewed.digest && now.size === previewed.rows.size && differences(previewed.rows, now, 1).length === 0;
  // A read that failed or that the hub answered for the wrong SKU proves nothing either way:
  // the preview still stands, and pushing again reads again.
  const refusal = same
    ? ''
    : read.problems.length > 0
      ? `${wanted}: the hub's values could not be checked (${read.problems.slice(0, 3).join('; ')}), so nothing was sent. Press ${wanted} again, or preview again.`
      : `${wanted}: the sheet or the hub changed since the preview, so nothing was sent (${differences(previewed.rows, now).join('; ')}). Preview again to see what a push would change now.`;
  return { now, lines, plans, read, same, refusal };
}

/** Sidebar or menu: pushes the changes of preview `previewId`, after checking nothing changed since. */
export function pushPreviewed(ctx: Context, previewId: string, fromMenu: boolean): PushProgress {
  const wanted = 'Push these changes';
  return startLimitedPush(ctx, fromMenu, wanted, (load) => {
    const saved = readPreviewRecord(ctx.ports.workbook, ctx.ports.documentStore);
    if (!saved || saved.record.id !== previewId) {
      throw new UserError(
        `${wanted}: this preview is no longer the latest, or its changes were pushed already. Preview again, then push its changes. Nothing was sent.`,
      );
    }
    const { record, rows: previewed } = saved;
    const sheet = record.sheet ?? ctx.settings.sheetNames.stock;
    if (sheet !== stockSheetName(ctx))
      throw new UserError(
        `${wanted}: this preview is of "${sheet}", not of "${stockSheetName(ctx)}". Preview this sheet again, then push its changes. Nothing was sent.`,
      );
    const client = hubClient(ctx);
    const before = client.stats.requests;
    const counts = { zeros: record.zeroCount ?? 0, rows: record.rowCount ?? 0 };
    const check = { operation: record.operation, rows: previewed, digest: record.digest, release: record.checked, counts };
    const { now, same, refusal } = previewedNow(ctx, client, load(record.operation), check, wanted);
    if (!same) throw new UserError(refusal);
    clearPreviewRecord(ctx.ports.documentStore);
    return {
      operation: record.operation,
      scope: record.scope,
      limited: { kind: 'preview', title: 'previewed changes' },
      only: onlyValues(now, record.operation),
      requests: client.stats.requests - before,
    };
  });
}
