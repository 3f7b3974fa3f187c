import { blobState } from './blob';
import { newDriveId, fileUrl, folderUrl, MIME_TYPE, type DriveFile, type DriveFolder } from './drive';
import type { Ctx } from './execution';
import { facade } from './facade';

/**
 * The Advanced Drive service, Drive API v3 (`Drive.Files.create` / `get` / `update`), on the same
 * in-memory Drive as DriveApp. Installed only when the manifest enables it
 * (dependencies.enabledAdvancedServices, under its userSymbol), as in Apps Script. Resources are
 * plain objects, as the advanced services return them. Reference:
 * https://developers.google.com/drive/api/reference/rest/v3/files/create — its authorization
 * scopes include drive.file, which DriveApp.createFolder / Folder.createFile do not list.
 */

/** The error an advanced service throws (wording approximated; the prefix is Google's). */
function apiFailure(ctx: Ctx, method: string, error: string): never {
  ctx.fail(`API call to drive.files.${method} failed with error: ${error}`);
}

function op(ctx: Ctx, method: string): void {
  ctx.enter('Drive.Files', method);
  ctx.world.counters.driveOps++;
  ctx.charge(ctx.costs.driveOpMs);
}

function fileResource(f: DriveFile): Record<string, unknown> {
  return {
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    parents: [f.folderId],
    trashed: f.trashed,
    webViewLink: fileUrl(f.id),
    size: String(f.bytes.length),
  };
}

function folderResource(d: DriveFolder): Record<string, unknown> {
  return {
    kind: 'drive#file',
    id: d.id,
    name: d.name,
    mimeType: MIME_TYPE.FOLDER,
    parents: d.parentId ? [d.parentId] : [],
    trashed: d.trashed,
    webViewLink: folderUrl(d.id),
  };
}

/** Only the fields asked for (`fields: 'id,webViewLink'`), like the API; all when none is given. */
function pick(resource: Record<string, unknown>, optionalArgs: unknown): Record<string, unknown> {
  const fields = (optionalArgs as { fields?: unknown } | undefined)?.fields;
  if (typeof fields !== 'string' || fields.trim() === '' || fields.trim() === '*') return resource;
  const out: Record<string, unknown> = {};
  for (const f of fields.split(',').map((x) => x.trim())) if (f in resource) out[f] = resource[f];
  return out;
}

export function advancedDrive(ctx: Ctx): object {
  const drive = ctx.world.drive;
  const parentOf = (resource: Record<string, unknown>): string => {
    const parents = resource.parents;
    const id = Array.isArray(parents) && parents.length > 0 ? String(parents[0]) : drive.rootId;
    const folder = drive.folders.get(id);
    if (!folder || folder.trashed) apiFailure(ctx, 'create', `File not found: ${id}.`);
    return id;
  };
  const files = facade('Files', {
    create(resource: unknown, mediaData?: unknown, optionalArgs?: unknown) {
      op(ctx, 'create');
      const r = (resource && typeof resource === 'object' ? resource : {}) as Record<string, unknown>;
      const parentId = parentOf(r);
      const now = Math.floor(ctx.now());
      if (r.mimeType === MIME_TYPE.FOLDER) {
        const folder: DriveFolder = {
          id: newDriveId(),
          name: String(r.name ?? 'Untitled folder'),
          parentId,
          createdAt: now,
          trashed: false,
        };
        drive.folders.set(folder.id, folder);
        return ctx.toRealm(pick(folderResource(folder), optionalArgs));
      }
      const blob = blobState(mediaData);
      const file: DriveFile = {
        id: newDriveId(),
        name: String(r.name ?? blob?.name ?? 'Untitled'),
        mimeType: String(r.mimeType ?? blob?.contentType ?? 'application/octet-stream'),
        bytes: blob ? blob.bytes.slice() : new Uint8Array(),
        folderId: parentId,
        createdAt: now,
        trashed: false,
      };
      drive.files.set(file.id, file);
      return ctx.toRealm(pick(fileResource(file), optionalArgs));
    },
    get(fileId: unknown, optionalArgs?: unknown) {
      op(ctx, 'get');
      const id = String(fileId);
      const file = drive.files.get(id);
      if (file) return ctx.toRealm(pick(fileResource(file), optionalArgs));
      const folder = drive.folders.get(id);
      if (folder) return ctx.toRealm(pick(folderResource(folder), optionalArgs));
      return apiFailure(ctx, 'get', `File not found: ${id}.`);
    },
    update(resource: unknown, fileId: unknown, _mediaData?: unknown, optionalArgs?: unknown) {
      op(ctx, 'update');
      const id = String(fileId);
      const r = (resource && typeof resource === 'object' ? resource : {}) as Record<string, unknown>;
      const item = drive.files.get(id) ?? drive.folders.get(id);
      if (!item) return apiFailure(ctx, 'update', `File not found: ${id}.`);
      if (typeof r.name === 'string') item.name = r.name;
      if (typeof r.trashed === 'boolean') item.trashed = r.trashed;
      const f = drive.files.get(id);
      return ctx.toRealm(pick(f ? fileResource(f) : folderResource(item as DriveFolder), optionalArgs));
    },
  });
  return facade('Drive', { Files: files });
}
