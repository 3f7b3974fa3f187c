/**
 * A clean hub and workbook for the next property scenario, in the same environment: no faults, an
 * empty hub, only Sheet1, no document property but the settings (the user's token stays), fresh
 * daily quotas — each scenario is a day of its own, thousands of them would use up Apps Script's
 * daily quotas — and no triggers, logs or fetch records left from the one before (a soak of
 * thousands of scenarios must not grow them without end).
 */
import type { AddonEnv } from './env';

const KEEP = new Set(['settings']);

export function resetScenarioWorld(env: AddonEnv): void {
  const { rt } = env;
  env.adminSync('DELETE', '/__admin/faults');
  env.adminSync('POST', '/__admin/reset', { seed: 'empty' });
  for (const name of rt.sheetNames()) if (name !== 'Sheet1') rt.deleteSheet(name);
  for (const key of Object.keys(rt.properties('document'))) if (!KEEP.has(key)) rt.setProperty('document', key, null);
  rt.setQuotaUsed('urlfetch', 0);
  rt.setQuotaUsed('properties', 0);
  const w = rt.world;
  w.triggers = [];
  for (const list of [w.fetchLog, w.logs, w.toasts, w.dialogs, w.executions]) (list as unknown[]).length = 0;
}
