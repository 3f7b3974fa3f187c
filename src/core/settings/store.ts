import type { KeyValueStore } from '../kernel/ports';
import { Settings } from '../kernel/settings-schema';

const SETTINGS_KEY = 'settings';

/**
 * The spreadsheet's settings, with defaults for anything unset or unreadable. `deployment`, when
 * given, is what the bundle was built as: it wins over anything stored (a setting cannot make an
 * add-on schedule every minute).
 */
export function loadSettings(documentStore: KeyValueStore, deployment?: Settings['deployment']): Settings {
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
  const settings = parsed.success ? parsed.data : Settings.parse({});
  if (deployment) settings.deployment = deployment;
  return settings;
}

/** Saves validated settings. */
export function saveSettings(documentStore: KeyValueStore, settings: Settings): void {
  documentStore.set(SETTINGS_KEY, JSON.stringify(Settings.parse(settings)));
}

/** True until settings were saved once in this spreadsheet (the first setup is not a "change"). */
export function settingsNeverSaved(documentStore: KeyValueStore): boolean {
  return documentStore.get(SETTINGS_KEY) === null;
}
