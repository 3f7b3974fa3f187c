/** What the push section says: choices and progress lines (pure). */
import {
  OPERATIONS,
  OPERATION_TITLES,
  SCOPES,
  SCOPE_TITLES,
  type Operation,
  type PushProgress,
  type Scope,
} from '../../../core/pipeline/types';
import { formatPercent, plural } from '../../format';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
}

/** The operation select's options, in the menu's order. */
export function operationChoices(): Array<Choice<Operation>> {
  return OPERATIONS.map((op) => ({ value: op, label: OPERATION_TITLES[op] }));
}

/** Scopes that make sense for an operation: "Push changes" always takes the changed rows. */
export function scopeChoices(operation: Operation): Array<Choice<Scope>> {
  const scopes: readonly Scope[] = operation === 'changes' ? ['changed'] : ['selected', 'changed', 'all'];
  return scopes.filter((s) => SCOPES.includes(s)).map((s) => ({ value: s, label: capitalize(SCOPE_TITLES[s]) }));
}

/** The scope to keep when the operation changes: the previous one if still offered. */
export function fitScope(operation: Operation, previous: Scope): Scope {
  const choices = scopeChoices(operation);
  return choices.some((c) => c.value === previous) ? previous : choices[0].value;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `Push stock (all rows)` */
export function runTitle(p: Pick<PushProgress, 'operation' | 'scope'>): string {
  return `${OPERATION_TITLES[p.operation] ?? p.operation} (${SCOPE_TITLES[p.scope] ?? p.scope})`;
}

/** `120 / 500 rows · 24 %`: the line next to the progress bar. */
export function progressRowsText(p: Pick<PushProgress, 'done' | 'total'>): string {
  return `${p.done.toLocaleString('en-US')} / ${plural(p.total, 'row')} \u00b7 ${formatPercent(p.done, p.total)}`;
}

/** `3 requests · 1 retry · 2 failed · 1 skipped`: zero skips are left out. */
export function progressStatsText(p: Pick<PushProgress, 'requests' | 'retries' | 'failed' | 'skipped'>): string {
  const parts = [plural(p.requests, 'request'), plural(p.retries, 'retry', 'retries'), `${p.failed.toLocaleString('en-US')} failed`];
  if (p.skipped) parts.push(`${p.skipped.toLocaleString('en-US')} skipped`);
  return parts.join(' \u00b7 ');
}

/** The bar's value and max; a run with nothing to do shows a full bar. */
export function progressBar(p: Pick<PushProgress, 'done' | 'total' | 'finished'>): { value: number; max: number } {
  if (p.total <= 0) return { value: p.finished ? 1 : 0, max: 1 };
  return { value: Math.min(p.done, p.total), max: p.total };
}

const STEPS = ['', 'A quarter done.', 'Half done.', 'Three quarters done.'];

function quarter(p: Pick<PushProgress, 'done' | 'total'>): number {
  return p.total > 0 ? Math.min(3, Math.floor((4 * p.done) / p.total)) : 0;
}

/**
 * What the push's status region announces after a chunk, or null to leave it as it is: the start,
 * each quarter passed, then the outcome. A few words a step; the counts stay with the progress bar
 * and the lines beside it (re-read after every chunk they made ~25 words each time).
 */
export function pushAnnouncement(previous: PushProgress | null, p: PushProgress): string | null {
  if (p.finished) return p.message || `${runTitle(p)} finished.`;
  if (!previous) return `${runTitle(p)} started.`;
  const step = quarter(p);
  return step > quarter(previous) ? STEPS[step] : null;
}

/** The line offering to resume a run found when the sidebar opened. */
export function resumeText(p: PushProgress): string {
  const base = `${runTitle(p)} has not finished: ${p.done.toLocaleString('en-US')} of ${plural(p.total, 'row')} done.`;
  return p.continuesInBackground
    ? `${base} It continues in the background; Resume drives it from here instead.`
    : `${base} Resume sends the rest; nothing already sent is sent again.`;
}
