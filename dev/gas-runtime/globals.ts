import { cacheService } from './cache';
import { driveApp, MIME_TYPE } from './drive';
import { advancedDrive } from './drive-api';
import type { Ctx } from './execution';
import { facade } from './facade';
import { htmlService } from './html';
import { lockService } from './lock';
import { consoleFacade, loggerFacade } from './logging';
import { propertiesService } from './properties';
import { scriptApp } from './script-app';
import { spreadsheetApp } from './spreadsheet';
import { urlFetchApp } from './urlfetch';
import { utilities } from './utilities';

/** A User (Session.getActiveUser(), the onOpen event's user). */
export function userFacade(ctx: Ctx): object {
  return facade('User', { getEmail: () => (ctx.cheap('User', 'getEmail'), ctx.exec.user) });
}

/** Session: who runs the execution. */
function sessionService(ctx: Ctx): object {
  const user = () => userFacade(ctx);
  return facade('Session', {
    getActiveUser: () => (ctx.cheap('Session', 'getActiveUser'), user()),
    getEffectiveUser: () => (ctx.cheap('Session', 'getEffectiveUser'), user()),
    getScriptTimeZone: () => (ctx.cheap('Session', 'getScriptTimeZone'), ctx.world.config.scriptTimeZone),
    getActiveUserLocale: () => (ctx.cheap('Session', 'getActiveUserLocale'), 'en'),
    getTemporaryActiveUserKey: () => (
      ctx.cheap('Session', 'getTemporaryActiveUserKey'), Buffer.from(`${ctx.world.scriptId}:${ctx.exec.user}`).toString('base64url')
    ),
  });
}

/**
 * Installs the Apps Script globals of one execution into its realm; returns their names (so
 * that they are not mistaken for the bundle's own top-level functions).
 */
export function installGlobals(ctx: Ctx): Set<string> {
  const services: Record<string, object> = {
    SpreadsheetApp: spreadsheetApp(ctx),
    UrlFetchApp: urlFetchApp(ctx),
    PropertiesService: propertiesService(ctx),
    CacheService: cacheService(ctx),
    LockService: lockService(ctx),
    ScriptApp: scriptApp(ctx),
    HtmlService: htmlService(ctx),
    Utilities: utilities(ctx),
    Session: sessionService(ctx),
    Logger: loggerFacade(ctx),
    console: consoleFacade(ctx),
    DriveApp: driveApp(ctx),
    MimeType: MIME_TYPE,
  };
  // Advanced services exist only when the manifest enables them, under the symbol it names.
  for (const s of ctx.world.config.manifest?.dependencies?.enabledAdvancedServices ?? []) {
    if (s.serviceId === 'drive' && s.version === 'v3') services[s.userSymbol] = advancedDrive(ctx);
  }
  const g = ctx.realm.global;
  const wrap = ctx.world.config.wrapGlobals;
  for (const [name, service] of Object.entries(services)) {
    const value = wrap ? wrap(name, service) : service;
    Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
  }
  return new Set(Object.getOwnPropertyNames(g));
}
