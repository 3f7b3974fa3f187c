import { BUILD_ID } from '../../version';
import { textDigest } from '../kernel/digest';
import type { KeyValueStore } from '../kernel/ports';
import { Settings } from '../kernel/settings-schema';

const SETTINGS_KEY = 'settings';
/**
 * The stored settings as this build read them, kept beside them: the build's id, a digest of the
 * settings' text, and what it parsed to. Every execution reads the settings; checking them again
 * with zod (building the schema, then parsing) is most of a short execution's JavaScript, so when
 * the id and the digest match, what this very build parsed is used as it is. Another build, or a
 * text changed since (a colleague's save, a damaged value), is parsed again.
 */
const CHECKED_KEY = 'settings.checked';

interface Checked {
  build: string;
  of: string;
  settings: Settings;
}

/**
 * The spreadsheet's settings, with defaults for anything unset or unreadable. `deployment`, when
 * given, is what the bundle was built as: it wins over anything stored (a setting cannot make an
 * add-on schedule every minute). `checkedCopy`: use the copy this build checked, when it matches.
 */
export function loadSettings(
  documentStore: KeyValueStore,
  deployment?: Settings['deployment'],
  { checkedCopy = false }: { checkedCopy?: boolean } = {},
): Settings {
  const raw = documentStore.get(SETTINGS_KEY);
  const settings = (checkedCopy && checkedBefore(documentStore, raw)) || parsed(raw).settings;
  if (deployment) settings.deployment = deployment;
  return settings;
}

function checkedBefore(documentStore: KeyValueStore, raw: string | null): Settings | null {
  const mark = documentStore.get(CHECKED_KEY);
  if (raw === null || mark === null) return null;
  try {
    const checked = JSON.parse(mark) as Checked;
    return checked.build === BUILD_ID && checked.of === textDigest(raw) ? checked.settings : null;
  } catch {
    return null;
  }
}

function parsed(raw: string | null): { settings: Settings; valid: boolean } {
  let data: unknown = {};
  try {
    data = raw === null ? {} : JSON.parse(raw);
  } catch {
    // An unreadable text reads as no settings.
    return { settings: Settings.parse({}), valid: false };
  }
  const result = Settings.safeParse(data);
  return result.success ? { settings: result.data, valid: raw !== null } : { settings: Settings.parse({}), valid: false };
}

/** Google's limit for one property value is 9 KB: a copy that would not fit is not kept (the settings are parsed each time). */
const MAX_CHECKED_BYTES = 9 * 1024;

function checkedEntry(raw: string, settings: Settings): Record<string, string> {
  const text = JSON.stringify({ build: BUILD_ID, of: textDigest(raw), settings } satisfies Checked);
  // UTF-8 bytes: every character past ASCII takes two to four.
  const bytes = encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, '.').length;
  return bytes <= MAX_CHECKED_BYTES ? { [CHECKED_KEY]: text } : {};
}

/**
 * What to store so that later executions of this build read the settings without zod: {} when
 * they already can, or when the stored text is not valid settings (it is parsed, and falls back to
 * defaults, every time). A trigger run adds it to the one write it makes anyway.
 */
export function settingsCheckedEntry(documentStore: KeyValueStore): Record<string, string> {
  const raw = documentStore.get(SETTINGS_KEY);
  if (raw === null || checkedBefore(documentStore, raw)) return {};
  const read = parsed(raw);
  return read.valid ? checkedEntry(raw, read.settings) : {};
}

/** Saves validated settings, with what they parse to for this build. */
export function saveSettings(documentStore: KeyValueStore, settings: Settings): void {
  const valid = Settings.parse(settings);
  const raw = JSON.stringify(valid);
  documentStore.setMany({ [SETTINGS_KEY]: raw, ...checkedEntry(raw, valid) });
}

/** True until settings were saved once in this spreadsheet (the first setup is not a "change"). */
export function settingsNeverSaved(documentStore: KeyValueStore): boolean {
  return documentStore.get(SETTINGS_KEY) === null;
}
