import type { KeyValueStore, Ports } from '../core/kernel/ports';
import { BUILD_TARGET } from '../target';
import { documentState } from './document-store';
import { liveStampsPort } from './live-stamps';
import { driveFileStore } from './files';
import { mailAppMailer } from './mailer';
import { spreadsheetNotifier } from './notifier';
import { userStore } from './properties';
import { scriptAppScheduler } from './scheduler';
import { appsScriptClock, appsScriptSession } from './session';
import { urlFetchTransport } from './transport';
import { spreadsheetWorkbook } from './workbook';

const LABEL_FOLDER_KEY = 'labelFolderId';

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** The deployment the bundle was built as (absent when built without a target: the settings decide). */
export function buildDeployment(): Ports['deployment'] {
  return BUILD_TARGET === null ? undefined : BUILD_TARGET === 'addon' ? 'addon' : 'container';
}

/**
 * The one place that wires Apps Script services to the core's ports, for the open spreadsheet
 * or, in the add-on's hourly run, for one it opened by id.
 */
export function appsScriptPorts(interactive: boolean, opened?: Spreadsheet): Ports {
  let active: Spreadsheet | null = opened ?? null;
  const spreadsheet = (): Spreadsheet => (active ??= SpreadsheetApp.getActive());
  // A trigger run reads its stores whole, once (properties.ts snapshotStore); a user's call, key by key.
  const doc = documentState(spreadsheet, opened === undefined, !interactive);
  const user = userStore(!interactive);
  return {
    deployment: buildDeployment(),
    transport: urlFetchTransport(),
    clock: appsScriptClock,
    userStore: user,
    documentStore: doc.store,
    lock: doc.lock,
    scheduler: scriptAppScheduler(),
    notifier: spreadsheetNotifier(interactive, spreadsheet),
    files: driveFileStore({ get: () => user.get(LABEL_FOLDER_KEY), set: (id) => user.set(LABEL_FOLDER_KEY, id) }),
    mailer: mailAppMailer,
    session: appsScriptSession(user, spreadsheet),
    workbook: spreadsheetWorkbook(spreadsheet()),
    live: liveStampsPort(spreadsheet, opened !== undefined),
  };
}

/** The ports of a spreadsheet opened by id (the add-on's hourly run visits each of the user's); throws when it cannot be opened. */
export function portsForDocument(id: string): Ports {
  return appsScriptPorts(false, SpreadsheetApp.openById(id));
}

/**
 * What onOpen may use, in LIMITED mode too: the open document's own store, and its time zone
 * (read only when asked: the store alone must not need more).
 */
export function openingDocument(): { store: KeyValueStore; timeZone: () => string } {
  return {
    store: documentState(() => SpreadsheetApp.getActive()).store,
    timeZone: () => SpreadsheetApp.getActive().getSpreadsheetTimeZone() || Session.getScriptTimeZone(),
  };
}
