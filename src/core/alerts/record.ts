/**
 * The alerts as kept in the document store: noted by background work, cleared by its next
 * success or by the seller's dismissal. Functions of the store alone, so onOpen (LIMITED mode,
 * document properties only) uses them as the trigger does.
 */
import { everyMinutes } from '../../sheet/count-words';
import type { KeyValueStore } from '../kernel/ports';
import { AlertsRecord, type Alert, type AlertKind, type LowSku } from './schema';
import { ADDON_TRIGGER_STOPPED, staleSince, type Expectation } from './stale';

const KEY = 'alerts';
/**
 * When each kind of work last succeeded, in a key of its own: a quiet background run notes its
 * success every minute and writes only this, never the alerts beside it (a seller's dismissal
 * made during the run stays dismissed), and reads the alerts without parsing them when there are
 * none.
 */
const SUCCESS_KEY = 'alerts.lastSuccess';
/** A property holds 9 KB: the longest texts are cut, the low-SKU list is capped. */
const MAX_MESSAGE = 600;
export const MAX_LOW_SKUS = 50;
/** A success is recorded at most this often unless it clears an alert (a property write costs ~60 ms a run). */
const SUCCESS_WRITE_GAP_MS = 60_000;

/** No alert, nothing recorded: what AlertsRecord.parse({}) gives (alerts-record.test.ts holds them equal). */
export function emptyAlerts(): AlertsRecord {
  return { alerts: [], lastSuccess: {}, mailedDay: {}, mailFailedAt: null };
}

/** The alerts as stored without their successes: the text of "none" is known without zod. */
const EMPTY_TEXT = JSON.stringify(emptyAlerts());

function storedAlerts(raw: string | null): AlertsRecord {
  if (!raw || raw === EMPTY_TEXT) return emptyAlerts();
  try {
    const parsed = AlertsRecord.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyAlerts();
  } catch {
    return emptyAlerts();
  }
}

/** The successes' key: kind → epoch ms; anything unreadable is left out. */
function storedSuccesses(raw: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  try {
    const value: unknown = JSON.parse(raw ?? '{}');
    if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [kind, at] of Object.entries(value)) if (typeof at === 'number' && Number.isFinite(at)) out[kind] = at;
  } catch {
    // Unreadable: no success known, as when none was recorded.
  }
  return out;
}

export function readAlerts(store: KeyValueStore): AlertsRecord {
  // Both keys in one read (a user's call reads key by key: two gets would be two reads).
  const both = store.entries(KEY);
  const record = storedAlerts(both[KEY] ?? null);
  // An earlier version kept the successes in the record: the later of the two counts.
  const lastSuccess = { ...record.lastSuccess };
  for (const [kind, at] of Object.entries(storedSuccesses(both[SUCCESS_KEY] ?? null)))
    lastSuccess[kind] = Math.max(at, lastSuccess[kind] ?? at);
  return { ...record, lastSuccess };
}

/** Writes what changed from `before` (as read): the alerts, their successes, both in one write, or nothing. */
export function writeAlerts(store: KeyValueStore, record: AlertsRecord, before: AlertsRecord): void {
  const main = JSON.stringify({ ...record, lastSuccess: {} });
  const successes = JSON.stringify(record.lastSuccess);
  const entries: Record<string, string> = {};
  if (main !== JSON.stringify({ ...before, lastSuccess: {} })) entries[KEY] = main;
  if (successes !== JSON.stringify(before.lastSuccess)) entries[SUCCESS_KEY] = successes;
  if (Object.keys(entries).length > 0) store.setMany(entries);
}

/** The record with `alert` in place of any alert of its kind. */
function withAlert(record: AlertsRecord, alert: Alert): AlertsRecord {
  return { ...record, alerts: [...record.alerts.filter((a) => a.kind !== alert.kind), alert] };
}

/** A failure of background work: a new alert, or the same one (same "since") with the latest message. */
export function noteFailure(record: AlertsRecord, kind: AlertKind, message: string, now: number, owner: string): AlertsRecord {
  const before = record.alerts.find((a) => a.kind === kind && a.cause !== 'low');
  const text = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}\u2026` : message;
  // Failing since the first failure; a stale alert that now fails keeps its "not succeeded since".
  return withAlert(record, {
    kind,
    cause: 'failed',
    since: before?.since ?? now,
    lastAt: now,
    message: text,
    owner,
    toasted: before?.toasted ?? false,
  });
}

/** A success: recorded, and the kind's alert (failed or stale) is gone. Null when nothing needs writing. */
export function noteSuccess(record: AlertsRecord, kind: AlertKind, now: number): AlertsRecord | null {
  const clears = record.alerts.some((a) => a.kind === kind);
  const last = record.lastSuccess[kind];
  if (!clears && last !== undefined && now - last < SUCCESS_WRITE_GAP_MS) return null;
  return { ...record, alerts: record.alerts.filter((a) => a.kind !== kind), lastSuccess: { ...record.lastSuccess, [kind]: now } };
}

/** Stale work noted (without replacing a failure, which says more); null when nothing is new. */
export function noteStale(record: AlertsRecord, expected: readonly Expectation[], now: number): AlertsRecord | null {
  let next = record;
  for (const e of expected) {
    if (next.alerts.some((a) => a.kind === e.kind)) continue;
    const since = staleSince(e, next.lastSuccess[e.kind], now);
    if (since === null) continue;
    const minutes = Math.round(e.intervalMs / 60_000);
    const message = `it should run ${everyMinutes(minutes)}, and none of its runs since then succeeded (its trigger may be gone, or its runs stopped).${e.addon ? ` ${ADDON_TRIGGER_STOPPED}` : ''}`;
    next = withAlert(next, { kind: e.kind, cause: 'stale', since, lastAt: now, message, owner: e.owner, toasted: false });
  }
  return next === record ? null : next;
}

/**
 * Low SKUs added to the day's low-stock alert (the latest quantity of each SKU; the list capped),
 * and SKUs found above the threshold since (`restocked`) taken off it: a restocked SKU is not
 * mailed the next day as low. Null when nothing changed.
 */
export function noteLow(
  record: AlertsRecord,
  skus: readonly LowSku[],
  now: number,
  restocked: ReadonlySet<string> = new Set(),
): AlertsRecord | null {
  const before = record.alerts.find((a) => a.kind === 'lowStock');
  const merged = new Map((before?.skus ?? []).map((s) => [s.sku, s.quantity]));
  const gone = [...merged.keys()].filter((sku) => restocked.has(sku));
  if (skus.length === 0 && gone.length === 0) return null;
  for (const sku of gone) merged.delete(sku);
  for (const s of skus) merged.set(s.sku, s.quantity);
  if (merged.size === 0) return { ...record, alerts: record.alerts.filter((a) => a.kind !== 'lowStock') };
  const list = Array.from(merged, ([sku, quantity]) => ({ sku, quantity })).slice(-MAX_LOW_SKUS);
  return withAlert(record, {
    kind: 'lowStock',
    cause: 'low',
    since: before?.since ?? now,
    lastAt: now,
    message: `${list.length} SKU(s) at or below the threshold`,
    owner: '',
    skus: list,
    toasted: false,
  });
}

/** The seller dismissed an alert: gone until its work fails (or SKUs run low) again. */
export function dismiss(record: AlertsRecord, kind: AlertKind): AlertsRecord | null {
  return record.alerts.some((a) => a.kind === kind) ? { ...record, alerts: record.alerts.filter((a) => a.kind !== kind) } : null;
}
