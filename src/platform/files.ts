import type { FileStore } from '../core/ports';

/**
 * Label files in Drive. With the drive.file scope the add-on sees only files and folders it
 * created, so the folder is found by the id it remembers, or created once by name.
 */
export function driveFileStore(rememberFolder: { get(): string | null; set(id: string): void }): FileStore {
  const folder = (name: string): GoogleAppsScript.Drive.Folder => {
    const id = rememberFolder.get();
    if (id) {
      try {
        return DriveApp.getFolderById(id);
      } catch {
        // The folder was deleted or is no longer shared with us: make a new one below.
      }
    }
    const created = DriveApp.createFolder(name);
    rememberFolder.set(created.getId());
    return created;
  };
  return {
    save(folderName, fileName, mimeType, bytes) {
      const blob = Utilities.newBlob(bytes, mimeType, fileName);
      const file = folder(folderName).createFile(blob);
      return { id: file.getId(), url: file.getUrl() };
    },
  };
}
