import fc from 'fast-check';
import { COSTS, COST_SOURCES, loadRuntime, resolveCosts, type CostTable, type Counters, type Runtime } from '../../dev/gas-runtime';
import { measureBundleLoad } from '../../dev/gas-runtime/bundle-load';
import { startServer, type TestServer } from './http-server';

/**
 * Each figure of the cost model (dev/gas-runtime/costs.ts) moves the virtual clock by what it says,
 * and only it: every other figure is zero in these runs, so a wrong wiring shows as a wrong sum.
 */

const BUNDLE = `
function sheet() { return SpreadsheetApp.getActive().getSheets()[0]; }
function read(n) { return sheet().getRange(1, 1, n, 2).getValues().length; }
function write(n) { var rows = []; for (var i = 0; i < n; i++) rows.push([i, 'x']); sheet().getRange(1, 1, n, 2).setValues(rows); }
function local() { Utilities.getUuid(); Utilities.getUuid(); }
function propGet() { PropertiesService.getScriptProperties().getProperty('a'); }
function propSet() { PropertiesService.getScriptProperties().setProperty('a', '1'); }
function cacheGet() { CacheService.getScriptCache().get('a'); }
function cachePut() { CacheService.getScriptCache().put('a', '1'); }
function lock() { var l = LockService.getScriptLock(); l.waitLock(10); l.releaseLock(); }
function triggers() { ScriptApp.getProjectTriggers(); }
function drive() { DriveApp.getRootFolder(); }
function ui() { SpreadsheetApp.getActive().toast('hi'); }
function fetchAll(urls) { return UrlFetchApp.fetchAll(urls).map(function (r) { return JSON.parse(r.getContentText()).inFlight; }); }
function startedAt() { return Date.now(); }
function burn(ms) {
  // Busy JavaScript between two service calls, timed by the bundle's own Date (which sees it).
  PropertiesService.getScriptProperties().getProperty('a');
  var t0 = Date.now(), x = 0;
  while (Date.now() - t0 < ms) for (var i = 0; i < 10000; i++) x += Math.sqrt(i);
  PropertiesService.getScriptProperties().getProperty('a');
  return Date.now() - t0;
}
function spin(iterations) { var x = 0; for (var i = 0; i < iterations; i++) x += Math.sqrt(i); PropertiesService.getScriptProperties().getProperty('a'); return x > 0; }
function bigRead() { return sheet().getRange(1, 1, 20000, 10).getValues().length; }
`;

/** Every figure zero (JavaScript and bundle load too): the clock moves only by what a test sets. */
const ZERO: CostTable = {
  ...(Object.fromEntries(Object.keys(COSTS).map((k) => [k, 0])) as unknown as CostTable),
  fetchAllParallelism: COSTS.fetchAllParallelism,
  bundleLoadMs: 0,
};

const runtimes: Runtime[] = [];
function runtime(costs: Partial<CostTable>, extra: Record<string, unknown> = {}): Runtime {
  const rt = loadRuntime({ bundle: BUNDLE, costs: { ...ZERO, ...costs }, allowPrivateHosts: true, ...extra });
  runtimes.push(rt);
  return rt;
}
afterAll(async () => {
  for (const rt of runtimes) await rt.close();
});

/** Virtual ms an execution of `fn` took, and the counters it left. */
function run(costs: Partial<CostTable>, fn: string, ...args: unknown[]): { ms: number; c: Counters } {
  const rt = runtime(costs);
  const t0 = rt.world.clock.now();
  rt.call(fn, ...args);
  return { ms: rt.world.clock.now() - t0, c: rt.counters() };
}

describe('cost model: each figure charges what it says', () => {
  const cases: Array<[keyof CostTable, string, unknown[], (c: Counters) => number]> = [
    ['sheetsRoundTripMs', 'read', [10], (c) => c.sheetsRoundTrips],
    ['perCellReadMs', 'read', [10], (c) => c.cellsRead],
    ['perCellWriteMs', 'write', [10], (c) => c.cellsWritten],
    ['propertyReadMs', 'propGet', [], (c) => c.propertyReads],
    ['propertyWriteMs', 'propSet', [], (c) => c.propertyWrites],
    ['cacheGetMs', 'cacheGet', [], () => 1],
    ['cachePutMs', 'cachePut', [], () => 1],
    ['lockOpMs', 'lock', [], () => 2],
    ['triggerOpMs', 'triggers', [], (c) => c.triggerOps],
    ['driveOpMs', 'drive', [], (c) => c.driveOps],
    ['uiOpMs', 'ui', [], () => 1],
    ['cheapCallMs', 'local', [], (c) => c.serviceCalls],
  ];

  test.each(cases)('%s', (key, fn, args, count) => {
    const off = run({}, fn, ...args);
    expect(off.ms).toBe(0);
    const on = run({ [key]: 7 }, fn, ...args);
    expect(count(on.c)).toBeGreaterThan(0);
    expect(on.ms).toBeCloseTo(7 * count(on.c), 2);
  });

  test('Sheets and property time is counted by kind', () => {
    const { c } = run({ sheetsRoundTripMs: 30, perCellWriteMs: 0.5, propertyWriteMs: 60 }, 'write', 4);
    expect(c.sheetsMs).toBeCloseTo(30 * c.sheetsRoundTrips + 0.5 * 8, 2);
    expect(run({ propertyWriteMs: 60 }, 'propSet').c.propertiesMs).toBe(60);
  });

  test('every figure names its source, and the defaults are the published ones', () => {
    expect(Object.keys(COST_SOURCES).sort()).toEqual(Object.keys(COSTS).sort());
    for (const { source } of Object.values(COST_SOURCES)) expect(source).toMatch(/https:\/\/|no published/);
    expect([COSTS.propertyReadMs, COSTS.propertyWriteMs, COSTS.fetchAllParallelism, COSTS.jsCpuFactor, COSTS.bundleLoadMs]).toEqual([
      30,
      60,
      10,
      1,
      'measured',
    ]);
  });

  test('refuses figures that cannot be costs', () => {
    expect(() => resolveCosts({ propertyReadMs: -1 })).toThrow('costs.propertyReadMs must be a number ≥ 0');
    expect(() => resolveCosts({ fetchAllParallelism: 0 })).toThrow('fetchAllParallelism must be a whole number ≥ 1');
    expect(() => resolveCosts({ bundleLoadMs: 'soon' as never })).toThrow("or 'measured'");
    expect(() => loadRuntime({ bundle: BUNDLE, costs: { jsCpuFactor: Number.NaN } })).toThrow('costs.jsCpuFactor');
  });
});

describe('cost model: UrlFetch', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.close());

  const urls = (k: number, ms: number) => Array.from({ length: k }, () => `${server.url}/inflight?ms=${ms}`);

  test('urlFetchCallMs: charged once per fetchAll call, on top of the requests', () => {
    const rt = runtime({ urlFetchCallMs: 400 });
    rt.call('fetchAll', urls(3, 0));
    const c = rt.counters();
    const slowest = Math.max(...rt.fetchLog().map((f) => f.elapsedMs));
    expect(c.fetchCalls).toBe(1);
    expect(c.fetchMs - slowest).toBeGreaterThanOrEqual(400);
    expect(c.fetchMs - slowest).toBeLessThan(400 + 200);
  });

  test('fetchAllParallelism: requests beyond it queue, and the wait is charged', () => {
    const capped = runtime({ fetchAllParallelism: 3 });
    const t0 = capped.world.clock.now();
    const seen = capped.call('fetchAll', urls(9, 200)) as number[];
    // Never more than three at the server at once; three waves of 200 ms each.
    expect(Math.max(...seen)).toBeLessThanOrEqual(3);
    expect(capped.world.clock.now() - t0).toBeGreaterThanOrEqual(600);

    const wide = runtime({ fetchAllParallelism: 10 });
    const open = wide.call('fetchAll', urls(9, 300)) as number[];
    expect(Math.max(...open)).toBeGreaterThan(3);
  });
});

describe('cost model: JavaScript and bundle load', () => {
  test('jsCpuFactor 0: JavaScript is free; 1: the bundle pays its CPU time, and its Date sees it', () => {
    const free = runtime({ propertyReadMs: 1 });
    expect(free.call('spin', 2_000_000)).toBe(true);
    expect(free.counters().jsMs).toBe(0);

    const paid = runtime({ propertyReadMs: 1, jsCpuFactor: 1 });
    const t0 = paid.world.clock.now();
    // The loop ends when the bundle's own clock says 40 ms passed: JavaScript time moves Date.
    expect(paid.call('burn', 40)).toBeGreaterThanOrEqual(40);
    const js = paid.counters().jsMs;
    expect(js).toBeGreaterThanOrEqual(40);
    expect(paid.world.clock.now() - t0).toBeCloseTo(js + 2, 2);
  });

  test('jsCpuFactor scales the charge', () => {
    // The same fixed work at × 1 and × 3 (CPU time varies a little from run to run: a wide band).
    const charged = (factor: number): number => {
      const rt = runtime({ jsCpuFactor: factor });
      rt.call('spin', 3_000_000);
      return rt.counters().jsMs;
    };
    charged(1); // warm-up: the first run pays for compiling
    const ratio = charged(3) / charged(1);
    expect(ratio).toBeGreaterThan(1.5);
    expect(ratio).toBeLessThan(6);
  });

  test('time spent inside service calls is not charged as JavaScript', () => {
    const rt = runtime({ jsCpuFactor: 1 });
    rt.sheet('Sheet1').resize(20_000, 10);
    rt.sheet('Sheet1').setValues(Array.from({ length: 20_000 }, (_, i) => Array.from({ length: 10 }, (_, j) => `r${i}c${j}`)));
    const cpu0 = process.cpuUsage();
    expect(rt.call('bigRead')).toBe(20_000);
    const cpu = process.cpuUsage(cpu0);
    const totalMs = (cpu.user + cpu.system) / 1000;
    // Copying 200,000 cells into the bundle's realm is the emulator's work, most of the CPU.
    expect(rt.counters().jsMs).toBeLessThan(totalMs / 2);
  });

  test('JavaScript past the deadline kills the execution at its next service call', () => {
    const rt = runtime({ jsCpuFactor: 1 }, { budgetMs: 20 });
    expect(() => rt.call('spin', 5_000_000)).toThrow('Exceeded maximum execution time');
  });

  test('bundleLoadMs: a fixed load is charged before the function runs, in every execution', () => {
    const rt = runtime({ bundleLoadMs: 1234 });
    const t0 = rt.world.clock.now();
    expect(rt.call('startedAt')).toBe(Math.floor(t0 + 1234));
    rt.call('startedAt');
    expect(rt.counters().bundleLoadMs).toBe(2 * 1234);
  });

  test("executionStartMs: Apps Script's start-up is charged first, in every execution, calls and trigger runs alike", () => {
    const rt = runtime({ executionStartMs: 200, bundleLoadMs: 30 });
    const t0 = rt.world.clock.now();
    expect(rt.call('startedAt')).toBe(Math.floor(t0 + 230));
    rt.call('startedAt');
    expect(rt.counters().startupMs).toBe(400);
    expect(COSTS.executionStartMs).toBeGreaterThan(0);
    expect(COST_SOURCES.executionStartMs.source).toMatch(/no published measurement/);
  });

  test("bundleLoadMs 'measured': compile + evaluate of the bundle, measured once, charged each time", () => {
    const rt = runtime({ bundleLoadMs: 'measured' });
    rt.call('startedAt');
    rt.call('startedAt');
    const each = rt.counters().bundleLoadMs / 2;
    expect(each).toBeGreaterThan(0);
    expect(each).toBe(rt.world.bundleLoadMs());
    // A bigger bundle takes longer to load.
    const big = `${BUNDLE}\n${Array.from({ length: 3000 }, (_, i) => `function f${i}(a) { return [a, ${i}, 'x${i}'].join('-'); }`).join('\n')}`;
    expect(measureBundleLoad(big)).toBeGreaterThan(measureBundleLoad(BUNDLE));
  });
});

describe('cost model: sums', () => {
  test('a round trip costs the same whatever else is set (property: figures add, never mix)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 20 }),
        (rtMs, cellMs, n) => {
          const { ms, c } = run({ sheetsRoundTripMs: rtMs, perCellWriteMs: cellMs / 100, propertyReadMs: 999 }, 'write', n);
          return Math.abs(ms - (rtMs * c.sheetsRoundTrips + (cellMs / 100) * 2 * n)) < 1e-2;
        },
      ),
      { numRuns: 20 },
    );
  });
});
