/**
 * Apps Script keeps a fired one-shot trigger (`after`/`at`) until the script deletes it, and it
 * counts toward the 20 triggers a user may have per script (the emulator models this, see
 * dev/gas-runtime/README.md "Used one-shots"). A push from the menu that continues in the
 * background arms one-shots day after day (bound script): each one used must be deleted by a
 * later run, or after 20 days no trigger can be created and the background work silently stops.
 * The add-on continues at its hourly run instead and must hold no trigger once nothing is due.
 */
import { useHub } from '../support/hub';
import { TARGETS } from '../../dev/tools/targets';
import { column, seedProducts } from './helpers';

const DAY = 86_400_000;
const ROWS = 3000;
const DAYS = 22;

describe.each(TARGETS)('used one-shot triggers never pile up (%s)', (target) => {
  let skus: string[];

  // A fetchAll round costs a virtual minute: a menu push gets through about 2,000 rows before
  // its time budget ends, and a one-shot trigger finishes the rest.
  const env = useHub({ target, runtime: { virtualFetchLatencyMs: 60_000, measuredFetchLatency: false } }, (env) => {
    skus = seedProducts(env, ROWS, ['amazon'], 'active');
  });

  const mine = () => env.rt.triggers().filter((t) => t.owner === env.rt.user);

  test(`${DAYS} days of menu pushes continued in the background: every used one-shot is deleted`, () => {
    const firedLeft: number[] = [];
    for (let day = 0; day < DAYS; day++) {
      if (env.rt.sheetNames().includes('Stock & Prices')) env.rt.deleteSheet('Stock & Prices');
      env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s, i) => [s, day * 10 + (i % 7)])]);
      env.call('pushStockAll');
      // The add-on arms no one-shot at all (its clock trigger runs at most hourly): the invariant holds trivially there.
      expect(env.rt.toasts().at(-1)!.message).toMatch(
        target === 'addon' ? /continues at the next hourly background run/ : /continues in the background/,
      );
      const runs = env.rt.advance(DAY);
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect(runs.filter((r) => !r.ok)).toEqual([]);
      firedLeft.push(mine().filter((t) => t.fired).length);
      // Nothing is due any more: the user holds no trigger at all, used or not.
      expect(mine()).toEqual([]);
    }
    expect(firedLeft.every((n) => n === 0)).toBe(true);
    const log = env.rt.sheet('Log').values();
    const finished = log.slice(1).filter((r) => r[column(log, 'Rows OK')] === ROWS);
    expect(finished).toHaveLength(DAYS);
  });
});
