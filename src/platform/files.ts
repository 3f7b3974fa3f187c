import { ApiDisabledError, UserError } from '../core/kernel/errors';
import type { FileStore } from '../core/kernel/ports';

const FOLDER_MIME = 'application/vnd.google-apps.folder';

/**
 * Google's answer when the Drive API is off in the script's Cloud project: a 403
 * accessNotConfigured, "Google Drive API has not been used in project N before or it is
 * disabled. Enable it by visiting <url> then retry." A published add-on's standard project has
 * it off until someone enables it (https://developers.google.com/apps-script/guides/cloud-platform-projects).
 */
const API_DISABLED = /has not been used in project \d+ before or it is disabled|accessNotConfigured|SERVICE_DISABLED/;
const ENABLE_URL = /https:\/\/console\.(?:developers|cloud)\.google\.com\/apis\/api\/drive\.googleapis\.com\/\S*?(?=\s|$)/;

/** Google's error as a developer reads it in the Log: its name and message, and the API's reason when given. */
function rawError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const reason = (e as Error & { details?: { errors?: Array<{ reason?: unknown }> } }).details?.errors?.[0]?.reason;
  return `${e.name}: ${e.message}${typeof reason === 'string' && !e.message.includes(reason) ? ` (${reason})` : ''}`;
}

/** A Drive API call; when Google says the API is off, the seller is told what to do (the raw error kept). */
function driveCall<T>(call: () => T): T {
  try {
    return call();
  } catch (e) {
    const raw = rawError(e);
    if (!API_DISABLED.test(raw)) throw e;
    const where = raw.match(ENABLE_URL)?.[0]?.replace(/[.,]$/, '') ?? 'Google Cloud console › APIs & Services › Library › Google Drive API';
    throw new ApiDisabledError(
      "Printing labels needs the Google Drive API, which is not enabled in the add-on's Google Cloud project. " +
        `Whoever deployed Hub Sync enables it at ${where} (see Install), then prints again.`,
      raw,
    );
  }
}

/**
 * Label files in Drive through the Advanced Drive service (Drive API v3, enabled in the
 * manifest): files.create is documented under drive.file, the only Drive scope we ask for —
 * DriveApp.createFolder / Folder.createFile would need the full drive scope. With drive.file the
 * add-on sees only what it created, so the folder is found by the id it remembers (per user: a
 * folder one user's add-on created is not visible to another's), or created once by name; the
 * id found is kept for the rest of the execution.
 */
export function driveFileStore(rememberFolder: { get(): string | null; set(id: string): void }): FileStore {
  let folderId: string | null = null;
  const api = (): NonNullable<typeof Drive> => {
    if (typeof Drive === 'undefined' || !Drive) {
      throw new UserError(
        'The Drive service is not enabled for this script, so labels cannot be saved. In the Apps Script editor, Services › add "Drive API" (v3, identifier Drive), or deploy again with npm run deploy.',
      );
    }
    return Drive;
  };
  const remembered = (): string | null => {
    const id = rememberFolder.get();
    if (!id) return null;
    try {
      const found = driveCall(() => api().Files!.get(id, { fields: 'id,trashed' }));
      return found && !found.trashed ? id : null;
    } catch (e) {
      if (e instanceof UserError) throw e;
      return null; // Deleted, or no longer visible to this user: make a new one.
    }
  };
  const folder = (name: string): string => {
    folderId ??= remembered();
    if (folderId) return folderId;
    const created = driveCall(() => api().Files!.create({ name, mimeType: FOLDER_MIME }));
    folderId = String(created.id);
    rememberFolder.set(folderId);
    return folderId;
  };
  return {
    prepare(folderName) {
      folder(folderName);
    },
    save(folderName, fileName, mimeType, bytes) {
      const blob = Utilities.newBlob(bytes, mimeType, fileName);
      const parents = [folder(folderName)];
      const file = driveCall(() => api().Files!.create({ name: fileName, mimeType, parents }, blob, { fields: 'id,webViewLink' }));
      const id = String(file.id);
      return { id, url: file.webViewLink ?? `https://drive.google.com/file/d/${id}/view` };
    },
  };
}
