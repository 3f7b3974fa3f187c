/**
 * What the sidebar shows about the order import: the last run and what it brought, totals, the
 * last error, and whether a backlog remains. Document properties: every user sees the same.
 */
import type { KeyValueStore } from '../kernel/ports';

const STATUS_KEY = 'orders.status';

export interface ImportStatus {
  /** When an import last ran (scheduled or from the menu), whether or not it could call the hub. */
  lastRunAt: number | null;
  lastRunAdded: number;
  lastRunUpdated: number;
  totalAdded: number;
  totalUpdated: number;
  /** Get Orders calls made since the status was created. */
  totalCalls: number;
  lastError: string | null;
  lastErrorAt: number | null;
  /** When the last error was reported to the Log sheet and the notices (a repeat within the hour is not reported again). */
  lastErrorReportedAt: number | null;
  /** A window is half read, or the last call was put off: the next scheduled run continues at once. */
  pending: boolean;
  /** When the schedule was last switched on (for "next run" before the first run). */
  scheduledSince: number | null;
  /** The last run's summary. */
  lastMessage: string;
  /** When the daily reconciliation sweep last ended, and the orders it found late. */
  lastSweepAt: number | null;
  lastSweepFoundLate: number;
  /** Orders found late by every sweep so far. */
  totalFoundLate: number;
  /** Why the import runs less often than its schedule today (the trigger-runtime budget), and what to do; null: it does not. */
  runtimeNote: string | null;
  /** The period the budget allows while runtimeNote says so (minutes; 0: paused until the next UTC day). */
  runtimePeriod: number | null;
  /** A new value at every write: the idle calls recorded since (CHECKS_KEY) name it. */
  rev?: string;
}

const EMPTY: ImportStatus = {
  lastRunAt: null,
  lastRunAdded: 0,
  lastRunUpdated: 0,
  totalAdded: 0,
  totalUpdated: 0,
  totalCalls: 0,
  lastError: null,
  lastErrorAt: null,
  lastErrorReportedAt: null,
  pending: false,
  scheduledSince: null,
  lastMessage: '',
  lastSweepAt: null,
  lastSweepFoundLate: 0,
  totalFoundLate: 0,
  runtimeNote: null,
  runtimePeriod: null,
};

function storedStatus(store: KeyValueStore): ImportStatus {
  try {
    return { ...EMPTY, ...(JSON.parse(store.get(STATUS_KEY) ?? '{}') as Partial<ImportStatus>) };
  } catch {
    return { ...EMPTY };
  }
}

/**
 * Calls that found nothing new since the status was last written. The idle import (no lock, one
 * property write) records them here rather than in the status, which the locked import and the
 * seller's actions (a restart) rewrite: `since` is the stored status's rev they add to, so a
 * status written since makes them void instead of being overwritten by them.
 */
const CHECKS_KEY = 'orders.checks';

interface IdleChecks {
  since: string;
  at: number;
  calls: number;
  message: string;
}

function storedChecks(store: KeyValueStore, status: ImportStatus): IdleChecks | null {
  try {
    const checks = JSON.parse(store.get(CHECKS_KEY) ?? 'null') as IdleChecks | null;
    const valid = checks !== null && typeof checks.at === 'number' && Number.isInteger(checks.calls) && typeof checks.message === 'string';
    return valid && status.rev !== undefined && checks.since === status.rev ? checks : null;
  } catch {
    return null;
  }
}

/** The status as the sidebar and the import know it: the stored one, with the idle calls made since. */
export function readImportStatus(store: KeyValueStore): ImportStatus {
  const status = storedStatus(store);
  const checks = storedChecks(store, status);
  if (checks === null) return status;
  return {
    ...status,
    lastRunAt: checks.at,
    lastRunAdded: 0,
    lastRunUpdated: 0,
    totalCalls: status.totalCalls + checks.calls,
    lastMessage: checks.message,
  };
}

/** Where the idle calls stand, read before a call: the status they add to, and how many it has. */
export interface IdleChecksBase {
  since: string;
  calls: number;
}

export function idleChecksBase(store: KeyValueStore): IdleChecksBase {
  const status = storedStatus(store);
  return { since: status.rev ?? '', calls: storedChecks(store, status)?.calls ?? 0 };
}

/**
 * The entry recording one more call that found nothing new, on the status as read before the call
 * (a status written during it, by a restart or a locked import, makes this one void), for the
 * idle import to write with its other state in one call.
 */
export function idleCheckEntry(base: IdleChecksBase, at: number, message: string): Record<string, string> {
  const checks: IdleChecks = { since: base.since, at, calls: base.calls + 1, message };
  return { [CHECKS_KEY]: JSON.stringify(checks) };
}

/** Updates part of the status. */
export function updateImportStatus(store: KeyValueStore, change: Partial<ImportStatus>): ImportStatus {
  return writeImportStatus(store, { ...readImportStatus(store), ...change });
}

/** Stores the whole status (a caller that read it under the document lock saves reading it again). */
export function writeImportStatus(store: KeyValueStore, status: ImportStatus): ImportStatus {
  const written = { ...status, rev: Math.random().toString(36).slice(2, 10) };
  store.set(STATUS_KEY, JSON.stringify(written));
  return written;
}
