/**
 * The two products built from one source: a container-bound script (clasp, one spreadsheet) and
 * a Marketplace editor add-on. They differ in what Google lets them do (DESIGN.md §3), so each
 * gets its own manifest with exactly the scopes it needs; the bundle learns its target from the
 * build (`__TARGET__`) and adapts (schedules, background work without a document).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export type Target = 'bound' | 'addon';
export const TARGETS: readonly Target[] = ['bound', 'addon'];

/** One OAuth scope and why the target asks for it (the README's scope table is written from these). */
export interface ScopeNeed {
  scope: string;
  why: string;
}

const SCOPE = 'https://www.googleapis.com/auth/';

const COMMON: ScopeNeed[] = [
  { scope: `${SCOPE}script.container.ui`, why: 'the menu, sidebar, dialogs and toasts' },
  { scope: `${SCOPE}script.external_request`, why: 'call the hub (UrlFetchApp)' },
  { scope: `${SCOPE}script.scriptapp`, why: 'the background time trigger (ScriptApp)' },
  {
    scope: `${SCOPE}userinfo.email`,
    why: 'your email address, to name who ran what in the Log sheet (Session.getActiveUser().getEmail())',
  },
  // Labels go through the Advanced Drive service (Drive API v3 files.create), which documents
  // drive.file; DriveApp.createFolder / Folder.createFile list only the full drive scope.
  {
    scope: `${SCOPE}drive.file`,
    why: 'save shipping labels in a folder the add-on creates (Drive API files.create); it sees no other Drive file',
  },
  // Alerts reach a seller who is not at the spreadsheet: MailApp needs script.send_mail, which
  // only sends (GmailApp's scopes would read the mailbox too).
  {
    scope: `${SCOPE}script.send_mail`,
    why: 'the daily alert mail to the owner of failing background work (MailApp.sendEmail); it can send, not read, mail',
  },
];

export const TARGET_SCOPES: Record<Target, ScopeNeed[]> = {
  bound: [{ scope: `${SCOPE}spreadsheets.currentonly`, why: 'read and write this spreadsheet only' }, ...COMMON],
  addon: [
    {
      scope: `${SCOPE}spreadsheets`,
      why: 'read and write the spreadsheets you use the add-on in; the hourly background run opens each of them by id (SpreadsheetApp.openById), which spreadsheets.currentonly does not allow',
    },
    ...COMMON,
  ],
};

/** The deployment the bundle's settings know (`container` is the bound script). */
export function deploymentOf(target: Target): 'container' | 'addon' {
  return target === 'bound' ? 'container' : 'addon';
}

/** The configured hub origins for the add-on's urlFetchWhitelist (hub-origins.json). */
export function configuredHubOrigins(root: string): string[] {
  const file = path.join(root, 'hub-origins.json');
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { origins?: unknown };
  if (!Array.isArray(parsed.origins) || !parsed.origins.every((o) => typeof o === 'string')) {
    throw new Error(`${file}: "origins" must be a list of https URLs, e.g. ["https://api.example.com/"]`);
  }
  return parsed.origins as string[];
}

/**
 * A urlFetchWhitelist entry as Google requires it: https, a full domain (no wildcard in the
 * host), ending with a path separator so that `https://hub.com` cannot match `https://hub.com.evil`.
 */
export function whitelistEntry(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`hub origin "${origin}" is not a URL: write it as https://api.example.com/`);
  }
  if (url.protocol !== 'https:') throw new Error(`hub origin "${origin}": Google allows only https:// URLs in urlFetchWhitelist`);
  if (url.hostname.includes('*') || !url.hostname.includes('.')) {
    throw new Error(`hub origin "${origin}": give the full domain (api.example.com), not a pattern or a bare host`);
  }
  const pathname = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return `${url.protocol}//${url.host}${pathname}`;
}

/** The source manifest: the top-level appsscript.json, the bound script's own (what clasp users open). */
export function sourceManifest(root: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(root, 'appsscript.json'), 'utf8')) as Record<string, unknown>;
}

/**
 * A target's appsscript.json, derived from the source manifest: the bound script's is the source
 * itself, checked against the scopes this file gives reasons for; the add-on's takes the add-on's
 * scopes and the urlFetchWhitelist a published add-on needs.
 */
export function manifestFor(target: Target, hubOrigins: readonly string[], source: Record<string, unknown>): Record<string, unknown> {
  const declared = JSON.stringify(source.oauthScopes);
  const expected = JSON.stringify(TARGET_SCOPES.bound.map((s) => s.scope));
  if (declared !== expected)
    throw new Error(
      `appsscript.json's oauthScopes ${declared} differ from the scopes dev/tools/targets.ts gives reasons for ${expected}: change both together`,
    );
  const manifest: Record<string, unknown> = { ...source, oauthScopes: TARGET_SCOPES[target].map((s) => s.scope) };
  if (target === 'addon') {
    if (hubOrigins.length === 0) throw new Error('the add-on needs at least one hub origin in hub-origins.json (urlFetchWhitelist)');
    manifest.urlFetchWhitelist = [...new Set(hubOrigins.map(whitelistEntry))];
  }
  return manifest;
}

/** `--target bound|addon|all` (default bound) and repeated `--hub-origin URL` from argv. */
export function parseBuildArgs(argv: readonly string[]): { targets: Target[]; hubOrigins: string[] } {
  let targets: Target[] = ['bound'];
  const hubOrigins: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--target') {
      const v = value();
      if (v === 'all') targets = [...TARGETS];
      else if ((TARGETS as readonly string[]).includes(v)) targets = [v as Target];
      else throw new Error(`--target ${v}: use bound (container-bound script), addon (Marketplace editor add-on) or all`);
    } else if (flag === '--hub-origin') {
      hubOrigins.push(value());
    } else {
      throw new Error(`unknown option ${argv[i]}: use --target bound|addon|all and --hub-origin https://host/`);
    }
  }
  return { targets, hubOrigins };
}
