/**
 * Where the sidebar's section stamps live (core/kernel/live.ts): in properties, never in a sheet,
 * so that the sidebar's poll costs one properties read. The bound script keeps them in document
 * properties, which all its executions reach. The add-on's menu and sidebar calls reach document
 * properties too, but its hourly run opens the spreadsheet by id with no document properties, so
 * that run marks in its user's properties under the spreadsheet's id; the add-on's poll reads
 * both (two reads).
 */
import type { LiveStamps } from '../core/kernel/ports';
import { LIVE_PREFIX, stampEntries } from '../core/kernel/live';
import { BUILD_TARGET } from '../target';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Properties = GoogleAppsScript.Properties.Properties;

/** The user's keys of one spreadsheet's stamps (the add-on's hourly run). */
function userPrefix(documentId: string): string {
  return `live@${documentId}.`;
}

/** Stamps in one Properties object: marking writes every section's key in one call, reading takes one call. */
function propertyStamps(props: () => Properties | null, keyPrefix: () => string): LiveStamps {
  return {
    mark(sections, stamp) {
      const p = props();
      if (!p || sections.length === 0) return;
      const prefix = keyPrefix();
      const values: Record<string, string> = {};
      for (const section of sections) values[`${prefix}${section}`] = stamp;
      p.setProperties(values, false);
    },
    read() {
      const all = props()?.getProperties() ?? {};
      const prefix = keyPrefix();
      const out: Record<string, string> = {};
      for (const key of Object.keys(all)) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = all[key];
      return out;
    },
  };
}

/** Both places joined: a section moved when either stamp did. */
function joined(document: LiveStamps, user: LiveStamps): LiveStamps {
  return {
    mark: (sections, stamp) => document.mark(sections, stamp),
    read() {
      const d = document.read();
      const u = user.read();
      const out: Record<string, string> = {};
      for (const key of new Set([...Object.keys(d), ...Object.keys(u)])) out[key] = `${d[key] ?? ''}|${u[key] ?? ''}`;
      return out;
    },
  };
}

/**
 * The stamps of an execution: `opened` is the spreadsheet the add-on's hourly run opened by id
 * (no document properties there); without it, the open spreadsheet's.
 */
export function liveStampsPort(spreadsheet: () => Spreadsheet, opened: boolean): LiveStamps {
  const document = propertyStamps(
    () => PropertiesService.getDocumentProperties(),
    () => LIVE_PREFIX,
  );
  if (BUILD_TARGET !== 'addon') {
    // The bound script's document store is these same document properties: a caller may batch the stamps with its own writes.
    return { ...withActiveSheet(document, spreadsheet), entries: stampEntries };
  }
  // The id is asked only when a stamp is marked or read: building the ports must not open the spreadsheet.
  const user = propertyStamps(
    () => PropertiesService.getUserProperties(),
    () => userPrefix(spreadsheet().getId()),
  );
  return opened ? user : withActiveSheet(joined(document, user), spreadsheet);
}

/**
 * The Push section names the sheet a push acts on (the active mapped sheet), and moving to another
 * tab runs nothing of ours that could mark it: its stamp as read carries the active sheet's id, so
 * the poll sees the move (Spreadsheet.getActiveSheet and Sheet.getSheetId read no cells).
 */
function withActiveSheet(stamps: LiveStamps, spreadsheet: () => Spreadsheet): LiveStamps {
  return {
    mark: (sections, stamp) => stamps.mark(sections, stamp),
    read() {
      const out = stamps.read();
      let sheet = '';
      try {
        sheet = String(spreadsheet().getActiveSheet().getSheetId());
      } catch {
        // No active sheet to name (no document): the stamp alone.
      }
      out.push = `${out.push ?? ''}@${sheet}`;
      return out;
    },
  };
}

/** The open spreadsheet's stamps, for the sidebar's poll: nothing else of the ports is built. */
export function openDocumentStamps(): LiveStamps {
  return liveStampsPort(() => SpreadsheetApp.getActive(), false);
}
