/** Channel codes the hub accepts in stock and price writes (hub-api-notes). */
export const WRITE_CHANNELS = [
  'mercadolibre',
  'linio',
  'shopify',
  'claroshop',
  'amazon',
  'walmart',
  'mercadoshops',
  'woocommerce',
  'magento',
  'wish',
  'prestashop',
  'walmartedi',
] as const;

/** Channel codes Get Orders accepts as a filter (hub-api-notes). */
export const ORDER_CHANNELS = [
  'amazon',
  'claroshop',
  'elektra',
  'linio',
  'meli',
  'mshops',
  'prestashop',
  'shopify',
  'venticommerce',
  'vtex',
  'walmart',
  'wish',
  'woocommerce',
] as const;

/**
 * Codes the hub reads back under another name than it writes: Mercado Libre is written
 * `mercadolibre` but read as `meli`. Keys are read codes, values the written code. A setting can
 * extend it; the sheet shows one column per written code.
 */
export const DEFAULT_CHANNEL_ALIASES: Readonly<Record<string, string>> = { meli: 'mercadolibre', mshops: 'mercadoshops' };

/** Display names the hub uses in job items (`integration`), mapped to written codes. */
export const CHANNEL_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  'mercado libre': 'mercadolibre',
  linio: 'linio',
  shopify: 'shopify',
  'claro shop': 'claroshop',
  claroshop: 'claroshop',
  amazon: 'amazon',
  walmart: 'walmart',
  'mercado shops': 'mercadoshops',
  woocommerce: 'woocommerce',
  magento: 'magento',
  wish: 'wish',
  prestashop: 'prestashop',
  'walmart edi': 'walmartedi',
  elektra: 'elektra',
};

/** The written code for a channel however the hub named it (code, read alias or display name). */
export function canonicalChannel(name: string, aliases: Readonly<Record<string, string>> = DEFAULT_CHANNEL_ALIASES): string {
  const key = name.trim().toLowerCase();
  return aliases[key] ?? CHANNEL_DISPLAY_NAMES[key] ?? key;
}

/**
 * The "Default channels for plain columns" setting's value for every channel: a plain Price or
 * Quantity is then the hub's general value, which it passes on to every channel's listing.
 */
export const EVERY_CHANNEL = '*';

/** Channels that take `availableDays` in the by-channel update. */
export const AVAILABLE_DAYS_CHANNELS: readonly string[] = ['mercadolibre'];

/**
 * True when the hub takes stock and price writes for the channel. Only those get Quantity, Price
 * and Sale price columns: a `Price [elektra]` column would be a header the push refuses.
 */
export function isWritableChannel(channel: string): boolean {
  return (WRITE_CHANNELS as readonly string[]).indexOf(channel) >= 0;
}
