/**
 * Asking before a push: a push from the menu or the sidebar that would change more values than
 * the setting allows (guards.confirmValues), or that a guard rail would hold back values of, sends
 * nothing and returns the question — how many values on how many rows, by field, the largest
 * changes, what the guard rails hold and why. The menu shows it in a dialog, the sidebar in its
 * panel; the answer Push names the question's token, which ties it to exactly this plan: when the
 * sheet changed in between, the push is asked again rather than sending something else.
 *
 * The values are set beside what the hub last confirmed to this sheet (the snapshot of its last
 * pull or push), not read from the hub: asking costs no request. The preview reads the hub.
 */
import { plainDecimal } from '../../sheet';
import type { Context } from '../kernel/context';
import { lineLabel, pct, plural } from '../pipeline/dry-run/summary';
import type { PreviewLine } from '../pipeline/dry-run/diff';
import { queuedSkus } from '../pipeline/jobs/queued';
import { rowIdentity, type LoadedSheet } from '../pipeline/load';
import type { RowPlan } from '../pipeline/parts';
import { OPERATION_TITLES, type Operation, type PushProgress, type PushQuestion, type Scope } from '../pipeline/types';
import { guardedLines, guardLineText } from './guard-run';
import { awaitingApproval } from '../pipeline/guards';
import { keysHash } from './journal';
import { costLines } from '../kernel/send-cost';
import { costOf, estimateSend, sendFrom } from './cost';
import { pendingRows, sentValues } from './pending';

/** Guarded values and largest changes listed by name in a question; the rest are counted. */
const LISTED = 5;

/** The hash two plans share exactly when they send the same values of the same rows and hold back the same ones. */
function planToken(operation: Operation, scope: Scope, plans: readonly RowPlan[], lines: readonly PreviewLine[]): string {
  const keys = [
    operation,
    scope,
    ...plans.flatMap((p) => (p.send ? [JSON.stringify([rowIdentity(p, operation), Object.entries(sentValues(p)).sort()])] : [])),
    ...lines.filter((l) => l.action === 'guarded').map((l) => `${l.rowNumber}:${lineLabel(l)}`),
  ];
  // Two 32-bit hashes of the plan: a sheet that changed in between is told apart.
  return `${keysHash(keys)}${keysHash(['#', ...keys])}`;
}

/** Lines that change what the hub last confirmed, or that it never confirmed (a line a guard rail holds included). */
function changing(line: PreviewLine): boolean {
  return !line.passedOn && (line.action === 'send' || line.action === 'not read' || line.action === 'guarded');
}

const shown = (v: number | null): string => (v === null ? '?' : plainDecimal(v));

/** The details: by field, the largest changes, what the guard rails hold and why, what the question compares with. */
function details(loaded: LoadedSheet, lines: readonly PreviewLine[], values: number): string[] {
  const byField = new Map<string, number>();
  for (const line of lines.filter(changing)) byField.set(lineLabel(line), (byField.get(lineLabel(line)) ?? 0) + 1);
  const fields = [...byField].sort((a, b) => b[1] - a[1]).map(([label, count]) => `${label} ${count.toLocaleString('en-US')}`);
  const out = [`By field: ${fields.join(', ')}.`];
  const largest = lines
    .filter((l) => changing(l) && l.changePct !== null && l.changePct !== 0)
    .sort((a, b) => Math.abs(b.changePct as number) - Math.abs(a.changePct as number))
    .slice(0, 3)
    .map(
      (l) => `${l.sku ?? `row ${l.rowNumber}`} ${lineLabel(l)} ${shown(l.hubNow)} \u2192 ${shown(l.sheet)} (${pct(l.changePct as number)})`,
    );
  if (largest.length > 0) out.push(`Largest changes: ${largest.join('; ')}.`);
  const held = lines.filter((l) => l.action === 'guarded');
  const awaiting = new Set(awaitingApproval(held));
  for (const line of held.slice(0, LISTED))
    out.push(
      `${awaiting.has(line) ? 'Held back until a second editor approves it' : 'Held back by a guard rail unless you press Push'}: row ${line.rowNumber} (${line.sku ?? 'no SKU'}) ${guardLineText(loaded.table.columns, line)}.`,
    );
  if (held.length > LISTED) out.push(`And ${plural(held.length - LISTED, 'more value')} held back.`);
  const same = lines.filter((l) => l.action === 'unchanged').length;
  if (same > 0) out.push(`${plural(same, 'other value')} as the hub last confirmed go too, changing nothing.`);
  const unknown = lines.filter((l) => l.action === 'not read').length;
  out.push(
    `Compared with what the hub last confirmed to this sheet (its last pull or push), without reading the hub${unknown === 0 ? '' : unknown === values ? '; it never confirmed any of the changed values' : `; it never confirmed ${unknown.toLocaleString('en-US')} of the ${values.toLocaleString('en-US')} changed values`}. Preview in sidebar reads the hub's values now.`,
  );
  out.push(
    awaiting.size === 0
      ? 'Push sends all of them, those held back too (as \u201cI checked these\u201d); Cancel sends nothing.'
      : `Push sends all of them but ${awaiting.size === 1 ? 'the value that needs' : `the ${awaiting.size.toLocaleString('en-US')} values that need`} a second editor\u2019s approval (preview and press Ask for approval); Cancel sends nothing.`,
  );
  return out;
}

/** What a push of this operation and scope would send now, as its question. `selected`: the selected rows' keys (selected scope). */
export function pushQuestion(
  ctx: Context,
  loaded: LoadedSheet,
  operation: Operation,
  scope: Scope,
  selected: () => Set<string>,
  chunkRows: number | null = null,
): PushQuestion {
  const plans = pendingRows(
    loaded,
    { operation, scope },
    { selected: scope === 'selected' ? selected() : new Set(), done: new Set() },
    queuedSkus(ctx, null),
  );
  const lines = guardedLines(loaded, plans, ctx.settings.guards, false);
  const values = lines.filter(changing).length;
  const guarded = lines.filter((l) => l.action === 'guarded').length;
  const rows = new Set(lines.filter(changing).map((l) => l.rowNumber)).size;
  const beyond = guarded > 0 ? `, ${guarded.toLocaleString('en-US')} of them beyond a guard rail` : '';
  // Push sends every plan, those held back too: what it costs, said before the last line (what Push and Cancel do).
  const cost = costOf(ctx, estimateSend(plans, sendFrom(loaded, { operation, scope }, chunkRows), ctx.settings.concurrency));
  const words = costLines(cost, 'This push');
  const said = details(loaded, lines, values);
  said.splice(said.length - 1, 0, ...words.last);
  return {
    operation,
    scope,
    sheet: loaded.sheet.name,
    token: planToken(operation, scope, plans, lines),
    rows,
    values,
    guarded,
    headline: `${OPERATION_TITLES[operation]} would send ${plural(values, 'changed value')} on ${plural(rows, 'row')}${beyond}.`,
    details: [...words.first, `Sheet: \u201c${loaded.sheet.name}\u201d.`, ...said],
    cost,
  };
}

/** Whether a question must be asked before this push: more changed values than the setting allows, or any a guard rail holds. */
export function mustAsk(ctx: Context, q: PushQuestion): boolean {
  const most = ctx.settings.guards.confirmValues;
  return q.guarded > 0 || (most > 0 && q.values > most);
}

/** A push that sent nothing because the seller is asked first: the progress carries the question. */
function asking(q: PushQuestion): PushProgress {
  return {
    runId: '',
    operation: q.operation,
    scope: q.scope,
    total: q.rows,
    done: 0,
    ok: 0,
    failed: 0,
    skipped: 0,
    requests: 0,
    retries: 0,
    finished: true,
    cancelled: false,
    message: q.changed ? `The sheet changed since you were asked, so nothing was sent. ${q.headline}` : q.headline,
    continuesInBackground: false,
    question: q,
  };
}

/**
 * Before a new push: the question to ask (a progress that sent nothing), or null to go on.
 * `answer`: the token of the question the seller answered Push to — null when it matches this
 * plan (go on, confirmed), else the question again, saying the sheet changed.
 */
export function askFirst(
  ctx: Context,
  loaded: LoadedSheet,
  push: { operation: Operation; scope: Scope; answer?: string; chunkRows?: number | null },
  selected: () => Set<string>,
): PushProgress | null {
  const q = pushQuestion(ctx, loaded, push.operation, push.scope, selected, push.chunkRows ?? null);
  if (push.answer !== undefined) return push.answer === q.token ? null : asking({ ...q, changed: true });
  return mustAsk(ctx, q) ? asking(q) : null;
}
