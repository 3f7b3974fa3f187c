/**
 * (d) An undo changes only values of the push it names, and never a value changed after that
 * push (by a later push or on the hub) unless the seller chose "also overwrite"; what it puts back
 * is what the hub held before the push (or the last value the add-on had confirmed for it). The
 * push it names is the undoer's own latest push (Undo your last push) or the latest by anyone —
 * one the hub took something of. Checked on the hub's own state before and after the undo.
 */
import { changedKeys, partsOf, reachedBy, keyOf, PASSED_ON_FIELDS } from './hub-values';
import type { Ledger, StepRecord } from './ledger';

/** The keys a push's values reach in the hub. */
function keysOfPush(push: StepRecord): Set<string> {
  const out = new Set<string>();
  for (const s of push.sent) for (const k of reachedBy(s.key, push.hubBefore)) out.add(k);
  return out;
}

/** The values an undo may put back for `key`: the hub's before the push, or the last confirmed one. */
function restorable(push: StepRecord, key: string): Set<number> {
  const { sku, field, channel } = partsOf(key);
  const keys = [key, ...(channel !== null && PASSED_ON_FIELDS.has(field) ? [keyOf(sku, field, null)] : [])];
  const out = new Set<number>();
  for (const k of keys) {
    const held = push.hubBefore.get(k);
    if (held !== undefined) out.add(held);
    const p = partsOf(k);
    const confirmed = push.snapshotBefore.get(sku)?.[p.channel ? `${p.field}:${p.channel}` : p.field];
    if (typeof confirmed === 'number') out.add(confirmed);
  }
  return out;
}

/** A push the hub took something of (its values changed the hub): one an undo history keeps. */
const took = (s: StepRecord): boolean => changedKeys(s.hubBefore, s.hubAfter).length > 0;

/**
 * What putting values back may do: send and change only `allowed` keys of the push it names,
 * leave a key changed since that push unless told to overwrite, and set only a value the hub held
 * before that push (or last confirmed).
 */
function putBackViolations(
  where: string,
  named: StepRecord,
  step: StepRecord,
  allowed: Set<string>,
  overwrite: boolean,
  ids: ActIds,
): string[] {
  const violations: string[] = [];
  // Its own requests: the time trigger's work around it (a scheduled sale's start or end, in the
  // minutes the step lets pass) is not the undo's or the revert's, nor is what that work changed.
  const own = step.sent.filter((s) => s.requestId > ids.actFromId && s.requestId <= ids.actToId);
  const ownKeys = new Set(own.map((s) => s.key));
  const triggers = new Set(step.sent.filter((s) => !own.includes(s)).map((s) => s.key));
  for (const s of own) if (!allowed.has(s.key)) violations.push(`${where}: sent ${s.key} = ${s.value}, which it does not name`);
  for (const key of changedKeys(step.hubBefore, step.hubAfter)) {
    if (triggers.has(key) && !ownKeys.has(key)) continue;
    const now = step.hubAfter.get(key);
    if (!allowed.has(key)) {
      violations.push(`${where}: changed ${key} to ${now}, which it does not name`);
      continue;
    }
    const left = named.hubAfter.get(key);
    const before = step.hubBefore.get(key);
    if (!overwrite && left !== before)
      violations.push(
        `${where}: overwrote ${key} (${before} → ${now}), changed since that push (it left ${left}) without "also overwrite"`,
      );
    if (now === undefined || !restorable(named, key).has(now))
      violations.push(`${where}: set ${key} to ${now}, which the hub held neither before that push nor was last confirmed`);
  }
  return violations;
}

/** The request ids of a step's own action (StepChecks.actIds): sent after `actFromId`, up to `actToId`. */
export interface ActIds {
  actFromId: number;
  actToId: number;
}

export function checkUndo(ledger: Ledger, undo: StepRecord, ids: ActIds): { violations: string[]; checked: number } {
  const violations: string[] = [];
  const u = undo.undid;
  if (!u) return { violations, checked: 0 };
  const changed = changedKeys(undo.hubBefore, undo.hubAfter);
  const named = u.named === null ? null : ledger.steps[u.named];
  if (!named) {
    if (changed.length > 0)
      violations.push(
        `the undo named no push of this scenario (${u.at ?? 'none'}) but changed ${changed.slice(0, 5).join(', ')} in the hub`,
      );
    return { violations, checked: changed.length };
  }
  const where = `the undo of step ${undo.index + 1} (${u.whose}${u.overwrite ? ', overwrite' : ''}) naming the push of step ${named.index + 1}`;
  if (u.whose === 'mine' && named.user !== undo.user)
    violations.push(`${where}: "your last push" named ${named.user}'s push, not ${undo.user}'s`);
  const later = ledger.steps.filter(
    (s) => s.index > named.index && s.index < undo.index && s.pushOf !== null && (u.whose === 'anyone' || s.user === undo.user) && took(s),
  );
  if (later.length > 0) violations.push(`${where}: the later push of step ${later[later.length - 1].index + 1} is the one to name`);
  violations.push(...putBackViolations(where, named, undo, keysOfPush(named), u.overwrite, ids));
  return { violations, checked: changed.length + undo.sent.length };
}

/**
 * (d) for a revert from the History: it changes only values of the push it names (its SKU's, or
 * the one value, when it names a row or a value), under the same rules as an undo.
 */
export function checkRevert(ledger: Ledger, step: StepRecord, ids: ActIds): { violations: string[]; checked: number } {
  const changed = changedKeys(step.hubBefore, step.hubAfter);
  const r = step.reverted;
  // A push the time trigger made between two steps (a scheduled sale's start or end) has no step of
  // its own whose hub before and after frame it: its revert is left to the sale schedule's e2e tests.
  if (r && ledger.steps.some((s) => s.betweenPushIds?.includes(r.target.push))) return { violations: [], checked: 0 };
  const named = r ? ledger.steps.find((s) => s.pushIds?.includes(r.target.push)) : undefined;
  if (!r || !named) {
    const what = r ? `push ${r.target.push}, which no step of this scenario made` : 'nothing';
    const violations =
      changed.length > 0 ? [`the revert of step ${step.index + 1} named ${what} but changed ${changed.slice(0, 5).join(', ')}`] : [];
    return { violations, checked: changed.length };
  }
  const { target, overwrite } = r;
  const where = `the revert of step ${step.index + 1} (${target.sku ?? 'whole push'}${target.field ? ` ${target.field}[${target.channel ?? ''}]` : ''}${overwrite ? ', overwrite' : ''}) of the push of step ${named.index + 1}`;
  const allowed = new Set<string>();
  for (const s of named.sent) {
    if (target.sku && s.sku !== target.sku) continue;
    if (target.field && (s.field !== target.field || (s.channel ?? '') !== (target.channel ?? ''))) continue;
    for (const k of reachedBy(s.key, named.hubBefore)) allowed.add(k);
  }
  return { violations: putBackViolations(where, named, step, allowed, overwrite, ids), checked: changed.length + step.sent.length };
}
