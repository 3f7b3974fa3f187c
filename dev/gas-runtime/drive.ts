import * as crypto from 'node:crypto';
import { blobFacade, blobState, dataBytes } from './blob';
import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';

/**
 * DriveApp: folders and files in memory (bytes kept, exported as base64 with the world).
 * Enough for an add-on saving files in its own folder: create, find by id or name, iterate.
 * Not emulated: sharing, permissions, search queries, conversions, Shared Drives.
 */

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  bytes: Uint8Array;
  folderId: string;
  createdAt: number;
  trashed: boolean;
}
export interface DriveFolder {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: number;
  trashed: boolean;
}

export class DriveModel {
  files = new Map<string, DriveFile>();
  folders = new Map<string, DriveFolder>();
  readonly rootId: string;
  /**
   * The Drive API is enabled in the script's Cloud project (the Advanced Drive service works).
   * Off: every Drive.Files call fails as Google fails it (drive-api.ts). DriveApp is not affected.
   */
  apiEnabled = true;

  constructor(rootId = newDriveId()) {
    this.rootId = rootId;
    if (!this.folders.has(rootId)) this.folders.set(rootId, { id: rootId, name: 'My Drive', parentId: null, createdAt: 0, trashed: false });
  }
}

/** A Drive-looking id (33 url-safe characters). */
export function newDriveId(): string {
  return `1${crypto.randomBytes(24).toString('base64url').slice(0, 32)}`;
}

export const MIME_TYPE = {
  GOOGLE_APPS_SCRIPT: 'application/vnd.google-apps.script',
  GOOGLE_DRAWINGS: 'application/vnd.google-apps.drawing',
  GOOGLE_DOCS: 'application/vnd.google-apps.document',
  GOOGLE_FORMS: 'application/vnd.google-apps.form',
  GOOGLE_SHEETS: 'application/vnd.google-apps.spreadsheet',
  GOOGLE_SITES: 'application/vnd.google-apps.site',
  GOOGLE_SLIDES: 'application/vnd.google-apps.presentation',
  FOLDER: 'application/vnd.google-apps.folder',
  SHORTCUT: 'application/vnd.google-apps.shortcut',
  BMP: 'image/bmp',
  GIF: 'image/gif',
  JPEG: 'image/jpeg',
  PNG: 'image/png',
  SVG: 'image/svg+xml',
  PDF: 'application/pdf',
  CSS: 'text/css',
  CSV: 'text/csv',
  HTML: 'text/html',
  JAVASCRIPT: 'application/javascript',
  PLAIN_TEXT: 'text/plain',
  RTF: 'application/rtf',
  MICROSOFT_EXCEL: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  MICROSOFT_EXCEL_LEGACY: 'application/vnd.ms-excel',
  MICROSOFT_POWERPOINT: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  MICROSOFT_WORD: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ZIP: 'application/zip',
};

export const fileUrl = (id: string) => `https://drive.google.com/file/d/${id}/view?usp=drivesdk`;
export const folderUrl = (id: string) => `https://drive.google.com/drive/folders/${id}`;

function iterator(ctx: Ctx, kind: string, items: object[]): object {
  let i = 0;
  return facade(kind, {
    hasNext: () => (ctx.cheap(kind, 'hasNext'), i < items.length),
    next() {
      ctx.cheap(kind, 'next');
      if (i >= items.length) ctx.fail('Cannot retrieve the next object: iterator has reached the end.');
      return items[i++];
    },
    getContinuationToken: () => (ctx.cheap(kind, 'getContinuationToken'), String(i)),
  });
}

function op(ctx: Ctx, service: string, method: string): void {
  ctx.enter(service, method);
  ctx.world.counters.driveOps++;
  ctx.charge(ctx.costs.driveOpMs);
}

function fileFacade(ctx: Ctx, f: DriveFile): object {
  const cheap = (method: string) => ctx.cheap('File', method);
  const self: object = facade('File', {
    getId: () => (cheap('getId'), f.id),
    getName: () => (cheap('getName'), f.name),
    setName: (name: unknown) => (op(ctx, 'File', 'setName'), (f.name = String(name)), self),
    getUrl: () => (cheap('getUrl'), fileUrl(f.id)),
    getDownloadUrl: () => (cheap('getDownloadUrl'), `https://drive.google.com/uc?id=${f.id}&export=download`),
    getMimeType: () => (cheap('getMimeType'), f.mimeType),
    getSize: () => (cheap('getSize'), f.bytes.length),
    getDateCreated: () => (cheap('getDateCreated'), ctx.realm.date(f.createdAt)),
    getBlob: () => (op(ctx, 'File', 'getBlob'), blobFacade(ctx, { bytes: f.bytes, contentType: f.mimeType, name: f.name })),
    getAs: (type: unknown) => (op(ctx, 'File', 'getAs'), blobFacade(ctx, { bytes: f.bytes, contentType: String(type), name: f.name })),
    setTrashed: (trashed: unknown) => (op(ctx, 'File', 'setTrashed'), (f.trashed = trashed === true), self),
    isTrashed: () => (cheap('isTrashed'), f.trashed),
    getParents: () => (
      op(ctx, 'File', 'getParents'), iterator(ctx, 'FolderIterator', [folderFacade(ctx, ctx.world.drive.folders.get(f.folderId)!)])
    ),
  });
  return self;
}

function createFileIn(ctx: Ctx, folderId: string, a: unknown, content?: unknown, mimeType?: unknown): object {
  const blob = blobState(a);
  const file: DriveFile = {
    id: newDriveId(),
    name: blob ? (blob.name ?? 'Untitled') : String(a),
    mimeType: blob ? (blob.contentType ?? 'application/octet-stream') : mimeType == null ? MIME_TYPE.PLAIN_TEXT : String(mimeType),
    bytes: blob ? blob.bytes.slice() : dataBytes(content ?? ''),
    folderId,
    createdAt: Math.floor(ctx.now()),
    trashed: false,
  };
  ctx.world.drive.files.set(file.id, file);
  return fileFacade(ctx, file);
}

function folderFacade(ctx: Ctx, d: DriveFolder): object {
  const drive = ctx.world.drive;
  const cheap = (method: string) => ctx.cheap('Folder', method);
  const files = () => [...drive.files.values()].filter((f) => f.folderId === d.id && !f.trashed);
  const folders = () => [...drive.folders.values()].filter((f) => f.parentId === d.id && !f.trashed);
  const self: object = facade('Folder', {
    getId: () => (cheap('getId'), d.id),
    getName: () => (cheap('getName'), d.name),
    setName: (name: unknown) => (op(ctx, 'Folder', 'setName'), (d.name = String(name)), self),
    getUrl: () => (cheap('getUrl'), folderUrl(d.id)),
    createFile: (a: unknown, content?: unknown, mimeType?: unknown) => (
      op(ctx, 'Folder', 'createFile'), createFileIn(ctx, d.id, a, content, mimeType)
    ),
    createFolder: (name: unknown) => (op(ctx, 'Folder', 'createFolder'), createFolderIn(ctx, d.id, name)),
    getFiles: () => (
      op(ctx, 'Folder', 'getFiles'),
      iterator(
        ctx,
        'FileIterator',
        files().map((f) => fileFacade(ctx, f)),
      )
    ),
    getFolders: () => (
      op(ctx, 'Folder', 'getFolders'),
      iterator(
        ctx,
        'FolderIterator',
        folders().map((f) => folderFacade(ctx, f)),
      )
    ),
    getFilesByName: (name: unknown) => (
      op(ctx, 'Folder', 'getFilesByName'),
      iterator(
        ctx,
        'FileIterator',
        files()
          .filter((f) => f.name === String(name))
          .map((f) => fileFacade(ctx, f)),
      )
    ),
    getFoldersByName: (name: unknown) => (
      op(ctx, 'Folder', 'getFoldersByName'),
      iterator(
        ctx,
        'FolderIterator',
        folders()
          .filter((f) => f.name === String(name))
          .map((f) => folderFacade(ctx, f)),
      )
    ),
    setTrashed: (trashed: unknown) => (op(ctx, 'Folder', 'setTrashed'), (d.trashed = trashed === true), self),
    isTrashed: () => (cheap('isTrashed'), d.trashed),
  });
  return self;
}

function createFolderIn(ctx: Ctx, parentId: string, name: unknown): object {
  const folder: DriveFolder = { id: newDriveId(), name: String(name), parentId, createdAt: Math.floor(ctx.now()), trashed: false };
  ctx.world.drive.folders.set(folder.id, folder);
  return folderFacade(ctx, folder);
}

/** The DriveApp global. */
export function driveApp(ctx: Ctx): object {
  const drive = ctx.world.drive;
  const live = <T extends { trashed: boolean }>(m: Map<string, T>) => [...m.values()].filter((x) => !x.trashed);
  return facade('DriveApp', {
    getRootFolder: () => (op(ctx, 'DriveApp', 'getRootFolder'), folderFacade(ctx, drive.folders.get(drive.rootId)!)),
    createFile: (a: unknown, content?: unknown, mimeType?: unknown) => (
      op(ctx, 'DriveApp', 'createFile'), createFileIn(ctx, drive.rootId, a, content, mimeType)
    ),
    createFolder: (name: unknown) => (op(ctx, 'DriveApp', 'createFolder'), createFolderIn(ctx, drive.rootId, name)),
    getFileById(id: unknown) {
      op(ctx, 'DriveApp', 'getFileById');
      const f = drive.files.get(String(id));
      if (!f) ctx.fail(MSG.driveItemMissing);
      return fileFacade(ctx, f);
    },
    getFolderById(id: unknown) {
      op(ctx, 'DriveApp', 'getFolderById');
      const f = drive.folders.get(String(id));
      if (!f) ctx.fail(MSG.driveItemMissing);
      return folderFacade(ctx, f);
    },
    getFiles: () => (
      op(ctx, 'DriveApp', 'getFiles'),
      iterator(
        ctx,
        'FileIterator',
        live(drive.files).map((f) => fileFacade(ctx, f)),
      )
    ),
    getFolders: () => (
      op(ctx, 'DriveApp', 'getFolders'),
      iterator(
        ctx,
        'FolderIterator',
        live(drive.folders)
          .filter((f) => f.id !== drive.rootId)
          .map((f) => folderFacade(ctx, f)),
      )
    ),
    getFilesByName: (name: unknown) => (
      op(ctx, 'DriveApp', 'getFilesByName'),
      iterator(
        ctx,
        'FileIterator',
        live(drive.files)
          .filter((f) => f.name === String(name))
          .map((f) => fileFacade(ctx, f)),
      )
    ),
    getFoldersByName: (name: unknown) => (
      op(ctx, 'DriveApp', 'getFoldersByName'),
      iterator(
        ctx,
        'FolderIterator',
        live(drive.folders)
          .filter((f) => f.name === String(name) && f.id !== drive.rootId)
          .map((f) => folderFacade(ctx, f)),
      )
    ),
  });
}
