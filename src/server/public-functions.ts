/**
 * THE list of public server functions. dev/build.ts generates one top-level function declaration
 * per key (Apps Script only finds those), and the sidebar's typed client takes its types from here.
 */
import { onInstall, onOpen, showSidebar } from './handlers/lifecycle';

export const publicFunctions = {
  onOpen,
  onInstall,
  showSidebar,
};

export type ServerFunctions = typeof publicFunctions;
export type ServerFunctionName = keyof ServerFunctions;

/** The names, in a stable order, for the build. */
export const publicFunctionNames = Object.keys(publicFunctions) as ServerFunctionName[];
