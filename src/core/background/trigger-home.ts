/**
 * The Marketplace add-on's one hourly trigger belongs to the spreadsheet it was created in, and
 * Google stops firing it while the add-on is turned off in that spreadsheet ("Add-on triggers stop
 * firing … if the add-on is disabled in a document", editor add-on trigger restrictions). It serves
 * every spreadsheet of the user, so turning the add-on off in one would silently stop background
 * work in all of them. An operation in a spreadsheet that still has the add-on notices a trigger
 * that has not run for two hours and more, created elsewhere, and creates it again here.
 */
import type { KeyValueStore } from '../kernel/ports';
import { readDocuments } from './documents';

/** When this user's add-on trigger was last created (user properties): its first run is up to an hour later. */
const CREATED_KEY = 'background.triggerCreatedAt';
/**
 * An hourly trigger that has not run for two periods is not running: the same two missed runs
 * after which the stale alert tells the seller to open the sidebar (alerts/stale.ts), so that
 * opening it then does what the alert says.
 */
export const NOT_FIRING_AFTER_MS = 120 * 60_000;

/**
 * The last sign that the trigger works: its newest run over the user's spreadsheets, or its
 * creation; before either, the oldest spreadsheet's entry (a spreadsheet added now is no sign).
 */
function lastSign(users: KeyValueStore): number {
  const created = Number(users.get(CREATED_KEY) ?? Number.NaN);
  const docs = readDocuments(users);
  const signs = docs.map((d) => d.lastRunAt).filter((t): t is number => t !== null);
  if (Number.isFinite(created)) signs.push(created);
  if (signs.length === 0) signs.push(Math.min(...docs.map((d) => d.addedAt)));
  return Math.max(...signs);
}

/** True when the trigger has not run for too long (the caller then checks where it was created). */
export function triggerNotFiring(users: KeyValueStore, now: number): boolean {
  return now - lastSign(users) > NOT_FIRING_AFTER_MS;
}

/** Notes that the trigger was just created, so that its first hour is not taken for a stop. */
export function noteTriggerCreated(users: KeyValueStore, now: number): void {
  users.set(CREATED_KEY, String(now));
}
