import { markerKey, splitValueKey, type PushedValues } from '../../sheet';
import type { Part } from './parts';
import type { SnapshotStep } from './relocate';
import type { Operation } from './types';

/** The per-channel field a general field is passed on to. */
const PASSED_ON: Readonly<Record<string, string>> = { quantity: 'quantity', price: 'price', publishingPrice: 'price' };

/** One value a part sets for its SKU: a field, per channel or (null) general. */
export interface FieldWrite {
  field: string;
  channel: string | null;
}

/** What a part sets. */
export function writesOf(part: Part): FieldWrite[] {
  switch (part.kind) {
    case 'price':
      return [{ field: 'price', channel: part.item.channel }];
    case 'byChannel':
      return part.item.channelData.flatMap((entry) =>
        (['quantity', 'price', 'salePrice', 'availableDays'] as const)
          .filter((f) => entry[f] !== undefined)
          .map((field) => ({ field, channel: entry.channel })),
      );
    default:
      // stock, erp, async: general values, named by their value keys (`quantity`, `price`, `publishingPrice`).
      return Object.keys(part.values).map((field) => ({ field, channel: null }));
  }
}

/** True when `later` must reach the hub after `earlier` (both for the same SKU). */
export function mustFollow(later: Part, earlier: Part): boolean {
  const general = writesOf(earlier)
    .filter((w) => w.channel === null)
    .map((w) => PASSED_ON[w.field]);
  return general.length > 0 && writesOf(later).some((w) => w.channel !== null && general.indexOf(w.field) >= 0);
}

/** The sending phase of each part of a row: one phase after every part it must follow. */
export function phasesOf(parts: readonly Part[]): number[] {
  const phase = parts.map(() => 0);
  // Parts of one row are few and the relation has no cycles (general → per channel), so this settles at once.
  for (let pass = 0; pass < parts.length; pass++) {
    let moved = false;
    parts.forEach((later, i) =>
      parts.forEach((earlier, j) => {
        if (i !== j && mustFollow(later, earlier) && phase[i] <= phase[j]) {
          phase[i] = phase[j] + 1;
          moved = true;
        }
      }),
    );
    if (!moved) break;
  }
  return phase;
}

/**
 * The per-channel keys of a step that a general key of the same step passed on (`quantity:amazon`
 * beside `quantity`, of the same value when the step says the values): the hub passing the general
 * value on, not a value sent for the channel. A step of one part never holds both; a row's
 * combined confirmation (a journal's replay) may hold a per-channel value sent after the general
 * one, which differs from it.
 */
function passedOnKeys(keys: readonly string[], values?: Readonly<PushedValues>): Set<string> {
  const general = keys.filter((k) => k.indexOf(':') < 0 && PASSED_ON[k] !== undefined);
  return new Set(
    keys.filter((k) => {
      const { field } = splitValueKey(k);
      return k.indexOf(':') >= 0 && general.some((g) => PASSED_ON[g] === field && (values === undefined || values[g] === values[k]));
    }),
  );
}

/**
 * A general value passes over a channel's key (confirmed as `now`, or forgotten when `now` is
 * undefined): what the hub held there before stays as the key's marker (markerKey), so the cell
 * still reading it is out of date, not an edit. A marker already there stays: the cell read it
 * before an earlier general value, and nobody has sent that key since.
 */
function passOver(after: Record<string, number>, key: string, now: number | undefined): void {
  const old = after[key];
  const marker = markerKey(key);
  if (old !== undefined && old !== now && after[marker] === undefined) after[marker] = old;
  if (now === undefined) delete after[key];
  else after[key] = now;
}

/** A value sent for the key itself (confirmed as `now`, or forgotten): the cell's marker is spent. */
function sentAnew(after: Record<string, number>, key: string, now: number | undefined): void {
  delete after[markerKey(key)];
  if (now === undefined) delete after[key];
  else after[key] = now;
}

/**
 * The confirmed record after the hub confirmed `values` for a SKU. A general value comes with the
 * channels the hub reports it passed it on to (`quantity:amazon` … from `sites`, see send.ts):
 * those replace what was confirmed for them (passOver), and channels it did not reach keep theirs.
 * Keys are applied general first, then per channel, as they were sent.
 */
export function applyConfirmed(
  before: Readonly<Record<string, number>> | undefined,
  values: Readonly<PushedValues>,
): Record<string, number> {
  const after: Record<string, number> = { ...(before ?? {}) };
  const keys = Object.keys(values);
  const passed = passedOnKeys(keys, values);
  for (const key of keys.filter((k) => k.indexOf(':') < 0)) sentAnew(after, key, values[key]);
  for (const key of keys.filter((k) => k.indexOf(':') >= 0)) (passed.has(key) ? passOver : sentAnew)(after, key, values[key]);
  return after;
}

/**
 * True when a part sets a value that an async job still to be run by the hub also sets (its
 * general quantity and prices, passed on to every channel): sent now, it would be overwritten
 * with the job's older value when the job runs.
 */
export function overlapsQueuedJob(part: Part): boolean {
  const jobSets = new Set(['quantity', 'price']);
  return writesOf(part).some((w) => jobSets.has(w.channel === null ? (PASSED_ON[w.field] ?? w.field) : w.field));
}

/**
 * The confirmed record after values were sent but not confirmed (no answer, a refusal, an
 * unconfirmed or pending result): the hub may or may not hold them now, so they are no longer
 * known — including, for a general value, what it may have passed on to each channel. The next
 * changed-rows push then sends them again instead of trusting an older confirmation.
 */
export function forgetSent(before: Readonly<Record<string, number>> | undefined, sentKeys: readonly string[]): Record<string, number> {
  const after: Record<string, number> = { ...(before ?? {}) };
  const passed = passedOnKeys(sentKeys);
  for (const key of sentKeys) {
    if (passed.has(key)) {
      passOver(after, key, undefined);
      continue;
    }
    sentAnew(after, key, undefined);
    const passedOn = key.indexOf(':') < 0 ? PASSED_ON[key] : undefined;
    if (passedOn) for (const old of Object.keys(after)) if (old.startsWith(`${passedOn}:`)) passOver(after, old, undefined);
  }
  return after;
}

/**
 * A part's snapshot steps as the snapshot records them. Prices by ERP id: the hub prices the
 * product of that ERP id, which may not be the row's SKU, so nothing is confirmed for the SKU; but
 * what the push may have set of it — the general price and, passed on, every channel's — is no
 * longer known either way. Forgotten, the row's own channel prices are sent again by the next
 * changed-rows push (as the row tells the seller to), instead of being taken for what the hub holds.
 */
export function snapshotSteps(operation: Operation, steps: readonly SnapshotStep[]): SnapshotStep[] {
  if (operation !== 'erp') return [...steps];
  return steps.map((step) => ('confirm' in step ? { forget: Object.keys(step.confirm) } : step));
}
