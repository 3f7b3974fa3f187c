import type { KeyValueStore, Lock } from '../core/kernel/ports';
import { BUILD_TARGET } from '../target';
import { leaseLock } from './lease-lock';
import { flushAndRelease } from './lock-release';
import { documentProperties } from './properties';
import { appsScriptClock } from './session';
import { sheetStore } from './sheet-store';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** A spreadsheet's shared store (settings, cursors, run state; nothing secret) and the lock that guards it. */
export interface DocumentState {
  store: KeyValueStore;
  lock: Lock;
}

/**
 * Where a spreadsheet's shared state lives. The bound script keeps it in document properties and
 * locks with the document lock, both always available to it. The Marketplace add-on's hourly run
 * has neither (no open document), so the add-on keeps its state in a hidden sheet of the
 * spreadsheet — reachable through openById — and locks with a lease kept there (with the
 * document lock too when `open`: the ports are the open document's, not one opened by id).
 */
export function documentState(spreadsheet: () => Spreadsheet, open = true, snapshot = false): DocumentState {
  if (BUILD_TARGET !== 'addon') {
    const store = documentProperties(snapshot);
    return { store, lock: documentLock(() => store.refresh()) };
  }
  const store = sheetStore(spreadsheet, () => Date.now());
  // The document lock is the open document's: a spreadsheet opened by id (the hourly run) has none.
  const theDocumentLock = () => (open ? LockService.getDocumentLock() : null);
  return { store, lock: leaseLock(store, appsScriptClock, Utilities.getUuid(), theDocumentLock) };
}

/**
 * The document lock, fetched on first use: building the ports must not touch LockService in a
 * limited auth mode. `changedHands` runs once it is taken and once it is let go: the store then
 * reads afresh what the last holder wrote, and what others write once it is free (a
 * read-modify-write after the release must not rest on what was read while holding it).
 */
function documentLock(changedHands: () => void): Lock {
  let lock: GoogleAppsScript.Lock.Lock | null = null;
  const get = (): GoogleAppsScript.Lock.Lock => (lock ??= LockService.getDocumentLock() ?? LockService.getScriptLock());
  return {
    tryAcquire: (timeoutMs) => {
      if (!get().tryLock(timeoutMs)) return false;
      changedHands();
      return true;
    },
    release: () => {
      flushAndRelease(lock);
      changedHands();
    },
  };
}
