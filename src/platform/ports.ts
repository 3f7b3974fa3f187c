import type { Ports } from '../core/ports';
import { driveFileStore } from './files';
import { documentLock } from './lock';
import { spreadsheetNotifier } from './notifier';
import { documentStore, userStore } from './properties';
import { scriptAppScheduler } from './scheduler';
import { appsScriptClock, appsScriptSession } from './session';
import { urlFetchTransport } from './transport';
import { activeWorkbook } from './workbook';

const LABEL_FOLDER_KEY = 'labelFolderId';

/** The one place that wires Apps Script services to the core's ports. */
export function appsScriptPorts(interactive: boolean): Ports {
  const docs = documentStore();
  const user = userStore();
  return {
    transport: urlFetchTransport(),
    clock: appsScriptClock,
    userStore: user,
    documentStore: docs,
    lock: documentLock(),
    scheduler: scriptAppScheduler(),
    notifier: spreadsheetNotifier(interactive),
    files: driveFileStore({ get: () => docs.get(LABEL_FOLDER_KEY), set: (id) => docs.set(LABEL_FOLDER_KEY, id) }),
    session: appsScriptSession(user),
    workbook: activeWorkbook(),
  };
}
