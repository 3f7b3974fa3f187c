/**
 * The open sidebar stays current without reopening: every change a section shows moves that
 * section's stamp (getSidebarRevisions), whoever made it — the menu, a trigger run with no
 * document open (the add-on), a push that opened a job, a background failure that raised an alert —
 * and getSidebarSections reads those sections again, alone. The poll itself stays cheap: one
 * properties read (two in the add-on), no sheet, no hub.
 */
import { TARGETS } from '../../dev/tools/targets';
import type { AddonEnv } from '../../dev/testkit/env';
import { useHub } from '../support/hub';
import { unwrap } from '../support/results';
import { seedProducts } from './helpers';
import { ordersSettings } from './orders-helpers';

const HOUR = 3_600_000;

type Stamps = Record<string, string>;
const stamps = (env: AddonEnv): Stamps => unwrap(env.call('getSidebarRevisions'));
const sections = (env: AddonEnv, names: string[]) => unwrap(env.call('getSidebarSections', names));

/** The sections whose stamp differs between two reads. */
function moved(before: Stamps, after: Stamps): string[] {
  return Object.keys(after)
    .filter((k) => after[k] !== before[k])
    .sort();
}

describe.each(TARGETS)('the live sidebar (%s)', (target) => {
  const env = useHub({ target, settings: { orders: ordersSettings({ backfillDays: 30 }), plainChannels: ['*'] } }, (env) => {
    env.adminSync('POST', '/__admin/orders', { generate: { count: 50, days: 10, seed: 3 } });
  });

  test('the poll reads properties only: no sheet, no hub, no lock', () => {
    const state = unwrap(env.call('getSidebarState'));
    expect(state.revisions).toEqual(stamps(env));
    env.rt.resetCounters();
    stamps(env);
    const c = env.rt.counters();
    const run = env.rt.executions().at(-1)!;
    expect(run.functionName).toBe('getSidebarRevisions');
    expect(c).toMatchObject({ sheetsRoundTrips: 0, fetchCalls: 0, propertyWrites: 0, lockAcquires: 0 });
    expect(c.propertyReads).toBe(target === 'addon' ? 2 : 1);
    // Bundle load and JavaScript included: well under the whole state's read (docs/dev/architecture.md, The live sidebar).
    expect(c.propertiesMs).toBe((target === 'addon' ? 2 : 1) * 30);
    expect(run.endedAt - run.startedAt).toBeLessThan(1_000);
  });

  test('moving to another tab moves Push (the sheet it acts on), nothing else; coming back moves it back', () => {
    const home = env.rt.sheetNames()[0];
    env.rt.addSheet('Notes', [['Notes']]);
    env.rt.select(home, 'A1');
    const before = stamps(env);
    env.rt.select('Notes', 'A1');
    const away = stamps(env);
    expect(moved(before, away)).toEqual(['push']);
    expect(unwrap(env.call('getSidebarState')).revisions).toEqual(away);
    env.rt.select(home, 'A1');
    expect(stamps(env)).toEqual(before);
  });

  test('the schedule turned on from the menu moves Orders (and the settings), nothing else', () => {
    const before = stamps(env);
    env.rt.answerNext({ button: 'OK', text: '60' });
    env.call('toggleOrderSchedule');
    expect(env.rt.toasts().at(-1)!.message).toMatch(/imported every hour/);
    const after = stamps(env);
    expect(moved(before, after)).toEqual(expect.arrayContaining(['orders', 'status']));
    expect(moved(before, after)).not.toContain('jobs');
    const part = sections(env, ['orders']);
    expect(part.orders).toMatchObject({ scheduleOn: true, scheduleMinutes: 60 });
    expect(part).not.toHaveProperty('jobs');
    expect(part).not.toHaveProperty('settings');
    expect(part.revisions).toEqual(after);
  });

  test('a trigger run that imports orders moves Orders and the Log; the section then shows them', () => {
    const before = stamps(env);
    env.rt.advance(HOUR + 60_000);
    expect(env.rt.executions().some((e) => e.kind === 'trigger' && e.ok)).toBe(true);
    const after = stamps(env);
    expect(moved(before, after)).toEqual(expect.arrayContaining(['log', 'orders']));
    const part = sections(env, ['orders', 'log']);
    expect(part.orders!.lastRunAt).not.toBeNull();
    expect(part.orders!.totalAdded).toBeGreaterThan(0);
    expect(part.log!.some((line) => line.Operation === 'Import orders')).toBe(true);
  });

  test('a job created from the menu moves Jobs; its poll by the trigger moves Jobs again', () => {
    const skus = seedProducts(env, 5, ['amazon']);
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity', 'Price'], ...skus.map((s, i) => [s, 10 + i, 20])]);
    const before = stamps(env);
    env.call('pushAsyncAll');
    const created = stamps(env);
    expect(moved(before, created)).toEqual(expect.arrayContaining(['jobs', 'push']));
    expect(sections(env, ['jobs']).jobs).toHaveLength(1);
    env.rt.advance(target === 'addon' ? HOUR + 60_000 : 6 * 60_000);
    const polled = stamps(env);
    expect(moved(created, polled)).toContain('jobs');
    expect(sections(env, ['jobs']).jobs).toEqual([]);
  });

  test('a background failure that raises an alert moves Alerts; the section shows it', () => {
    env.adminSync('POST', '/__admin/faults', { rates: { '500': 1 }, pathPattern: '/api/orders/orders', seed: 1 });
    const before = stamps(env);
    const alerts = () => sections(env, ['alerts']).alerts ?? [];
    for (let h = 0; h < 4 && alerts().length === 0; h++) env.rt.advance(HOUR);
    env.adminSync('DELETE', '/__admin/faults');
    expect(alerts().map((a) => a.kind)).toContain('import');
    expect(moved(before, stamps(env))).toEqual(expect.arrayContaining(['alerts', 'orders']));
  });
});
