import { MSG } from './errors';
import type { Manifest } from './types';

/**
 * OAuth scopes per Apps Script method, from each method's reference page ("Authorization:
 * Scripts that use this method require authorization with one or more of the following
 * scopes"). When the manifest declares `oauthScopes`, Apps Script stops detecting scopes and
 * refuses any call whose method needs a scope that is not declared
 * (https://developers.google.com/apps-script/concepts/scopes, "Setting explicit scopes"); the
 * emulator does the same at the gate of every service call (Ctx.enter).
 *
 * Keys are `Class.method` as the emulator's facades name them. A method missing here fails the
 * call with a HarnessError (only under a manifest that declares scopes), so that a new call in
 * the bundle forces whoever adds it to look up its reference page and add a row.
 */

const AUTH = 'https://www.googleapis.com/auth/';
const REF = 'https://developers.google.com/apps-script/reference/';

/** One row: the scopes the reference lists (any one suffices; none = no authorization) and where. */
export interface ScopeRule {
  scopes: readonly string[];
  page: string;
  /**
   * 'advanced': an advanced service (a REST API wrapper): the API refuses the request, so the
   * error is the API's, not Apps Script's "Specified permissions" (see scopeDenial).
   */
  kind?: 'advanced';
}

const SHEETS = [`${AUTH}spreadsheets.currentonly`, `${AUTH}spreadsheets`];
const CONTAINER_UI = [`${AUTH}script.container.ui`];
const SCRIPTAPP = [`${AUTH}script.scriptapp`];
const EXTERNAL = [`${AUTH}script.external_request`];
const EMAIL = [`${AUTH}userinfo.email`];
const DRIVE = [`${AUTH}drive`];
const DRIVE_READ = [`${AUTH}drive.readonly`, `${AUTH}drive`];
const NONE: readonly string[] = [];

const table: Record<string, ScopeRule> = {};

/** Adds one row per method of a class, all with the same scopes and reference page. */
function rows(className: string, page: string, scopes: readonly string[], methods: string[], kind?: 'advanced'): void {
  for (const m of methods) table[`${className}.${m}`] = { scopes, page: `${REF}${page}`, ...(kind ? { kind } : {}) };
}

// SpreadsheetApp. openById/openByUrl need the full scope: Apps Script refuses them under
// spreadsheets.currentonly ("…to call SpreadsheetApp.openById. Required permissions:
// https://www.googleapis.com/auth/spreadsheets", public error reports), whatever the ID.
rows('SpreadsheetApp', 'spreadsheet/spreadsheet-app', SHEETS, [
  'getActive',
  'getActiveSpreadsheet',
  'getActiveSheet',
  'getActiveRange',
  'getActiveRangeList',
  'getSelection',
  'getCurrentCell',
  'setActiveSheet',
  'setActiveRange',
  'flush',
]);
rows('SpreadsheetApp', 'spreadsheet/spreadsheet-app', [`${AUTH}spreadsheets`], ['openById', 'openByUrl', 'create']);
// Menus are built by onOpen in AuthMode.NONE, before any grant: getUi and menu building list no scope.
rows('SpreadsheetApp', 'spreadsheet/spreadsheet-app', NONE, ['getUi']);
rows('Spreadsheet', 'spreadsheet/spreadsheet', SHEETS, [
  'getId',
  'getName',
  'getUrl',
  'rename',
  'getSpreadsheetTimeZone',
  'setSpreadsheetTimeZone',
  'getSpreadsheetLocale',
  'toast',
  'getSheets',
  'getNumSheets',
  'getSheetByName',
  'getSheetById',
  'insertSheet',
  'deleteSheet',
  'getActiveSheet',
  'setActiveSheet',
  'getActiveRange',
  'getActiveRangeList',
  'setActiveRange',
  'getSelection',
  'getCurrentCell',
  'getDataRange',
  'getRange',
  'getRangeList',
  'getRanges',
]);
rows('Sheet', 'spreadsheet/sheet', SHEETS, [
  'getName',
  'setName',
  'getSheetId',
  'getIndex',
  'getParent',
  'activate',
  'getRange',
  'getRangeList',
  'getDataRange',
  'appendRow',
  'clear',
  'clearContents',
  'clearFormats',
  'getLastRow',
  'getLastColumn',
  'getMaxRows',
  'getMaxColumns',
  'getFrozenRows',
  'getFrozenColumns',
  'setFrozenRows',
  'setFrozenColumns',
  'insertRowAfter',
  'insertRowBefore',
  'insertRowsAfter',
  'insertRowsBefore',
  'insertColumnsAfter',
  'deleteRow',
  'deleteRows',
  'hideRows',
  'showRows',
  'isRowHiddenByUser',
  'isRowHiddenByFilter',
  'hideSheet',
  'showSheet',
  'isSheetHidden',
  'getActiveRange',
  'setActiveRange',
  'setActiveSelection',
  'setColumnWidth',
  'setColumnWidths',
  'getColumnWidth',
  'setRowHeight',
  'autoResizeColumn',
  'autoResizeColumns',
  'getConditionalFormatRules',
  'setConditionalFormatRules',
  'clearConditionalFormatRules',
]);
rows('Range', 'spreadsheet/range', SHEETS, [
  'getValues',
  'getValue',
  'setValues',
  'setValue',
  'getDisplayValues',
  'getDisplayValue',
  'getFormulas',
  'getFormula',
  'setFormulas',
  'setFormula',
  'getNumberFormats',
  'getNumberFormat',
  'setNumberFormats',
  'setNumberFormat',
  'getFontWeights',
  'getFontWeight',
  'setFontWeights',
  'setFontWeight',
  'getBackgrounds',
  'getBackground',
  'setBackgrounds',
  'setBackground',
  'getNotes',
  'getNote',
  'setNotes',
  'setNote',
  'clear',
  'clearContent',
  'clearFormat',
  'clearNote',
  'merge',
  'breakApart',
  'isPartOfMerge',
  'getMergedRanges',
  'activate',
  'getRow',
  'getColumn',
  'getLastRow',
  'getLastColumn',
  'getNumRows',
  'getNumColumns',
  'getHeight',
  'getWidth',
  'getA1Notation',
  'getGridId',
  'getSheet',
  'getCell',
  'offset',
]);
rows('Range', 'spreadsheet/range', SHEETS, [
  'setDataValidation',
  'setDataValidations',
  'getDataValidation',
  'getDataValidations',
  'clearDataValidations',
]);
rows('RangeList', 'spreadsheet/range-list', SHEETS, ['getRanges']);
// Data validation: like the conditional format builder, a local object (no authorization listed).
rows('SpreadsheetApp', 'spreadsheet/spreadsheet-app', NONE, ['newDataValidation']);
rows('DataValidationBuilder', 'spreadsheet/data-validation-builder', NONE, [
  'build',
  'getAllowInvalid',
  'getHelpText',
  'requireValueInList',
  'setAllowInvalid',
  'setHelpText',
]);
rows('DataValidation', 'spreadsheet/data-validation', NONE, [
  'copy',
  'getAllowInvalid',
  'getCriteriaType',
  'getCriteriaValues',
  'getHelpText',
]);
// Conditional formats: the builder, the rule objects and their condition are local objects whose
// reference pages list no authorization (only reading and setting a sheet's rules, above, reach
// the spreadsheet). newConditionalFormatRule creates such a builder: held to the same (none).
rows('SpreadsheetApp', 'spreadsheet/spreadsheet-app', NONE, ['newConditionalFormatRule']);
rows('ConditionalFormatRuleBuilder', 'spreadsheet/conditional-format-rule-builder', NONE, [
  'build',
  'copy',
  'getBooleanCondition',
  'getGradientCondition',
  'getRanges',
  'setRanges',
  'setBackground',
  'setFontColor',
  'setBold',
  'setItalic',
  'setStrikethrough',
  'setUnderline',
  'whenCellEmpty',
  'whenCellNotEmpty',
  'whenTextEqualTo',
  'whenTextStartsWith',
  'whenTextEndsWith',
  'whenTextContains',
  'whenTextDoesNotContain',
  'whenFormulaSatisfied',
]);
rows('ConditionalFormatRule', 'spreadsheet/conditional-format-rule', NONE, [
  'copy',
  'getBooleanCondition',
  'getGradientCondition',
  'getRanges',
]);
rows('BooleanCondition', 'spreadsheet/boolean-condition', NONE, [
  'getCriteriaType',
  'getCriteriaValues',
  'getBackground',
  'getFontColor',
  'getBold',
  'getItalic',
  'getStrikethrough',
  'getUnderline',
]);
rows('Selection', 'spreadsheet/selection', SHEETS, ['getActiveRange', 'getActiveRangeList', 'getActiveSheet', 'getCurrentCell']);

// Ui: sidebars and dialogs need script.container.ui (public reports: "Specified permissions are
// not sufficient to call Ui.showSidebar / Ui.showModalDialog. Required permissions:
// https://www.googleapis.com/auth/script.container.ui"); alert and prompt are held to the same
// scope (stricter than a page that might list none: both manifests declare it anyway).
rows('Ui', 'base/ui', CONTAINER_UI, ['alert', 'prompt', 'showSidebar', 'showModalDialog', 'showModelessDialog']);
rows('Ui', 'base/ui', NONE, ['createMenu', 'createAddonMenu']);
rows('Menu', 'base/menu', NONE, ['addItem', 'addSeparator', 'addSubMenu', 'addToUi']);
rows('PromptResponse', 'base/prompt-response', NONE, ['getResponseText', 'getSelectedButton']);

// Session / User: the email needs userinfo.email (public reports: "…to call
// Session.getActiveUser / Session.getEffectiveUser. Required permissions: …/auth/userinfo.email").
rows('Session', 'base/session', EMAIL, ['getActiveUser', 'getEffectiveUser']);
rows('Session', 'base/session', NONE, ['getScriptTimeZone', 'getActiveUserLocale', 'getTemporaryActiveUserKey']);
rows('User', 'base/user', EMAIL, ['getEmail']);

// ScriptApp: triggers need script.scriptapp ("…to call ScriptApp.getProjectTriggers. Required
// permissions: …/auth/script.scriptapp", public report).
rows('ScriptApp', 'script/script-app', SCRIPTAPP, ['newTrigger', 'getProjectTriggers', 'getUserTriggers', 'deleteTrigger']);
rows('ScriptApp', 'script/script-app', NONE, ['getOAuthToken', 'getScriptId', 'getAuthorizationInfo']);
rows('TriggerBuilder', 'script/trigger-builder', SCRIPTAPP, ['timeBased']);
rows('ClockTriggerBuilder', 'script/clock-trigger-builder', SCRIPTAPP, [
  'after',
  'at',
  'atHour',
  'nearMinute',
  'everyMinutes',
  'everyHours',
  'everyDays',
  'everyWeeks',
  'onWeekDay',
  'inTimezone',
  'create',
]);
rows('Trigger', 'script/trigger', SCRIPTAPP, [
  'getHandlerFunction',
  'getUniqueId',
  'getEventType',
  'getTriggerSource',
  'getTriggerSourceId',
]);
rows('AuthorizationInfo', 'script/authorization-info', NONE, ['getAuthorizationStatus', 'getAuthorizationUrl', 'getAuthorizedScopes']);

// UrlFetchApp: script.external_request ("This service requires the
// https://www.googleapis.com/auth/script.external_request scope", url-fetch service page).
rows('UrlFetchApp', 'url-fetch/url-fetch-app', EXTERNAL, ['fetch', 'fetchAll', 'getRequest']);
rows('HTTPResponse', 'url-fetch/http-response', NONE, [
  'getResponseCode',
  'getContentText',
  'getContent',
  'getHeaders',
  'getAllHeaders',
  'getBlob',
  'getAs',
]);

// DriveApp: writes need the full drive scope ("Specified permissions are not sufficient to call
// DriveApp.createFolder. Required permissions: https://www.googleapis.com/auth/drive"); reads
// take drive.readonly too ("…DriveApp.getRootFolder. Required permissions:
// (…/auth/drive.readonly || …/auth/drive)"). drive.file is never enough for DriveApp.
rows('DriveApp', 'drive/drive-app', DRIVE, ['createFolder', 'createFile']);
rows('DriveApp', 'drive/drive-app', DRIVE_READ, [
  'getRootFolder',
  'getFolderById',
  'getFileById',
  'getFoldersByName',
  'getFilesByName',
  'getFolders',
  'getFiles',
]);
rows('Folder', 'drive/folder', DRIVE, ['createFile', 'createFolder', 'setTrashed', 'setName']);
rows('Folder', 'drive/folder', DRIVE_READ, [
  'getId',
  'getName',
  'getUrl',
  'getFiles',
  'getFolders',
  'getFilesByName',
  'getFoldersByName',
  'isTrashed',
  'getParents',
]);
rows('File', 'drive/file', DRIVE, ['setTrashed', 'setName', 'setContent']);
rows('File', 'drive/file', DRIVE_READ, [
  'getId',
  'getName',
  'getUrl',
  'getMimeType',
  'getSize',
  'getBlob',
  'getAs',
  'isTrashed',
  'getParents',
  'getDownloadUrl',
  'getDateCreated',
]);
rows('FileIterator', 'drive/file-iterator', DRIVE_READ, ['hasNext', 'next', 'getContinuationToken']);
rows('FolderIterator', 'drive/folder-iterator', DRIVE_READ, ['hasNext', 'next', 'getContinuationToken']);

// Advanced Drive service (Drive API v3): the scopes of the REST method's own reference page.
table['Drive.Files.create'] = {
  scopes: [`${AUTH}drive`, `${AUTH}drive.appdata`, `${AUTH}drive.file`],
  page: 'https://developers.google.com/drive/api/reference/rest/v3/files/create',
  kind: 'advanced',
};
table['Drive.Files.get'] = {
  scopes: [
    'drive',
    'drive.appdata',
    'drive.file',
    'drive.meet.readonly',
    'drive.metadata',
    'drive.metadata.readonly',
    'drive.photos.readonly',
    'drive.readonly',
  ].map((s) => `${AUTH}${s}`),
  page: 'https://developers.google.com/drive/api/reference/rest/v3/files/get',
  kind: 'advanced',
};
table['Drive.Files.update'] = {
  scopes: ['drive', 'drive.appdata', 'drive.file', 'drive.metadata', 'drive.scripts'].map((s) => `${AUTH}${s}`),
  page: 'https://developers.google.com/drive/api/reference/rest/v3/files/update',
  kind: 'advanced',
};

// Services whose reference pages list no authorization for any method.
rows('PropertiesService', 'properties/properties-service', NONE, ['getUserProperties', 'getDocumentProperties', 'getScriptProperties']);
rows('Properties', 'properties/properties', NONE, [
  'getProperty',
  'getProperties',
  'getKeys',
  'setProperty',
  'setProperties',
  'deleteProperty',
  'deleteAllProperties',
]);
rows('CacheService', 'cache/cache-service', NONE, ['getUserCache', 'getDocumentCache', 'getScriptCache']);
rows('Cache', 'cache/cache', NONE, ['get', 'getAll', 'put', 'putAll', 'remove', 'removeAll']);
rows('LockService', 'lock/lock-service', NONE, ['getUserLock', 'getDocumentLock', 'getScriptLock']);
rows('Lock', 'lock/lock', NONE, ['tryLock', 'waitLock', 'releaseLock', 'hasLock']);
rows('HtmlService', 'html/html-service', NONE, [
  'createHtmlOutput',
  'createHtmlOutputFromFile',
  'createTemplate',
  'createTemplateFromFile',
]);
rows('HtmlOutput', 'html/html-output', NONE, [
  'setTitle',
  'getTitle',
  'setWidth',
  'getWidth',
  'setHeight',
  'getHeight',
  'getContent',
  'setContent',
  'append',
  'appendUntrusted',
  'clear',
  'setSandboxMode',
  'setXFrameOptionsMode',
  'addMetaTag',
  'setFaviconUrl',
  'getAs',
  'getBlob',
  'asTemplate',
]);
rows('HtmlTemplate', 'html/html-template', NONE, ['evaluate', 'getCode', 'getRawContent']);
// MailApp: sendEmail needs script.send_mail; getRemainingDailyQuota too (its reference page lists it).
rows('MailApp', 'mail/mail-app', [`${AUTH}script.send_mail`], ['sendEmail', 'getRemainingDailyQuota']);
rows('Utilities', 'utilities/utilities', NONE, [
  'sleep',
  'formatDate',
  'formatString',
  'base64Encode',
  'base64Decode',
  'base64EncodeWebSafe',
  'base64DecodeWebSafe',
  'computeDigest',
  'computeHmacSha256Signature',
  'computeHmacSignature',
  'getUuid',
  'newBlob',
  'parseCsv',
  'jsonParse',
  'jsonStringify',
]);
rows('Blob', 'base/blob', NONE, [
  'getBytes',
  'getDataAsString',
  'getContentType',
  'setContentType',
  'getName',
  'setName',
  'setBytes',
  'setDataFromString',
  'copyBlob',
  'getAs',
  'getBlob',
  'isGoogleType',
]);
rows('Logger', 'base/logger', NONE, ['log', 'getLog', 'clear']);

/** The table, read-only: `Class.method` → scopes and reference page. */
export const METHOD_SCOPES: Readonly<Record<string, ScopeRule>> = table;

/** What a call needs, when the manifest says which scopes the script was granted. */
export type ScopeCheck =
  | { ok: true }
  | { ok: false; unknown: true; method: string }
  | { ok: false; unknown: false; method: string; rule: ScopeRule };

/**
 * Checks one call against the manifest. No manifest, or one that does not declare oauthScopes:
 * nothing to check (Apps Script would detect the scopes from the code itself).
 */
export function checkScopes(manifest: Manifest | null, service: string, method: string): ScopeCheck {
  const declared = manifest?.oauthScopes;
  if (!declared) return { ok: true };
  const key = `${service}.${method}`;
  const rule = table[key];
  if (!rule) return { ok: false, unknown: true, method: key };
  if (rule.scopes.length === 0 || rule.scopes.some((s) => declared.includes(s))) return { ok: true };
  return { ok: false, unknown: false, method: key, rule };
}

/** The HarnessError text for a method the table does not know. */
export function unknownMethodMessage(method: string): string {
  return (
    `${method} is called under a manifest that declares oauthScopes, but dev/gas-runtime/scopes.ts has no row for it. ` +
    `Find its reference page (${REF}…), copy the scopes listed under "Authorization" (none if the page lists none) ` +
    `and add a row with that page, so the emulator can refuse it as Apps Script would.`
  );
}

/** What Apps Script throws for a call the declared scopes do not cover. */
export function refusalMessage(method: string, rule: ScopeRule): string {
  if (rule.kind === 'advanced') return MSG.advancedInsufficientScopes(method.toLowerCase());
  return MSG.scopesNotSufficient(method, rule.scopes);
}
