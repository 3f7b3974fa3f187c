import { COSTS, loadRuntime } from '../../dev/gas-runtime';

const BUNDLE = `
function sleepy() {
  var caught = 0;
  for (var i = 0; i < 100; i++) {
    try { Utilities.sleep(60000); } catch (e) { caught++; }
  }
  PropertiesService.getScriptProperties().setProperty('survived', String(caught));
  return 'finished';
}
function catchAll() {
  try { for (;;) Utilities.sleep(60000); } catch (e) { return 'caught: ' + e.message; }
}
function writeRows(n) {
  var sheet = SpreadsheetApp.getActive().getSheets()[0];
  for (var i = 1; i <= n; i++) sheet.getRange(i, 1).setValue(i);
  return 'done';
}
function batched(n) {
  var rows = [];
  for (var i = 1; i <= n; i++) rows.push([i, 'x']);
  SpreadsheetApp.getActive().getSheets()[0].getRange(1, 1, n, 2).setValues(rows);
  return SpreadsheetApp.getActive().getSheets()[0].getRange(1, 1, n, 2).getValues().length;
}
function quick() { return Date.now(); }
function resilient(n) {
  var sheet = SpreadsheetApp.getActive().getSheets()[0];
  for (var i = 1; i <= n; i++) { try { sheet.getRange(i, 1).setValue(i); } catch (e) { /* keep going */ } }
  return 'survived';
}
`;

describe('execution budget', () => {
  it('kills an execution after 6 virtual minutes even if the bundle catches', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    const t0 = rt.now();
    expect(() => rt.call('sleepy')).toThrow('Exceeded maximum execution time');
    expect(rt.now() - t0).toBe(6 * 60_000);
    // Every service call after the kill throws too: the property was never written.
    expect(rt.properties('script').survived).toBeUndefined();
    expect(() => rt.call('catchAll')).toThrow('Exceeded maximum execution time');
    expect(rt.executions().map((x) => x.ok)).toEqual([false, false]);
  });

  it('gives each execution its own budget', () => {
    const rt = loadRuntime({ bundle: BUNDLE, budgetMs: 30_000 });
    expect(() => rt.call('catchAll')).toThrow('Exceeded maximum execution time');
    expect(typeof rt.call('quick')).toBe('number');
    expect(rt.callWith({ budgetMs: 10 * 60_000 }, 'writeRows', 3)).toBe('done');
  });

  it('charges Sheets round trips by the cost model: per-cell writes are far slower than a batch', () => {
    // The service calls' charges only: the JavaScript's measured CPU time and the bundle's load vary
    // with the machine's load and are not what this compares.
    const costs = { jsCpuFactor: 0, bundleLoadMs: 0 };
    const perCell = loadRuntime({ bundle: BUNDLE, costs });
    let t0 = perCell.now();
    perCell.call('writeRows', 500);
    const perCellMs = perCell.now() - t0;
    const batch = loadRuntime({ bundle: BUNDLE, costs });
    t0 = batch.now();
    expect(batch.call('batched', 500)).toBe(500);
    const batchMs = batch.now() - t0;
    expect(perCellMs).toBeGreaterThan(500 * COSTS.sheetsRoundTripMs);
    // Apps Script's start-up, then getSheets twice, setValues, getValues: four round trips plus the per-cell costs.
    expect(batchMs).toBeLessThan(
      COSTS.executionStartMs + 4 * COSTS.sheetsRoundTripMs + 1000 * (COSTS.perCellReadMs + COSTS.perCellWriteMs) + 1,
    );
    // Compared without the start-up both pay alike.
    expect((perCellMs - COSTS.executionStartMs) / (batchMs - COSTS.executionStartMs)).toBeGreaterThan(50);
    expect(perCell.counters().sheetsWrites).toBe(500);
    expect(batch.counters().sheetsWrites).toBe(1);
  });

  it('fails a long per-cell loop that a batch would survive', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    rt.sheet('Sheet1').resize(20_000);
    expect(() => rt.call('writeRows', 20_000)).toThrow('Exceeded maximum execution time');
    // Each row costs a round trip and a cell (plus a local getRange and the loop's JavaScript).
    const perRow = COSTS.sheetsRoundTripMs + COSTS.perCellWriteMs + COSTS.cheapCallMs;
    expect(rt.sheet('Sheet1').lastRow()).toBeGreaterThan((0.9 * (6 * 60_000)) / perRow);
    expect(rt.sheet('Sheet1').lastRow()).toBeLessThanOrEqual((6 * 60_000) / perRow);
    expect(rt.call('batched', 20_000)).toBe(20_000);
  });
});

describe('cutOffAfter', () => {
  it('kills the next execution at a chosen service call, once', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    rt.cutOffAfter(4);
    expect(() => rt.call('writeRows', 10)).toThrow('Exceeded maximum execution time');
    // getActive, getSheets, then (getRange, setValue) pairs: the 4 calls wrote row 1 only.
    expect(rt.sheet('Sheet1').values()).toEqual([[1]]);
    expect(rt.executions()[0].serviceCalls).toBe(5);
    expect(rt.call('writeRows', 3)).toBe('done');
  });

  it('keeps the execution dead after the cut even when the bundle catches', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    rt.cutOffAfter(6);
    expect(() => rt.call('resilient', 10)).toThrow('Exceeded maximum execution time');
    expect(rt.sheet('Sheet1').values()).toEqual([[1], [2]]);
  });

  it('applies to trigger runs too', () => {
    const rt = loadRuntime({
      bundle: `function arm() { ScriptApp.newTrigger('work').timeBased().after(1000).create(); }
      function work() { PropertiesService.getScriptProperties().setProperty('a', '1'); PropertiesService.getScriptProperties().setProperty('b', '2'); }`,
      deployment: 'container',
    });
    rt.call('arm');
    rt.cutOffAfter(2);
    const runs = rt.advance(1000);
    expect(runs).toEqual([expect.objectContaining({ ok: false, error: 'Exceeded maximum execution time' })]);
    expect(rt.properties('script')).toEqual({ a: '1' });
  });
});

describe('counters', () => {
  it('count service work per kind', () => {
    const rt = loadRuntime({
      bundle: `function work() {
        var ss = SpreadsheetApp.getActive(); var sh = ss.getSheets()[0];
        sh.getRange('A1:B2').setValues([[1, 2], [3, 4]]);
        sh.getRange('A1:B2').getValues();
        sh.getLastRow();
        var p = PropertiesService.getDocumentProperties(); p.setProperty('k', 'v'); p.getProperty('k');
        CacheService.getScriptCache().put('c', '1');
        var l = LockService.getScriptLock(); l.waitLock(10); l.releaseLock();
        Utilities.sleep(250);
        Logger.log('x');
      }`,
    });
    rt.call('work');
    expect(rt.counters()).toMatchObject({
      executions: 1,
      sheetsRoundTrips: 4,
      sheetsReads: 3,
      sheetsWrites: 1,
      cellsWritten: 4,
      cellsRead: 4,
      propertyReads: 1,
      propertyWrites: 1,
      cacheOps: 1,
      lockAcquires: 1,
      lockWaits: 0,
      sleeps: 1,
      sleepMs: 250,
      fetchCalls: 0,
    });
    expect(rt.counters().serviceCalls).toBeGreaterThanOrEqual(15);
    rt.resetCounters();
    expect(Object.values(rt.counters()).every((v) => v === 0)).toBe(true);
  });
});
