/**
 * The add-on's lease under Google's lock rules (dist/addon in the runtime emulator): a sheet
 * write reaches other executions only after SpreadsheetApp.flush() or the end of the execution,
 * and the script lock is one for every user in every spreadsheet of the add-on
 * (https://developers.google.com/apps-script/reference/lock/lock#releaselock,
 * https://developers.google.com/apps-script/reference/lock/lock-service). The hourly run has no
 * document lock: only the lease in the state sheet keeps it and a colleague's sidebar apart.
 */
import type { Runtime } from '../../../dev/gas-runtime';
import { typedCall } from '../../../dev/testkit/env';
import { useHub } from '../../support/hub';
import { seedProducts } from '../helpers';

const HOUR = 3_600_000;
const STATE_SHEET = 'Hub Sync data (do not edit)';

type R = { ok: true; value: unknown } | { ok: false; error: string };

/** The lease cell as stored (pending writes included): '' when no one holds it. */
function leaseCell(rt: Runtime): string {
  const row = rt
    .sheet(STATE_SHEET)
    .values()
    .find((r) => r[0] === 'documentLease');
  return String(row?.[1] ?? '');
}

describe('add-on lease: the next holder sees what the last one wrote', () => {
  let skus: string[];
  const env = useHub({ target: 'addon' }, (env) => {
    skus = seedProducts(env, 5, ['amazon']);
    env.adminSync('POST', '/__admin/orders', { generate: { count: 20, days: 2, seed: 3 } });
  });

  /** The hourly import fires in a second, with the colleague's hook on it. */
  function hourlyRunWith(hook: (info: { service: string; method: string; functionName: string }) => void): void {
    env.rt.onServiceCall((info) => {
      if (info.functionName === 'onBackgroundWork') hook(info);
    });
    try {
      expect(env.rt.advance(HOUR + 60_000).every((r) => r.ok)).toBe(true);
    } finally {
      env.rt.onServiceCall(undefined);
    }
  }

  beforeAll(() => {
    expect(env.call('setOrdersSchedule', 60).ok).toBe(true);
    env.rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 10 + i])]);
  });

  test('a colleague cannot take the lease the hourly run holds: it was published before the script lock went', () => {
    const colleague = typedCall(env.rt.forUser('colleague@example.com'));
    expect(colleague('saveToken', env.token).ok).toBe(true);
    let pushed: R | null = null;
    hourlyRunWith((info) => {
      // The hourly import holds the lease and calls the hub: the colleague presses Push.
      if (pushed || info.service !== 'UrlFetchApp') return;
      pushed = colleague('startPush', 'stock', 'all') as R;
    });
    const busy = pushed as R | null;
    expect(busy?.ok).toBe(false);
    expect(busy && !busy.ok && busy.error).toMatch(/did not start: Order import by .* has been running for \d+ s\./);
  });

  test('in an open spreadsheet a colleague queues on the document lock, not on the script-wide lock', () => {
    const b = env.rt.forUser('colleague@example.com');
    const colleague = typedCall(b);
    const colleagueCalls: string[] = [];
    let pushed: R | null = null;
    env.rt.onServiceCall((info) => {
      if (pushed || info.service !== 'UrlFetchApp' || info.functionName !== 'pushStockAll') return;
      b.onServiceCall((c) => colleagueCalls.push(`${c.service}.${c.method}`));
      pushed = colleague('startPush', 'stock', 'all') as R;
      b.onServiceCall(undefined);
    });
    try {
      env.call('pushStockAll');
    } finally {
      env.rt.onServiceCall(undefined);
    }
    expect(pushed).toMatchObject({ ok: false });
    expect(colleagueCalls).toContain('LockService.getDocumentLock');
    expect(colleagueCalls).not.toContain('LockService.getScriptLock');
  });

  test('a lease let go is free for the next holder while the run that held it goes on', () => {
    const colleague = typedCall(env.rt.forUser('colleague@example.com'));
    let held = false;
    let callsSinceLetGo = 0;
    let pushed: R | null = null;
    hourlyRunWith(() => {
      if (leaseCell(env.rt) !== '') held = true;
      // The run has written its lease off; one call later (a hook runs before the call it
      // announces) it has finished letting go — released the script lock, flushed — and still
      // works: the colleague presses Push.
      else if (held && ++callsSinceLetGo === 2) pushed = colleague('startPush', 'stock', 'all') as R;
    });
    expect(held).toBe(true);
    expect(pushed).toEqual({ ok: true, value: expect.anything() });
  });
});

describe('add-on lease: one script lock for every spreadsheet of the add-on', () => {
  let skus: string[];
  const env = useHub({ target: 'addon' }, (env) => {
    skus = seedProducts(env, 5, ['amazon']);
  });

  test('another spreadsheet waits while the script lock is held, and takes its own lease once it is free', () => {
    const stock = [['SKU', 'Quantity'], ...skus.map((s, i) => [s, 10 + i])];
    env.rt.addSheet('Stock & Prices', stock);
    const other = env.anotherSpreadsheet('colleague@example.com');
    other.addSheet('Stock & Prices', stock);
    const asOther = typedCall(other);
    let inside: R | null = null;
    let locked = false;
    env.rt.onServiceCall((info) => {
      if (info.service === 'LockService' && info.method === 'getScriptLock') locked = true;
      // Inside the critical section (the lease row's read): the other spreadsheet's user works.
      else if (locked && !inside && info.service === 'Range') inside = asOther('startPush', 'stock', 'all') as R;
    });
    try {
      env.call('startPush', 'stock', 'all');
    } finally {
      env.rt.onServiceCall(undefined);
    }
    const waited = inside as R | null;
    expect(waited?.ok).toBe(false);
    expect(waited && !waited.ok && waited.error).toMatch(/did not start/);
    // Out of the critical section, the other spreadsheet's lease is its own.
    expect(asOther('startPush', 'stock', 'all')).toEqual({ ok: true, value: expect.anything() });
  });
});
