import { GasExecutionError, loadRuntime } from '../../dev/gas-runtime';

const START = Date.UTC(2026, 0, 15, 15, 0, 0);

describe('the sandbox', () => {
  it('has none of the Node or browser globals Apps Script lacks', () => {
    const rt = loadRuntime({
      bundle: `function probe() {
        var names = ['setTimeout', 'setInterval', 'setImmediate', 'fetch', 'URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder',
          'Buffer', 'process', 'require', 'module', 'structuredClone', 'queueMicrotask', 'window', 'document'];
        var out = {};
        names.forEach(function (n) { out[n] = eval('typeof ' + n); });
        return out;
      }`,
    });
    const types = rt.call('probe') as Record<string, string>;
    for (const [name, type] of Object.entries(types)) expect([name, type]).toEqual([name, 'undefined']);
  });

  it('has the Apps Script globals', () => {
    const rt = loadRuntime({
      bundle: `function probe() {
        return ['SpreadsheetApp', 'UrlFetchApp', 'PropertiesService', 'CacheService', 'LockService', 'ScriptApp', 'HtmlService',
          'Utilities', 'Session', 'Logger', 'console', 'DriveApp', 'MimeType'].map(function (n) { return typeof globalThis[n]; });
      }`,
    });
    expect(rt.call('probe')).toEqual(Array(13).fill('object'));
  });

  it('makes Date follow the virtual clock', () => {
    const rt = loadRuntime({
      now: START,
      // JavaScript and bundle load free: Date must show the sleeps to the millisecond.
      costs: { jsCpuFactor: 0, bundleLoadMs: 0, executionStartMs: 0 },
      bundle: `function times() {
        Utilities.sleep(1500);
        return { now: Date.now(), fresh: new Date().getTime(), explicit: new Date(86400000).toISOString(),
          called: typeof Date(), parsed: Date.parse('2020-01-01T00:00:00Z'), utc: Date.UTC(2020, 0, 1) };
      }`,
    });
    expect(rt.call('times')).toEqual({
      now: START + 1500,
      fresh: START + 1500,
      explicit: '1970-01-02T00:00:00.000Z',
      called: 'string',
      parsed: Date.UTC(2020, 0, 1),
      utc: Date.UTC(2020, 0, 1),
    });
    rt.advance(60_000);
    expect(rt.call('times')).toMatchObject({ now: START + 1500 + 60_000 + 1500 });
  });

  it('does local time in the script time zone, whatever the host TZ', () => {
    const rt = loadRuntime({
      timeZone: 'America/New_York',
      bundle: `function local() {
        var d = new Date(Date.UTC(2026, 0, 15, 3, 0, 0));
        var midnight = new Date(d.getTime()); midnight.setHours(0, 0, 0, 0);
        return [d.getHours(), d.getDate(), d.getDay(), d.getTimezoneOffset(), midnight.toISOString(),
          new Date(2026, 0, 31, 10).toISOString(), new Date('2026-01-31T10:00:00').toISOString(), new Date('2026-01-31').toISOString(),
          new Date('2026-01-31T10:00:00Z').toISOString(), String(new Date(Date.UTC(2026, 6, 1, 12))),
          d.toLocaleDateString('en-US'), new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23' }).format(d),
          Session.getScriptTimeZone()];
      }`,
    });
    expect(rt.call('local')).toEqual([
      22,
      14,
      3,
      300,
      '2026-01-14T05:00:00.000Z',
      '2026-01-31T15:00:00.000Z',
      '2026-01-31T15:00:00.000Z',
      '2026-01-31T00:00:00.000Z',
      '2026-01-31T10:00:00.000Z',
      'Wed Jul 01 2026 08:00:00 GMT-0400 (Eastern Daylight Time)',
      '1/14/2026',
      '22',
      'America/New_York',
    ]);
  });

  it('gives instanceof Date for dates made inside and for dates handed in', () => {
    const rt = loadRuntime({
      workbook: { Data: [[new Date(Date.UTC(2026, 0, 31))]] },
      bundle: `function check(arg) {
        var cell = SpreadsheetApp.getActive().getSheetByName('Data').getRange('A1').getValue();
        return [new Date() instanceof Date, new Date(0) instanceof Date, cell instanceof Date, arg instanceof Date,
          Object.prototype.toString.call(cell), [] instanceof Array, cell.getTime()];
      }`,
    });
    expect(rt.callRaw('check', new Date(5))).toEqual([true, true, true, true, '[object Date]', true, Date.UTC(2026, 0, 31)]);
  });

  it('throws realm errors that the bundle sees as Error', () => {
    const rt = loadRuntime({
      bundle: `function check() {
        try { SpreadsheetApp.getActive().getRange('not a range!!'); } catch (e) { return [e instanceof Error, e.name, e.message, String(e)]; }
      }`,
    });
    expect(rt.call('check')).toEqual([true, 'Exception', 'Range not found', 'Exception: Range not found']);
  });

  it('starts every execution from a fresh global scope, as Apps Script does', () => {
    const rt = loadRuntime({
      bundle: `var counter = 0; function bump() { counter++; globalThis.extra = (globalThis.extra || 0) + 1; return [counter, extra]; }`,
    });
    expect(rt.call('bump')).toEqual([1, 1]);
    expect(rt.call('bump')).toEqual([1, 1]);
  });

  it('calls only top-level functions of the bundle', () => {
    const rt = loadRuntime({
      bundle: `function ok() { return 1; } var alsoOk = function () { return 2; }; let notFound = function () {};`,
    });
    expect(rt.call('ok')).toBe(1);
    expect(rt.call('alsoOk')).toBe(2);
    expect(() => rt.call('notFound')).toThrow('Script function not found: notFound');
    expect(() => rt.call('SpreadsheetApp')).toThrow('Script function not found: SpreadsheetApp');
    expect(() => rt.call('missing')).toThrow(GasExecutionError);
  });

  it('settles async functions within the execution', () => {
    const rt = loadRuntime({
      bundle: `async function later() { var v = await Promise.resolve(20); return v + 1; }
      async function fails() { await null; throw new Error('nope'); }`,
    });
    expect(rt.call('later')).toBe(21);
    expect(() => rt.call('fails')).toThrow('nope');
  });

  it('passes results like google.script.run: no Dates, undefined in arrays becomes null', () => {
    const rt = loadRuntime({
      bundle: `function plain() { return { a: [1, undefined, 'x'], b: undefined, c: { d: true } }; }
      function dated() { return { when: new Date() }; } function nothing() {}`,
    });
    expect(rt.call('plain')).toEqual({ a: [1, null, 'x'], c: { d: true } });
    expect(() => rt.call('dated')).toThrow('google.script.run cannot pass a Date (at result.when)');
    expect(rt.call('nothing')).toBeUndefined();
    expect(rt.callRaw('dated')).toEqual({ when: expect.anything() });
    expect(() => rt.call('plain', new Date())).toThrow('cannot pass a Date (at argument 1)');
  });

  it('reports bundle errors with their name and message', () => {
    const rt = loadRuntime({ bundle: `function boom() { null.x; } function custom() { throw new RangeError('bad range'); }` });
    expect(() => rt.call('boom')).toThrow(/Cannot read properties of null/);
    try {
      rt.call('custom');
      throw new Error('did not throw');
    } catch (e) {
      expect(e).toBeInstanceOf(GasExecutionError);
      expect((e as Error).name).toBe('RangeError');
      expect((e as Error).message).toBe('bad range');
    }
  });

  it('rejects a bundle with a syntax error at load', () => {
    expect(() => loadRuntime({ bundle: 'function (' })).toThrow(/function name/);
  });

  it('records executions', () => {
    const rt = loadRuntime({ bundle: `function a() { Logger.log('x'); } function b() { throw new Error('b failed'); }` });
    rt.call('a');
    expect(() => rt.call('b')).toThrow('b failed');
    expect(rt.executions().map((x) => [x.functionName, x.ok, x.error ?? null, x.serviceCalls])).toEqual([
      ['a', true, null, 1],
      ['b', false, 'b failed', 0],
    ]);
  });
});
