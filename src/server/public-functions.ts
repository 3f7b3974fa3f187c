/**
 * THE list of public server functions. dev/build.ts generates one top-level function declaration
 * per key (Apps Script only finds those), and the sidebar's typed client takes its types from here.
 */
import { onBackgroundWork } from './handlers/background';
import { checkOldJobStatus, getOldJobStatus, refreshJobResults, refreshJobs } from './handlers/jobs';
import { onInstall, onOpen, showSidebar } from './handlers/lifecycle';
import { cancelPush, continuePush, pushChanges, pushMenuHandlers, startPush } from './handlers/push';
import { getSidebarState, saveSettings, saveToken, signIn, signOut } from './handlers/settings';

export const publicFunctions = {
  // Simple triggers and the sidebar
  onOpen,
  onInstall,
  showSidebar,
  // Menu items
  ...pushMenuHandlers,
  pushChanges,
  refreshJobResults,
  checkOldJobStatus,
  // Sidebar (google.script.run)
  getSidebarState,
  saveSettings,
  saveToken,
  signIn,
  signOut,
  startPush,
  continuePush,
  cancelPush,
  refreshJobs,
  getOldJobStatus,
  // The installable time trigger
  onBackgroundWork,
};

export type ServerFunctions = typeof publicFunctions;
export type ServerFunctionName = keyof ServerFunctions;

/** The names, in a stable order, for the build. */
export const publicFunctionNames = Object.keys(publicFunctions) as ServerFunctionName[];
