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

export function readImportStatus(store: KeyValueStore): ImportStatus {
  try {
    return { ...EMPTY, ...(JSON.parse(store.get(STATUS_KEY) ?? '{}') as Partial<ImportStatus>) };
  } catch {
    return { ...EMPTY };
  }
}

/** Updates part of the status. */
export function updateImportStatus(store: KeyValueStore, change: Partial<ImportStatus>): ImportStatus {
  return writeImportStatus(store, { ...readImportStatus(store), ...change });
}

/** Stores the whole status (a caller that read it under the document lock saves reading it again). */
export function writeImportStatus(store: KeyValueStore, status: ImportStatus): ImportStatus {
  store.set(STATUS_KEY, JSON.stringify(status));
  return status;
}
