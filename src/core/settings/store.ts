import type { KeyValueStore } from '../ports';
import { Settings } from './schema';

const SETTINGS_KEY = 'settings';

/** The spreadsheet's settings, with defaults for anything unset or unreadable. */
export function loadSettings(documentStore: KeyValueStore): Settings {
  const raw = documentStore.get(SETTINGS_KEY);
  let data: unknown = {};
  if (raw) {
    try {
      data = JSON.parse(raw);
    } catch {
      data = {};
    }
  }
  const parsed = Settings.safeParse(data);
  return parsed.success ? parsed.data : Settings.parse({});
}

/** Saves validated settings. */
export function saveSettings(documentStore: KeyValueStore, settings: Settings): void {
  documentStore.set(SETTINGS_KEY, JSON.stringify(Settings.parse(settings)));
}

/** True until settings were saved once in this spreadsheet (the first setup is not a "change"). */
export function settingsNeverSaved(documentStore: KeyValueStore): boolean {
  return documentStore.get(SETTINGS_KEY) === null;
}
