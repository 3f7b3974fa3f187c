/**
 * The Marketplace add-on's hourly run over the user's spreadsheets (its trigger runs with no
 * document open): opens each by id (the one that waited longest first), runs what is due there,
 * and stops starting new ones when the execution's time runs short — those go first next hour.
 * A spreadsheet that can no longer be opened (deleted, access removed) for several hourly runs in
 * a row is dropped from the list with a notice the user sees in the sidebar of any spreadsheet.
 * The trigger goes when the list is empty.
 */
import type { Context } from '../kernel/context';
import { createContext } from '../settings/context';
import { describeError } from '../kernel/errors';
import { addNotice } from '../kernel/notices';
import type { Clock, KeyValueStore, Ports, Scheduler } from '../kernel/ports';
import { markDocumentRun, markOpenFailure, OPEN_FAILURES_BEFORE_DROP, readDocuments, walkOrder } from './documents';
import { BACKGROUND_HANDLER } from './trigger';

/** One execution's limit (Apps Script: 6 minutes), shared by every spreadsheet it visits. */
const EXECUTION_MS = 6 * 60_000;
/** A spreadsheet is started only with this much of the 6 minutes left (its own pieces check their room too). */
export const ROOM_TO_START_MS = 2 * 60_000;

export interface EveryDocumentPorts {
  /** The user's properties: the list of spreadsheets, their open failures, the notices. */
  users: KeyValueStore;
  clock: Clock;
  scheduler: Scheduler;
  /** The ports of one spreadsheet, opened by id; throws when it cannot be opened. */
  open(id: string): Ports;
}

/**
 * Why a spreadsheet could not be opened, as Google said it ("Requested entity was not found."):
 * not describeError's words for a failed run, which promise a Log sheet and a rerun that
 * continues — neither exists for a spreadsheet that cannot be opened.
 */
function openError(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).trim();
}

/** Runs `work` in each spreadsheet of the user's list that the execution has time for. */
export function runEveryDocument(p: EveryDocumentPorts, work: (ctx: Context) => void): void {
  const startedAt = p.clock.now();
  for (const doc of walkOrder(readDocuments(p.users))) {
    if (p.clock.now() - startedAt > EXECUTION_MS - ROOM_TO_START_MS) break;
    let ports: Ports;
    try {
      ports = p.open(doc.id);
    } catch (e) {
      // A passing outage is not a deletion: dropped only after several hourly runs in a row.
      if (markOpenFailure(p.users, doc.id, p.clock.now())) {
        addNotice(
          p.users,
          `Background work for the spreadsheet "${doc.name}" stopped: it could not be opened ${OPEN_FAILURES_BEFORE_DROP} hours in a row (${openError(e)}). If it still exists and you can edit it, open it and switch its background work on again.`,
        );
      }
      console.warn(`onBackgroundWork: could not open ${doc.id} ("${doc.name}"): ${String(e)}`);
      continue;
    }
    markDocumentRun(p.users, doc.id, p.clock.now());
    try {
      // One execution's 6 minutes are shared by every spreadsheet it visits.
      work({ ...createContext(ports, false), startedAt });
    } catch (e) {
      // Its state or Log sheet could not be used: said where the user will see it; the others still run.
      addNotice(p.users, `Background work in the spreadsheet "${doc.name}" failed: ${describeError(e)}`);
      console.error(`onBackgroundWork: ${doc.id} ("${doc.name}"): ${String(e)}`);
    }
  }
  if (readDocuments(p.users).length === 0) for (const t of p.scheduler.list(BACKGROUND_HANDLER)) p.scheduler.remove(t.id);
}
