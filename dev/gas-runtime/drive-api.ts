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

/**
 * The error an advanced service throws: a GoogleJsonResponseException whose message is
 * `API call to drive.files.<method> failed with error: <the API's error message>`, and whose
 * `details` carry the API's JSON error (`code`, `message`, `errors`). Reasons other than the
 * disabled API are approximated.
 */
function apiFailure(ctx: Ctx, method: string, error: string, code = 404, reason = 'notFound', domain = 'global'): never {
  const e = ctx.realm.error(`API call to drive.files.${method} failed with error: ${error}`, 'GoogleJsonResponseException');
  (e as Error & { details?: unknown }).details = ctx.toRealm({ code, message: error, errors: [{ domain, reason, message: error }] });
  throw e;
}

/**
 * The Cloud project number Google names in its errors: the same for every call of one script
 * project (a standard project's is chosen by Google; this one is derived from the script id).
 */
export function cloudProjectNumber(scriptId: string): string {
  let n = 0;
  for (const ch of scriptId) n = (n * 31 + ch.charCodeAt(0)) % 1e12;
  return String(Math.max(n, 1e11));
}

/**
 * Google's answer when the Drive API is off in the script's Cloud project (a standard project
 * where nobody enabled it: Apps Script turns it on by itself only in a default project,
 * https://developers.google.com/apps-script/guides/cloud-platform-projects and
 * https://developers.google.com/apps-script/guides/services/advanced). Every call of the service
 * fails with a 403 `accessNotConfigured`; the text is the API's, as reported publicly
 * (https://github.com/transloadit/uppy/issues/1300, https://github.com/openclaw/gogcli/issues/489),
 * behind the advanced service's `API call to drive.files.<method> failed with error:` prefix.
 */
function disabledApiFailure(ctx: Ctx, method: string): never {
  const project = cloudProjectNumber(ctx.world.scriptId);
  const url = `https://console.developers.google.com/apis/api/drive.googleapis.com/overview?project=${project}`;
  const error =
    `Google Drive API has not been used in project ${project} before or it is disabled. Enable it by visiting ${url} then retry. ` +
    'If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.';
  return apiFailure(ctx, method, error, 403, 'accessNotConfigured', 'usageLimits');
}

function op(ctx: Ctx, method: string): void {
  ctx.enter('Drive.Files', method);
  ctx.world.counters.driveOps++;
  ctx.charge(ctx.costs.driveOpMs);
  if (!ctx.world.drive.apiEnabled) disabledApiFailure(ctx, method);
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
