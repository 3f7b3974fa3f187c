import { shortName, type ApiModel, type Overload, type Primitive } from './model';

/**
 * The Advanced Drive service's `optionalArgs` against Google's Drive API v3 reference.
 * @types/google-apps-script declares them `Record<string, any>`: they are the method's query
 * parameters, so a v2 name, a typo or a wrong type would pass its check and fail (or be ignored)
 * at Google. Only the methods the bundle calls are modelled, each from its reference page; the
 * `fields` parameter is checked further: each field it selects must be one of the method's
 * response resource in the v3 declarations (`webViewLink`, not v2's `alternateLink`).
 */

type Param = Primitive | 'deprecated';

/** Standard query parameters every Drive v3 method takes: https://developers.google.com/drive/api/guides/performance#partial and https://cloud.google.com/apis/docs/system-parameters */
const STANDARD: Record<string, Param> = { fields: 'string', prettyPrint: 'boolean', quotaUser: 'string', alt: 'string' };

const FILES = 'Drive_v3.Drive.V3.Collection.FilesCollection';
const REFERENCE = 'https://developers.google.com/drive/api/reference/rest/v3/files';

/** Parameters files.create, files.get and files.update all list. */
const EVERY_FILES_METHOD: Record<string, Param> = {
  includeLabels: 'string',
  includePermissionsForView: 'string',
  supportsAllDrives: 'boolean',
  supportsTeamDrives: 'deprecated',
};

/** Parameters of the methods that write a file's content (files.create, files.update). */
const WRITES_CONTENT: Record<string, Param> = {
  enforceSingleParent: 'deprecated',
  keepRevisionForever: 'boolean',
  ocrLanguage: 'string',
  uploadType: 'string',
  useContentAsIndexableText: 'boolean',
};

/** Query parameters per method (interface without the GoogleAppsScript prefix, and method), with the page that lists them. */
export const DRIVE_V3_QUERY_PARAMETERS: Record<string, { page: string; params: Record<string, Param> }> = {
  [`${FILES}.create`]: {
    page: `${REFERENCE}/create`,
    params: { ...EVERY_FILES_METHOD, ...WRITES_CONTENT, ignoreDefaultVisibility: 'boolean' },
  },
  [`${FILES}.get`]: { page: `${REFERENCE}/get`, params: { ...EVERY_FILES_METHOD, acknowledgeAbuse: 'boolean' } },
  [`${FILES}.update`]: {
    page: `${REFERENCE}/update`,
    params: { ...EVERY_FILES_METHOD, ...WRITES_CONTENT, addParents: 'string', removeParents: 'string' },
  },
};

/** The top-level names a `fields` selection asks for: `id,parents` → id, parents; `files(id,name)` → files. */
function selectedFields(fields: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of `${fields},`) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      const name = current.trim().split(/[/(]/)[0].trim();
      if (name && name !== '*') out.push(name);
      current = '';
    } else current += ch;
  }
  return out;
}

/**
 * `fields` names the response resource's fields. The resource is the first object type the
 * method's overloads return: files.get also declares a `string` return, for `alt: 'media'`.
 */
function fieldsProblems(model: ApiModel, overloads: readonly Overload[], fields: string): string[] {
  const ref = overloads.map((o) => o.returns).find((r) => r.k === 'object');
  const returns = ref?.k === 'object' ? model.types[ref.name] : undefined;
  if (!returns) return [];
  return selectedFields(fields)
    .filter((f) => !Object.hasOwn(returns.members, f))
    .map((f) => `optionalArgs.fields selects "${f}", not a field of ${shortName(returns.name)}`);
}

/**
 * Problems of a call's `optionalArgs` (the argument bound to the overload's parameter of that
 * name), for the methods modelled above; none for the others.
 */
export function queryParameterProblems(
  model: ApiModel,
  typeName: string,
  method: string,
  overloads: { matched: Overload; all: readonly Overload[] },
  args: readonly unknown[],
): string[] {
  const spec = DRIVE_V3_QUERY_PARAMETERS[`${shortName(typeName)}.${method}`];
  const at = overloads.matched.params.findIndex((p) => p.name === 'optionalArgs');
  const given = at >= 0 ? args[at] : undefined;
  if (!spec || given === null || typeof given !== 'object') return [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(given)) {
    const param = Object.hasOwn(spec.params, key) ? spec.params[key] : Object.hasOwn(STANDARD, key) ? STANDARD[key] : undefined;
    if (!param) problems.push(`optionalArgs.${key} is not a query parameter of ${spec.page}`);
    else if (param === 'deprecated') problems.push(`optionalArgs.${key} is deprecated in ${spec.page}`);
    else if (typeof value !== param) problems.push(`optionalArgs.${key} is ${typeof value}, declared ${param} (${spec.page})`);
    else if (key === 'fields') problems.push(...fieldsProblems(model, [overloads.matched, ...overloads.all], String(value)));
  }
  return problems;
}
