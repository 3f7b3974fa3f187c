import { UserError } from '../core/kernel/errors';
import type { FileStore } from '../core/kernel/ports';

const FOLDER_MIME = 'application/vnd.google-apps.folder';

/**
 * Label files in Drive through the Advanced Drive service (Drive API v3, enabled in the
 * manifest): files.create is documented under drive.file, the only Drive scope we ask for —
 * DriveApp.createFolder / Folder.createFile would need the full drive scope. With drive.file the
 * add-on sees only what it created, so the folder is found by the id it remembers (per user: a
 * folder one user's add-on created is not visible to another's), or created once by name.
 */
export function driveFileStore(rememberFolder: { get(): string | null; set(id: string): void }): FileStore {
  const api = (): NonNullable<typeof Drive> => {
    if (typeof Drive === 'undefined' || !Drive) {
      throw new UserError(
        'The Drive service is not enabled for this script, so labels cannot be saved. In the Apps Script editor, Services › add "Drive API" (v3, identifier Drive), or deploy again with npm run deploy.',
      );
    }
    return Drive;
  };
  const folder = (name: string): string => {
    const id = rememberFolder.get();
    if (id) {
      try {
        const found = api().Files!.get(id, { fields: 'id,trashed' });
        if (found && !found.trashed) return id;
      } catch {
        // Deleted, or no longer visible to this user: make a new one below.
      }
    }
    const created = api().Files!.create({ name, mimeType: FOLDER_MIME });
    rememberFolder.set(String(created.id));
    return String(created.id);
  };
  return {
    save(folderName, fileName, mimeType, bytes) {
      const blob = Utilities.newBlob(bytes, mimeType, fileName);
      const file = api().Files!.create({ name: fileName, mimeType, parents: [folder(folderName)] }, blob, { fields: 'id,webViewLink' });
      const id = String(file.id);
      return { id, url: file.webViewLink ?? `https://drive.google.com/file/d/${id}/view` };
    },
  };
}
