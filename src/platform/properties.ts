import { QuotaError } from '../core/errors';
import type { KeyValueStore } from '../core/ports';

/**
 * Apps Script's daily quota of property reads and writes (50,000 a day for a consumer account,
 * 500,000 for Workspace; per user, reset 24 hours after the first call:
 * https://developers.google.com/apps-script/guides/services/quotas). Every later call of the day
 * would fail too, so it is reported as what it is rather than as an unexpected error.
 */
export const PROPERTIES_QUOTA_TEXT =
  "Apps Script's daily quota of property reads and writes for your Google account is used up (50,000 a day for a consumer account, 500,000 for Google Workspace), and Hub Sync keeps its settings and progress there. Google resets it 24 hours after the first call of the day.";

function guarded<T>(call: () => T): T {
  try {
    return call();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/too many times for one day: properties/i.test(message)) throw new QuotaError('properties', PROPERTIES_QUOTA_TEXT);
    throw e;
  }
}

function store(props: GoogleAppsScript.Properties.Properties): KeyValueStore {
  return {
    get: (key) => guarded(() => props.getProperty(key)),
    set: (key, value) => {
      guarded(() => props.setProperty(key, value));
    },
    delete: (key) => {
      guarded(() => props.deleteProperty(key));
    },
    entries: (prefix = '') => {
      const all = guarded(() => props.getProperties());
      const out: Record<string, string> = {};
      for (const key of Object.keys(all)) if (key.startsWith(prefix)) out[key] = all[key];
      return out;
    },
  };
}

/** The current user's own store: the API token lives here and nowhere else. */
export function userStore(): KeyValueStore {
  return store(PropertiesService.getUserProperties());
}

/** The spreadsheet's store, shared by its users: settings, cursors, run state. Nothing secret. */
export function documentStore(): KeyValueStore {
  return store(PropertiesService.getDocumentProperties());
}
