import type { Ports } from '../core/ports';
import { BUILD_TARGET } from '../target';
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
    deployment: BUILD_TARGET === null ? undefined : BUILD_TARGET === 'addon' ? 'addon' : 'container',
    transport: urlFetchTransport(),
    clock: appsScriptClock,
    userStore: user,
    documentStore: docs,
    lock: documentLock(),
    scheduler: scriptAppScheduler(),
    notifier: spreadsheetNotifier(interactive),
    files: driveFileStore({ get: () => user.get(LABEL_FOLDER_KEY), set: (id) => user.set(LABEL_FOLDER_KEY, id) }),
    session: appsScriptSession(),
    workbook: activeWorkbook(),
  };
}
