/**
 * What "In hub" says, against the hub emulator: a product deleted between two pulls is marked
 * "not in the hub" (the listing is complete and consistent), and a hub SKU that differs from the
 * sheet's only by a trailing space or by letter case is never taken for it — the row says what the
 * hub has and that pushes will fail, and no row is added for the twin.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { col, hubRequests, rowOf } from './catalogue-helpers';
import { loose } from '../support/results';

const SHEET = 'Stock & Prices';
const WHEN = '2026-11-20 09:00';

const KEPT = [{ sku: 'KEEP-1', quantity: 3, price: 10, listings: { amazon: { status: 'active' } } }];
const DELETED = { sku: 'DEL-1', quantity: 4, price: 11, listings: { amazon: { status: 'active' } } };

/** The hub with the generated products, KEEP-1 and `extra`: the emulator cannot delete a product, so a deletion is a reset without it. */
function seedHub(env: AddonEnv, extra: unknown[]): void {
  env.adminSync('POST', '/__admin/reset', { seed: 'empty' });
  env.adminSync('POST', '/__admin/products', {
    generate: { count: 70, prefix: 'GEN-', channels: ['amazon', 'walmart'], status: 'active', seed: 5 },
  });
  env.adminSync('POST', '/__admin/products', { products: [...KEPT, ...extra] });
}

describe('In hub (bundle in the runtime against the hub emulator)', () => {
  const env = useHub();

  const values = (): unknown[][] => env.rt.sheet(SHEET).values();
  const pull = (options: Record<string, unknown> = {}) => loose(env.call('pullCatalogue', options));

  test('a product deleted between two pulls is marked not in the hub; the others stay Yes; the check costs no extra request', () => {
    seedHub(env, [DELETED]);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Notes'],
      ['DEL-1', 'mine'],
      ['KEEP-1', ''],
    ]);
    env.adminSync('DELETE', '/__admin/requests');
    expect(pull()).toMatchObject({ ok: true, value: { status: 'done', skus: 72, consistent: true, notInHub: 0, requests: 2 } });
    expect(hubRequests(env).map((r) => r.query.offset)).toEqual(['0', '49']);
    let v = values();
    expect(v[rowOf(v, 'DEL-1') - 1][col(v, 'In hub')]).toBe('Yes');

    seedHub(env, []);
    const second = pull();
    expect(second).toMatchObject({
      ok: true,
      value: { status: 'done', skus: 71, consistent: true, notInHub: 1, added: 0, duplicates: 0, twins: 0 },
    });
    v = values();
    const inHub = col(v, 'In hub');
    expect(v[rowOf(v, 'DEL-1') - 1][inHub]).toBe(`No (not in the hub at the pull of ${WHEN})`);
    expect(v[rowOf(v, 'DEL-1') - 1][1]).toBe('mine'); // marked, never deleted
    expect(
      v
        .slice(1)
        .filter((r) => r[0] !== 'DEL-1')
        .every((r) => r[inHub] === 'Yes'),
    ).toBe(true);
    expect(second.value?.message).toMatch(/1 marked not in the hub/);
    expect(second.value?.message).not.toMatch(/changed while it was read/);
  });

  test("a trailing-space twin and a letter-case twin: never matched, the row says what the hub has, no row added, and a push to the sheet's SKU indeed fails", () => {
    seedHub(env, [
      { sku: 'TWIN-1 ', quantity: 9, price: 99, listings: { amazon: { status: 'active' } } },
      { sku: 'case-1', quantity: 8, price: 88, listings: { amazon: { status: 'active' } } },
    ]);
    env.rt.deleteSheet(SHEET);
    env.rt.addSheet(SHEET, [
      ['SKU', 'Quantity'],
      ['TWIN-1', 5],
      ['CASE-1', 6],
      ['KEEP-1', 3],
    ]);
    const result = pull();
    expect(result).toMatchObject({
      ok: true,
      value: { status: 'done', consistent: true, twins: 2, notInHub: 2, unreachable: 0, updated: 1, added: 70 },
    });
    const v = values();
    const inHub = col(v, 'In hub');
    expect(v[rowOf(v, 'TWIN-1') - 1][inHub]).toBe(
      `No \u2014 the hub has 'TWIN-1 ' (with a trailing space), not 'TWIN-1': pushes to 'TWIN-1' will fail \u2014 fix the SKU in the hub (a sheet\u2019s SKUs are sent without surrounding spaces) (pull of ${WHEN})`,
    );
    expect(v[rowOf(v, 'CASE-1') - 1][inHub]).toBe(
      `No \u2014 the hub has 'case-1' (in other letter case), not 'CASE-1': pushes to 'CASE-1' will fail \u2014 fix the SKU in the hub or in the sheet (pull of ${WHEN})`,
    );
    // The twins' values never land in the sheet's rows, and no row is added for them.
    expect(v[rowOf(v, 'TWIN-1') - 1][col(v, 'Quantity')]).toBe(5);
    expect(v.filter((r) => /^(twin-1|case-1)\s*$/i.test(String(r[0])))).toHaveLength(2);
    expect(result.value?.message).toContain(
      "2 SKUs of the sheet are in the hub only with other spaces or letter case (see In hub). The hub has 'TWIN-1 ' (with a trailing space), not 'TWIN-1'",
    );

    // What the row warns about: the hub does not take 'TWIN-1'.
    env.call('pushStockAll');
    const after = values();
    const status = col(after, 'Sync message');
    expect(String(after[rowOf(after, 'TWIN-1') - 1][status])).toMatch(/not found|no encontrado/i);
  });

  test('a hub SKU no sheet row can send exactly is not added, and the pull says so', () => {
    seedHub(env, [{ sku: 'LONE ', quantity: 1, price: 1, listings: {} }]);
    env.rt.deleteSheet(SHEET);
    env.rt.addSheet(SHEET, [['SKU'], ['KEEP-1']]);
    const result = pull();
    expect(result).toMatchObject({ ok: true, value: { status: 'done', unreachable: 1, twins: 0, notInHub: 0 } });
    expect(values().some((r) => String(r[0]).trim() === 'LONE')).toBe(false);
    expect(result.value?.message).toContain(
      "1 hub SKU was not added because no sheet SKU can match it exactly (e.g. 'LONE ': it has a trailing space, which a sheet's SKU is sent without): fix it in the hub.",
    );
  });
});
