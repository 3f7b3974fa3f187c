/** Every export preset, as data: detection, the sidebar and the README take them from here. */
import { AMAZON } from './amazon';
import { MERCADOLIBRE } from './mercadolibre';
import { SHOPIFY } from './shopify';
import type { ExportPreset } from './types';
import { WOOCOMMERCE } from './woocommerce';

export type { ExportPreset } from './types';

export const PRESETS: readonly ExportPreset[] = [SHOPIFY, WOOCOMMERCE, MERCADOLIBRE, AMAZON];

/** The preset with that id, or undefined. */
export function presetById(id: string | null | undefined): ExportPreset | undefined {
  return PRESETS.find((p) => p.id === id);
}
