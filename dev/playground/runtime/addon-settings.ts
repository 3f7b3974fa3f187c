/**
 * Reads the add-on's saved settings (document property `settings`, JSON) without running an
 * execution: getSidebarState would also consume the notices meant for the seller. Writes always
 * go through the add-on's own saveSettings.
 */
import type { Runtime } from '../../gas-runtime';
import { DEFAULT_SHEET_NAMES } from '../../../src/core/kernel/settings-constants';

function saved(rt: Runtime): { baseUrl?: unknown; sheetNames?: { stock?: unknown } } {
  try {
    return JSON.parse(rt.properties('document').settings ?? '{}') as { baseUrl?: unknown; sheetNames?: { stock?: unknown } };
  } catch {
    return {};
  }
}

export function savedBaseUrl(rt: Runtime): string {
  const url = saved(rt).baseUrl;
  return typeof url === 'string' ? url : '';
}

export function stockSheetName(rt: Runtime): string {
  const name = saved(rt).sheetNames?.stock;
  return typeof name === 'string' && name ? name : DEFAULT_SHEET_NAMES.stock;
}
