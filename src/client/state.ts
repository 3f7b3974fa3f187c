/** The sidebar's copy of the server state: loaded on open and again after every action. */
import type { SidebarState } from '../core/background/sidebar-state';
import { callResult, errorMessage } from './server';

export type { SidebarState };

type StateListener = (state: SidebarState) => void;
type ErrorListener = (message: string) => void;

const stateListeners: StateListener[] = [];
const errorListeners: ErrorListener[] = [];
let latest: SidebarState | null = null;
/** The server's clock minus the browser's, at the last load (the add-on's clock may differ). */
let skew = 0;

/** Called with every new state (views re-render their read-only parts). */
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
  latest = state;
  if (typeof state.now === 'number') skew = state.now - Date.now();
  for (const listener of stateListeners) listener(state);
  return state;
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
