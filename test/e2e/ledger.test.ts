/**
 * The change ledger end to end, through the built bundle in the runtime emulator against the hub
 * emulator: every value a push sends — from a cell, a rule, an undo — leaves one record with who,
 * what the hub held before and how that was known, the value sent and the hub's answer (OK,
 * refused, unconfirmed with the contrary hub); two editors are told apart; the History view
 * filters on the server and opens the hidden sheet; the bound drops the oldest pushes with a Log
 * line; the token is never in it.
 */
import { typedCall, type AddonEnv, type ServerCall } from '../../dev/testkit/env';
import { hubProducts, useHub } from '../support/hub';
import { unwrap } from '../support/results';
import { seedProducts } from './helpers';
import { call, finish } from './preview-helpers';
import { dayKey } from '../../src/core/kernel/time';
import type { HistoryEntry } from '../../src/core/ledger/history';
import { RULES_SHEET_HEADER } from '../../src/core/pipeline/rules/read';

const STOCK = 'Stock & Prices';
const LEDGER = 'Hub Sync Ledger';
const USER = 'user@example.com';

/** One record as the ledger keeps it, with its row's push and user. */
type Kept = Omit<HistoryEntry, 'at' | 'jobId' | 'from' | 'answer' | 'source'> & {
  from: string;
  answer: string;
  source: string;
  jobId?: string;
};

function ledger(env: AddonEnv): Kept[] {
  if (!env.rt.sheetNames().includes(LEDGER)) return [];
  const [header, ...rows] = env.rt.sheet(LEDGER).values();
  expect(header).toEqual(['Time', 'Push', 'What', 'By', 'Stock sheet', 'Values', 'Answers', 'User key', 'Operation', 'Records']);
  return rows.flatMap((r) =>
    (JSON.parse(String(r[9])) as unknown[][]).map(([sku, channel, field, before, from, sent, answer, source, jobId]) => ({
      push: String(r[1]),
      what: String(r[2]),
      by: String(r[3]),
      sku: String(sku),
      channel: String(channel),
      field: String(field),
      before: before as number | null,
      from: String(from),
      sent: Number(sent),
      answer: String(answer),
      source: String(source),
      ...(jobId ? { jobId: String(jobId) } : {}),
    })),
  );
}

/** The records added by `act`. */
function added(env: AddonEnv, act: () => void): Kept[] {
  const before = ledger(env).length;
  act();
  return ledger(env).slice(before);
}

function stock(env: AddonEnv, rows: unknown[][]): void {
  if (env.rt.sheetNames().includes(STOCK)) env.rt.deleteSheet(STOCK);
  env.rt.addSheet(STOCK, rows);
}

describe('the change ledger', () => {
  let skus: string[];
  const env = useHub({}, (env) => {
    skus = seedProducts(env, 12, ['amazon', 'walmart'], 'active');
  });
  const price = (sku: string, channel: string): number => hubProducts(env).get(sku)!.listings[channel]!.price;

  afterEach(() => env.adminSync('DELETE', '/__admin/faults'));

  test('a push from cells: one record per value, before unknown at first and then the last confirmed value, in a hidden sheet', () => {
    stock(env, [
      ['SKU', 'Quantity'],
      [skus[0], 7],
      [skus[1], 8],
    ]);
    const first = added(env, () => env.call('pushStockAll'));
    expect(
      first.map(({ sku, channel, field, before, from, sent, answer, source, by }) => ({
        sku,
        channel,
        field,
        before,
        from,
        sent,
        answer,
        source,
        by,
      })),
    ).toEqual([
      { sku: skus[0], channel: '', field: 'quantity', before: null, from: 'unknown', sent: 7, answer: 'OK', source: 'cell', by: USER },
      { sku: skus[1], channel: '', field: 'quantity', before: null, from: 'unknown', sent: 8, answer: 'OK', source: 'cell', by: USER },
    ]);
    expect(first[0].what).toBe('Push stock (all rows)');
    expect(env.rt.sheet(LEDGER).isHidden()).toBe(true);

    env.rt.sheet(STOCK).setValues([[9]], 'B2');
    const second = added(env, () => env.call('pushStockAll'));
    expect(second.find((r) => r.sku === skus[0])).toMatchObject({ before: 7, from: 'snapshot', sent: 9, answer: 'OK' });
    expect(second[0].push).not.toBe(first[0].push);
  });

  test("a value a rule changed is recorded as the rule's, with the value that left", () => {
    env.rt.addSheet('Rules', [
      [...RULES_SHEET_HEADER],
      RULES_SHEET_HEADER.map((h, i) => (i === 0 ? 'walmart' : h === 'Markup %' ? 10 : h === 'Also per-channel columns' ? 'yes' : '')),
    ]);
    stock(env, [
      ['SKU', 'Price [amazon]', 'Price [walmart]'],
      [skus[2], 50, 50],
    ]);
    const records = added(env, () => env.call('pushPricesAll'));
    env.rt.deleteSheet('Rules');
    expect(price(skus[2], 'walmart')).toBe(55);
    expect(records.map(({ channel, field, sent, source, answer }) => ({ channel, field, sent, source, answer }))).toEqual([
      { channel: 'amazon', field: 'price', sent: 50, source: 'cell', answer: 'OK' },
      { channel: 'walmart', field: 'price', sent: 55, source: 'rule', answer: 'OK' },
    ]);
  });

  test('an undo leaves records of its own: the value put back, what the hub held as read before it', () => {
    // A first push makes the value known (the snapshot), so that the second can be undone.
    const was = price(skus[3], 'amazon') + 1;
    stock(env, [
      ['SKU', 'Price [amazon]'],
      [skus[3], was],
    ]);
    env.call('pushPricesAll');
    env.rt.sheet(STOCK).setValues([[was + 5]], 'B2');
    env.call('pushPricesAll');
    const shown = call(env, 'previewUndo', false);
    const records = added(env, () => finish(env, call(env, 'undoLastPush', shown.pushId!, false, shown.newestId!)));
    expect(price(skus[3], 'amazon')).toBe(was);
    expect(records).toEqual([
      expect.objectContaining({ sku: skus[3], channel: 'amazon', before: was + 5, from: 'read', sent: was, answer: 'OK', source: 'undo' }),
    ]);
    expect(records[0].what).toMatch(/^Undo of Push prices \(all rows\)/);
  });

  test('a value the hub refused is recorded as refused; one whose answer was lost as unconfirmed', () => {
    stock(env, [
      ['SKU', 'Quantity'],
      ['NOT-IN-HUB', 3],
    ]);
    expect(added(env, () => env.call('pushStockAll'))).toEqual([
      expect.objectContaining({ sku: 'NOT-IN-HUB', sent: 3, answer: 'refused' }),
    ]);

    stock(env, [
      ['SKU', 'Quantity'],
      [skus[4], 11],
    ]);
    env.adminSync('POST', '/__admin/faults', { answerFaults: { drop: 1 }, seed: 5 });
    const lost = added(env, () => env.call('pushStockAll'));
    expect(lost).toEqual([expect.objectContaining({ sku: skus[4], sent: 11, answer: 'unconfirmed' })]);
    const dropped = (env.adminSync('GET', '/__admin/faults') as { injected: Record<string, number> }).injected['answer:drop'] ?? 0;
    expect(dropped).toBeGreaterThan(0);
  });

  test('two editors: each push names who made it ("another editor" when Google does not say); History filters by user, SKU, push and date', () => {
    const colleague = (email: string, hideEmail: boolean): ServerCall => {
      const as = typedCall(env.rt.forUser(email, { hideEmail }));
      unwrap(as('saveToken', env.token));
      return as;
    };
    stock(env, [
      ['SKU', 'Quantity'],
      [skus[5], 21],
    ]);
    const b = added(env, () => colleague('b@example.com', false)('pushStockAll'));
    expect(b).toEqual([expect.objectContaining({ sku: skus[5], sent: 21, by: 'b@example.com' })]);
    env.rt.sheet(STOCK).setValues([[22]], 'B2');
    const hidden = added(env, () => colleague('c@example.com', true)('pushStockAll'));
    expect(hidden).toEqual([expect.objectContaining({ sku: skus[5], sent: 22, by: 'another editor', before: 21, from: 'snapshot' })]);

    const byB = call(env, 'getHistory', { user: 'b@example' });
    expect(byB.entries.length).toBeGreaterThan(0);
    expect(byB.entries.every((e) => e.by === 'b@example.com')).toBe(true);
    const ofSku = call(env, 'getHistory', { sku: skus[5] });
    // Newest first.
    expect(ofSku.entries.map((e) => [e.sent, e.by])).toEqual([
      [22, 'another editor'],
      [21, 'b@example.com'],
    ]);
    expect(call(env, 'getHistory', { push: b[0].push }).entries.map((e) => e.sent)).toEqual([21]);
    const today = dayKey(env.rt.now(), 'America/Mexico_City');
    expect(call(env, 'getHistory', { date: today, sku: skus[5] }).entries).toHaveLength(2);
    expect(call(env, 'getHistory', { date: '2001-01-01' }).entries).toEqual([]);
    expect(env.call('getHistory', { date: 'yesterday' })).toEqual({
      ok: false,
      error: expect.stringMatching(/^Enter the date as yyyy-mm-dd/),
    });
  });

  test('Open as sheet shows the hidden sheet and takes the seller to it', () => {
    expect(env.rt.sheet(LEDGER).isHidden()).toBe(true);
    expect(call(env, 'openHistorySheet')).toMatch(/^The Hub Sync Ledger sheet is open/);
    expect(env.rt.sheet(LEDGER).isHidden()).toBe(false);
  });

  test('beyond the last 50 pushes and 50,000 values kept, the oldest whole pushes are dropped with a Log line; the token is never in the ledger', () => {
    // A history already near its bound: its oldest push holds 49,990 values (only the Values column
    // counts them), and 50 pushes after it (of one value each), so that it is not among the last 50.
    const sheet = env.rt.sheet(LEDGER);
    const old = JSON.stringify([['OLD-1', '', 'quantity', null, 'unknown', 1, 'OK', 'cell']]);
    const at = new Date(env.rt.now() - 86_400_000);
    const row = (id: string, values: number): unknown[] => [
      at,
      id,
      'Push stock (all rows)',
      'x@example.com',
      STOCK,
      values,
      `${values} OK`,
      'k',
      'stock',
      old,
    ];
    sheet.insertRows(2, 51);
    sheet.setValues([row('old-push', 49_990), ...Array.from({ length: 50 }, (_, i) => row(`later-${i}`, 1))], 'A2');
    const kept = ledger(env).filter((r) => r.push !== 'old-push');
    stock(env, [['SKU', 'Quantity'], ...skus.slice(0, 12).map((sku, i) => [sku, 30 + i])]);
    env.call('pushStockAll');
    const after = ledger(env);
    expect(after.some((r) => r.push === 'old-push')).toBe(false);
    expect(after.slice(0, kept.length)).toEqual(kept);
    expect(after).toHaveLength(kept.length + 12);
    const log = env.rt
      .sheet('Log')
      .values()
      .map((r) => r.join(' | '));
    expect(log.some((l) => l.includes('History') && l.includes('Dropped the oldest 1 push (49,990 values) from the history'))).toBe(true);
    expect(JSON.stringify(env.rt.sheet(LEDGER).values())).not.toContain(env.token);
  });
});
