import { hubProducts } from '../../support/hub';
/**
 * Sweep: every push operation cut off after each service call n, the colleague edits (a value, a
 * sort, both) before the seller pushes again (which resumes the run), against a contrary hub. After
 * the resume, every OK row and every snapshot entry is checked against the hub (the invariant
 * harness's own checks).
 */
import { useHub } from '../../support/hub';
import { checkOkRows, checkSnapshot, type HubProduct } from '../../../dev/testkit/invariant/check';
import type { PushMenuName } from '../../../src/server/menu';
import { SHEET, freshWorld } from './attack-helpers';

type Op = 'stock' | 'prices' | 'byChannel' | 'erp' | 'changes';
const MENU: Record<Op, PushMenuName | 'pushChanges'> = {
  stock: 'pushStockAll',
  prices: 'pushPricesAll',
  byChannel: 'pushByChannelAll',
  erp: 'pushErpAll',
  changes: 'pushChanges',
};
const HEAD: Record<Op, string[]> = {
  stock: ['SKU', 'Quantity'],
  prices: ['SKU', 'Price [amazon]', 'Price [walmart]'],
  byChannel: ['SKU', 'Quantity [amazon]', 'Price [walmart]'],
  erp: ['SKU', 'ERP id', 'Price'],
  changes: ['SKU', 'Quantity', 'Quantity [amazon]', 'Price [walmart]'],
};
const N = 8;

describe('attack: cut-off at every service call, edits, resume', () => {
  const env = useHub();

  const products = (): Map<string, HubProduct> => hubProducts(env);

  const setup = (op: Op): void => {
    freshWorld(
      env,
      Array.from({ length: N }, (_, i) => ({
        sku: `K-${i + 1}`,
        internalId: `EK-${i + 1}`,
        quantity: 1,
        price: 10,
        listings: { amazon: {}, walmart: {} },
      })),
    );
    const row = (i: number): unknown[] =>
      HEAD[op].map((h) => (h === 'SKU' ? `K-${i + 1}` : h === 'ERP id' ? `EK-${i + 1}` : /Quantity/.test(h) ? 5 + i : 20 + i));
    env.rt.addSheet(SHEET, [HEAD[op], ...Array.from({ length: N }, (_, i) => row(i))]);
    if (op === 'changes') {
      env.call('pushStockAll');
      env.call('pushByChannelAll');
      // the seller's edits since: general and per-channel quantity of the same rows, a price
      env.rt.sheet(SHEET).setValues(
        Array.from({ length: N }, (_, i) => [50 + i, i % 2 ? 7 : 6, 33 + i]),
        'B2',
      );
    }
  };

  test.each(['stock', 'prices', 'byChannel', 'erp', 'changes'] as const)(
    '%s',
    (op) => {
      const problems: string[] = [];
      for (const edit of ['value', 'sort', 'both'] as const) {
        for (const faulty of [false, true]) {
          for (let n = 1; n < 200; n++) {
            setup(op);
            if (faulty)
              env.adminSync('POST', '/__admin/faults', {
                answerFaults: { reorder: 0.3, drop: 0.1, duplicate: 0.1, statusCase: 0.1, refuse: 0.1, wrongEcho: 0.1 },
                seed: n,
              });
            env.rt.cutOffAfter(n);
            let died = false;
            try {
              env.rt.answerNext('OK');
              env.call(MENU[op]);
            } catch (e) {
              died = /Exceeded maximum execution time/.test(String(e));
              if (!died) problems.push(`${op}/${edit}/${faulty}/n=${n}: first run: ${String(e).slice(0, 160)}`);
            }
            if (!died) break;
            const sheet = env.rt.sheet(SHEET);
            const editedAt = new Map<string, number>();
            if (edit !== 'sort') {
              editedAt.set(String(sheet.values()[2][0]), env.rt.now());
              const c = HEAD[op].length; // last input column
              const v = sheet.values()[2][c - 1];
              sheet.setValues([[typeof v === 'number' ? v + 100 : 99]], `${String.fromCharCode(64 + c)}3`);
            }
            if (edit !== 'value') sheet.sortRows(2, N + 1, 1, false);
            const since = env.rt.now();
            try {
              env.rt.answerNext('OK');
              env.call(MENU[op]);
            } catch (e) {
              problems.push(`${op}/${edit}/${faulty}/n=${n}: resume: ${String(e).slice(0, 160)}`);
            }
            env.adminSync('DELETE', '/__admin/faults');
            const hub = products();
            const ok = checkOkRows(env.rt.sheet(SHEET).values(), { operation: op, since: 0, products: hub, editedAt });
            const snap = env.rt.sheetNames().includes('Hub Sync snapshot')
              ? checkSnapshot(env.rt.sheet('Hub Sync snapshot').values(), hub)
              : { violations: [] };
            for (const v of [...ok.violations, ...snap.violations])
              problems.push(`${op}/${edit}/${faulty ? 'faults' : 'polite'}/cut after ${n}: ${v}`);
            void since;
          }
        }
      }
      expect([...new Set(problems.map((p) => p.replace(/cut after \d+/, 'cut after n')))].slice(0, 25)).toEqual([]);
    },
    600_000,
  );
});
