/**
 * Rules that explain themselves, on the built bundle against the hub emulator: a rule that reaches
 * no column of the stock sheet says so in its Problem cell (the demo's layout: only Price [channel]
 * columns); a new Rules sheet has dropdowns and an example row that is never applied; row messages
 * speak of a rule only where it shaped a value the row sent; the sidebar says how many values the
 * rules change at the next Push changes, read from the sheet and the snapshot alone.
 */
import { RULES_SHEET_HEADER } from '../../../src/core/pipeline/rules/read';
import { unwrap } from '../../support/results';
import { useHub } from '../../support/hub';
import { apiRequests, clearRequests, column, hubProducts, seedProducts } from '../helpers';

const STOCK = 'Stock & Prices';
const RULES = 'Rules';
// The header as the add-on writes it (rules.test.ts holds it to its words).
const HEADER: readonly string[] = RULES_SHEET_HEADER;
const PROBLEM = HEADER.indexOf('Problem');
const DEMO_HEADER = ['SKU', 'Title', 'Quantity', 'Price [mercadolibre]', 'Price [amazon]', 'Price [walmart]'];

function ruleRow(channel: string, cells: Partial<Record<string, unknown>>): unknown[] {
  return HEADER.map((h, i) => (i === 0 ? channel : (cells[h] ?? '')));
}

describe('rules that explain themselves', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 12, ['mercadolibre', 'amazon', 'walmart']);
  });

  beforeEach(() => {
    clearRequests(env);
    for (const name of env.rt.sheetNames()) if ([STOCK, RULES, 'Hub Sync snapshot', 'Preview'].includes(name)) env.rt.deleteSheet(name);
  });

  /** The demo's layout for `rows` SKUs, each channel's price as given. */
  function demoSheet(rows: string[], price = 100): unknown[][] {
    return [DEMO_HEADER, ...rows.map((sku, i) => [sku, `Product ${i}`, 10 + i, price, price, price])];
  }
  const problem = (row: number): string => String(env.rt.sheet(RULES).values()[row - 1][PROBLEM]);
  const messages = (): string[] => {
    const values = env.rt.sheet(STOCK).values();
    return values.slice(1).map((r) => String(r[column(values, 'Sync message')]));
  };

  test("on the demo's layout a rule without 'Also per-channel columns' says it changes nothing, and why, at every read", () => {
    env.rt.addSheet(STOCK, demoSheet(skus.slice(0, 2)));
    env.rt.addSheet(RULES, [[...HEADER], ruleRow('amazon', { 'Markup %': 10, Rounding: '.99', 'Stock buffer': 2 })]);
    env.call('openRulesFromMenu');
    expect(env.rt.toasts().pop()?.message).toBe('1 rule in use; 1 of them changes nothing on the stock sheet (see the Problem column).');
    expect(problem(2)).toBe(
      'Changes nothing on "Stock & Prices". Prices: no general Price column; set Also per-channel columns to Yes to apply it to Price [amazon]. Quantities: Quantity is one value for every channel here, which only the * row rules.',
    );

    // A push reads the rules against the sheet it pushes: the cell is written again there.
    env.rt.sheet(RULES).setValues([['']], 'L2');
    env.call('pushPricesAll');
    expect(hubProducts(env).get(skus[0])!.listings.amazon!.price).toBe(100);
    expect(problem(2)).toMatch(/^Changes nothing on "Stock & Prices"\. Prices: no general Price column/);

    // Opted in: the price part reaches Price [amazon]; only the stock part is said.
    env.rt.sheet(RULES).setValues([['yes']], 'K2');
    env.call('pushPricesAll');
    expect(hubProducts(env).get(skus[0])!.listings.amazon!.price).toBe(109.99);
    expect(problem(2)).toBe(
      'Its stock part changes nothing on "Stock & Prices": Quantity is one value for every channel here, which only the * row rules.',
    );

    // A price rule that reaches its column: nothing to say.
    env.rt.sheet(RULES).setValues([['']], 'G2');
    env.call('openRulesFromMenu');
    expect(problem(2)).toBe('');
    expect(env.rt.toasts().pop()?.message).toBe('1 rule in use.');
  });

  test('a new Rules sheet offers dropdowns and an example row, which no push applies', () => {
    env.rt.addSheet(STOCK, [
      ['SKU', 'Channel', 'Price', 'Quantity'],
      [skus[2], 'amazon', 100, 10],
    ]);
    env.call('openRulesFromMenu');
    expect(env.rt.toasts().pop()?.message).toMatch(/Row 2 is an example, never applied/);
    const sheet = env.rt.sheet(RULES);
    const example = sheet.values()[1];
    expect(example.slice(0, 4)).toEqual(['example', 20, '', '.99']);
    expect(example[PROBLEM]).toMatch(/^Example, never applied:/);

    const at = (a1: string) => sheet.validations(a1)[0][0];
    expect(at('A2')).toMatchObject({ criteria: 'VALUE_IN_LIST', showDropdown: true, allowInvalid: true });
    expect(at('A2')!.values).toEqual(expect.arrayContaining(['*', 'amazon', 'walmart', 'mercadolibre']));
    expect(at('A500')).toEqual(at('A2'));
    expect(at('D2')!.values).toEqual(['none', '.99', '.90', 'whole', 'multiple of 5', 'multiple of 10']);
    expect(at('K2')!.values).toEqual(['Yes', 'No']);
    expect(at('B2')).toBeNull();

    env.call('pushByChannelAll');
    const listing = hubProducts(env).get(skus[2])!.listings.amazon!;
    expect([listing.price, listing.quantity]).toEqual([100, 10]);
    expect(messages()[0]).not.toMatch(/\u2192|rule/i);
    env.call('openRulesFromMenu');
    expect(env.rt.toasts().pop()?.message).toBe('No rule in use.');
    expect(sheet.values()[1][PROBLEM]).toMatch(/^Example, never applied:/);
  });

  test('Push stock rows and failed rows carry no rule they did not apply', () => {
    const sheet = demoSheet(skus.slice(3, 5));
    sheet.push(['NO-SUCH-SKU', 'Unknown', 5, 100, 100, 100]);
    env.rt.addSheet(STOCK, sheet);
    env.rt.addSheet(RULES, [
      [...HEADER],
      ruleRow('amazon', { 'Markup %': 10, Rounding: '.99', 'Stock buffer': 2, 'Also per-channel columns': 'Yes' }),
    ]);
    env.call('pushStockAll');
    const values = env.rt.sheet(STOCK).values();
    const status = values.slice(1).map((r) => r[column(values, 'Sync status')]);
    expect(status[0]).toBe('OK');
    expect(status[2]).not.toBe('OK');
    for (const message of messages()) expect(message).not.toMatch(/rule|amazon/i);

    // A row refused before anything is sent does not say what the rule would have made of it.
    env.rt.sheet(STOCK).setValues([['ten']], 'C2');
    env.call('pushByChannelAll');
    const row = messages()[0];
    expect(row).toMatch(/Quantity/);
    expect(row).not.toMatch(/\u2192|rule/i);
    // The rows that were sent say what the rule did.
    expect(messages()[1]).toContain('Price [amazon] 100 \u2192 109.99 for amazon: +10 %, .99');
  });

  test('the sidebar says how many values the rules change at the next Push changes, and follows a rule change', () => {
    const rows = skus.slice(5, 9);
    env.rt.addSheet(STOCK, demoSheet(rows));
    env.call('pushChanges');
    expect(unwrap(env.call('getSidebarState')).rules).toBeNull();
    env.rt.resetCounters();
    unwrap(env.call('getSidebarState'));
    const without = env.rt.counters();

    env.rt.addSheet(RULES, [[...HEADER], ruleRow('amazon', { 'Markup %': 10, 'Also per-channel columns': 'Yes' })]);
    clearRequests(env);
    env.rt.resetCounters();
    let rules = unwrap(env.call('getSidebarState')).rules;
    const withRules = env.rt.counters();
    expect(rules).toEqual({ text: '1 rule in use: they change 4 of the 4 values the next Push changes would send.', changes: 4 });
    // No hub call; the Rules sheet, the stock sheet and the snapshot read once each.
    expect(apiRequests(env)).toEqual([]);
    expect(withRules.fetchCalls).toBe(0);
    // Each sheet read is its data range and its values: 3 sheets, 6 reads; and, a rule now ruling
    // Price [amazon] (a column the edited-cell colour then leaves alone), one read of the sheet's
    // conditional formats to set that colour's rules again.
    expect(withRules.sheetsReads - without.sheetsReads).toBeLessThanOrEqual(7);
    // Nothing written but those rules, once.
    expect(withRules.sheetsWrites - without.sheetsWrites).toBeLessThanOrEqual(1);

    // A rule added: the next refresh counts it.
    env.rt.sheet(RULES).setValues([ruleRow('walmart', { 'Markup amount': 1, 'Also per-channel columns': 'Yes' })], 'A3');
    rules = unwrap(env.call('getSidebarState')).rules;
    expect(rules?.changes).toBe(8);
    expect(rules?.text).toBe('2 rules in use: they change 8 of the 8 values the next Push changes would send.');

    // Pushed: the hub holds the ruled values, and the rules change nothing more.
    env.call('pushChanges');
    expect(hubProducts(env).get(rows[0])!.listings.walmart!.price).toBe(101);
    expect(unwrap(env.call('getSidebarState')).rules?.text).toBe('2 rules in use: the next Push changes sends nothing.');
  });
});
