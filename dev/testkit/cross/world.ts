/**
 * A scenario's starting world: a clean hub of its products (every one listed on the three
 * channels), the `Stock & Prices` sheet of its columns and rows, its `Rules` rows, and the default
 * channels for plain columns. Also the sheet names and the Rules sheet's cells, shared by the
 * steps that edit them.
 */
import { RULES_SHEET_HEADER } from '../../../src/core/pipeline/rules/read';
import { columnLetter } from '../../../src/sheet';
import type { HubProduct } from '../invariant/check';
import { resetScenarioWorld } from '../scenario-world';
import type { CrossEnv } from './env';
import { CROSS_CHANNELS, type CrossScenario, type RuleRow } from './scenario';

export const STOCK_SHEET = 'Stock & Prices';
export const RULES_SHEET = 'Rules';
export const SNAPSHOT_SHEET = 'Hub Sync snapshot';

/** The Rules sheet's header as the add-on creates it (its own Problem column last). */
export const RULES_HEADER: readonly string[] = RULES_SHEET_HEADER;

const RULE_CELLS: Array<[keyof RuleRow, string]> = [
  ['markupPct', 'Markup %'],
  ['markupAmount', 'Markup amount'],
  ['rounding', 'Rounding'],
  ['minPrice', 'Min price'],
  ['maxPrice', 'Max price'],
  ['bufferUnits', 'Stock buffer'],
  ['bufferPct', 'Stock buffer %'],
  ['maxQuantity', 'Max quantity listed'],
  ['zeroBelow', 'Send 0 below'],
];

/** A rule as the cells of a Rules row (Problem left empty: it is the add-on's). */
export function ruleCells(rule: RuleRow): unknown[] {
  const cells = RULES_HEADER.map(() => '' as unknown);
  cells[0] = rule.channel;
  for (const [field, header] of RULE_CELLS) if (rule[field] !== undefined) cells[RULES_HEADER.indexOf(header)] = rule[field];
  if (rule.perChannel) cells[RULES_HEADER.indexOf('Also per-channel columns')] = 'yes';
  return cells;
}

/** The hub's products by SKU. */
export function hubProducts(cross: CrossEnv): Map<string, HubProduct> {
  const state = cross.env.adminSync<{ products: HubProduct[] }>('GET', '/__admin/state?only=products');
  return new Map(state.products.map((p) => [p.sku, p]));
}

/** Resets the world and builds the scenario's hub, sheets and settings. */
export function buildWorld(cross: CrossEnv, s: CrossScenario): void {
  const { env } = cross;
  resetScenarioWorld(env);
  env.adminSync('POST', '/__admin/products', {
    generate: { count: s.products, prefix: 'P-', channels: [...CROSS_CHANNELS], status: 'active', seed: s.seed },
  });
  const products = [...hubProducts(cross).values()];
  const seen: string[] = [];
  const rows = s.rows.map((row, i) => {
    const product = row.sku === 'next' ? products[i % products.length] : null;
    const sku = product ? product.sku : row.sku === 'repeat' && seen.length > 0 ? seen[seen.length - 1] : `NOPE-${i}`;
    seen.push(sku);
    return s.headers.map((h) => {
      if (h === 'SKU') return sku;
      if (h === 'ERP id') return product ? product.internalId : `ERP-NOPE-${i}`;
      return row.cells[h] ?? '';
    });
  });
  const saved = env.call('saveSettings', { plainChannels: s.plainChannels, pullChannelColumns: s.pullChannelColumns });
  if (!saved.ok) throw new Error(`saveSettings failed: ${JSON.stringify(saved)}`);
  if (s.pulledFirst) {
    // The catalogue first (its values confirmed), then the seller's cells typed over it.
    env.rt.addSheet(STOCK_SHEET, [s.headers, ...rows.map((r) => r.map((v, c) => (s.headers[c] === 'SKU' ? v : '')))]);
    env.call('pullCatalogueFromMenu');
    typeOver(cross, s.headers, rows);
  } else env.rt.addSheet(STOCK_SHEET, [s.headers, ...rows]);
  if (s.rules.length > 0) env.rt.addSheet(RULES_SHEET, [[...RULES_HEADER], ...s.rules.map(ruleCells)]);
}

/** Types the rows' filled cells into the sheet, by SKU and header (a pull may have moved and added columns). */
function typeOver(cross: CrossEnv, headers: string[], rows: unknown[][]): void {
  const sheet = cross.env.rt.sheet(STOCK_SHEET);
  const values = sheet.values();
  const header = (values[0] ?? []).map((h) => String(h ?? ''));
  const sku = header.indexOf('SKU');
  const at = headers.indexOf('SKU');
  for (const row of rows) {
    const r = values.findIndex((v, i) => i > 0 && v[sku] === row[at]);
    if (r < 0) continue;
    headers.forEach((h, c) => {
      const to = header.indexOf(h);
      if (h !== 'SKU' && to >= 0 && row[c] !== '') sheet.setValues([[row[c]]], `${columnLetter(to)}${r + 1}`);
    });
  }
}
