import type { KeyValueStore } from '../core/ports';

function store(props: GoogleAppsScript.Properties.Properties): KeyValueStore {
  return {
    get: (key) => props.getProperty(key),
    set: (key, value) => {
      props.setProperty(key, value);
    },
    delete: (key) => {
      props.deleteProperty(key);
    },
    entries: (prefix = '') => {
      const all = props.getProperties();
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
