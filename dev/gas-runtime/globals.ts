import { cacheService } from './cache';
import { driveApp, MIME_TYPE } from './drive';
import { advancedDrive } from './drive-api';
import type { Ctx } from './execution';
import { htmlService } from './html';
import { lockService } from './lock';
import { mailApp } from './mail';
import { consoleFacade, loggerFacade } from './logging';
import { propertiesService } from './properties';
import { scriptApp } from './script-app';
import { sessionService } from './session-service';
import { spreadsheetApp } from './spreadsheet';
import { urlFetchApp } from './urlfetch';
import { utilities } from './utilities';

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
    MailApp: mailApp(ctx),
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
