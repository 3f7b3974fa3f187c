/**
 * The sidebar's copy of the server state: loaded on open and again after every action, and a few
 * sections of it whenever their stamps move (live.ts).
 */
import type { SidebarSections, SidebarState } from '../core/background/sidebar-state';
import type { LiveSection } from '../core/kernel/live';
import { callResult, errorMessage } from './server';

export type { SidebarState };

/** `sections`: the sections just read again (the rest is as before), or null for a whole new state. */
type StateListener = (state: SidebarState, sections: ReadonlySet<LiveSection> | null) => void;
type ErrorListener = (message: string) => void;

const stateListeners: StateListener[] = [];
const errorListeners: ErrorListener[] = [];
let latest: SidebarState | null = null;
/** The server's clock minus the browser's, at the last load (the add-on's clock may differ). */
let skew = 0;

/** Called with every new state, whole or in part (views re-render their read-only parts). */
export function onState(listener: StateListener): void {
  stateListeners.push(listener);
}

/** Called when loading the state fails. */
export function onStateError(listener: ErrorListener): void {
  errorListeners.push(listener);
}

export function currentState(): SidebarState | null {
  return latest;
}

/** The server's time now, estimated from the last state's `now`. */
export function serverNow(): number {
  return Date.now() + skew;
}

/** Loads the state and tells every view; rejects if the server call fails. */
export async function loadState(): Promise<SidebarState> {
  const state = await callResult('getSidebarState');
  publish(state, null);
  return state;
}

function publish(state: SidebarState, sections: ReadonlySet<LiveSection> | null): void {
  latest = state;
  if (typeof state.now === 'number') skew = state.now - Date.now();
  for (const listener of stateListeners) listener(state, sections);
}

/** The stamps of the state shown: a section whose stamp moved since is out of date. */
export function shownRevisions(): Record<string, string> {
  return latest?.revisions ?? {};
}

/**
 * Reads `sections` again and tells the views which ones changed; the others keep what they show
 * (a form being typed in is not filled again). Before the first whole state there is nothing to
 * merge into: nothing happens. Rejects if the server call fails.
 */
export async function refreshSections(sections: readonly LiveSection[]): Promise<void> {
  const part: SidebarSections = await callResult('getSidebarSections', [...sections]);
  if (!latest) return;
  const revisions = { ...latest.revisions };
  for (const section of sections) revisions[section] = part.revisions[section];
  publish({ ...latest, ...part, revisions }, new Set(sections));
}

/**
 * Refreshes the state after an action (log, jobs and token may have changed). A failure is
 * reported to the error listeners, not thrown: it must not hide the action's own result.
 */
export async function refreshState(): Promise<void> {
  try {
    await loadState();
  } catch (e) {
    const message = `Could not refresh the sidebar: ${errorMessage(e)}`;
    for (const listener of errorListeners) listener(message);
  }
}
