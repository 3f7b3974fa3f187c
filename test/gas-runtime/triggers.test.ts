import { loadRuntime } from '../../dev/gas-runtime';

// JavaScript and bundle load free: these tests check the clock's mechanics to the millisecond.
const EXACT_CLOCK = { jsCpuFactor: 0, bundleLoadMs: 0, executionStartMs: 0 };

const BUNDLE = `
function everyMinutes(n) { return ScriptApp.newTrigger('tick').timeBased().everyMinutes(n).create().getUniqueId(); }
function everyHours(n) { return ScriptApp.newTrigger('tick').timeBased().everyHours(n).create().getUniqueId(); }
function after(ms, handler) { return ScriptApp.newTrigger(handler || 'once').timeBased().after(ms).create().getUniqueId(); }
function at(ms) { return ScriptApp.newTrigger('once').timeBased().at(new Date(ms)).create().getUniqueId(); }
function tick(e) {
  var p = PropertiesService.getScriptProperties();
  p.setProperty('ticks', String(Number(p.getProperty('ticks') || 0) + 1));
  p.setProperty('lastEvent', JSON.stringify(e));
}
function once(e) { PropertiesService.getScriptProperties().setProperty('once', String(Date.now())); }
function list() {
  return ScriptApp.getProjectTriggers().map(function (t) {
    return [t.getHandlerFunction(), t.getEventType() == ScriptApp.EventType.CLOCK, t.getTriggerSource() == ScriptApp.TriggerSource.CLOCK];
  });
}
function removeAll() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); }
function failing() { throw new Error('trigger failed'); }
function uiInTrigger() { SpreadsheetApp.getUi(); }
function contextInTrigger() {
  PropertiesService.getScriptProperties().setProperty('ctx', JSON.stringify([SpreadsheetApp.getActiveSpreadsheet() === null,
    PropertiesService.getDocumentProperties() === null, LockService.getDocumentLock() === null]));
}
`;

describe('time triggers', () => {
  it('fires everyMinutes(5) six times over 30 minutes, with a time-driven event', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'container' });
    const created = rt.now();
    const uid = rt.call('everyMinutes', 5) as string;
    const first = rt.triggers()[0].nextFireAt;
    expect(first - created).toBeGreaterThanOrEqual(5 * 60_000);
    expect(first - created).toBeLessThan(5 * 60_000 + 100);
    const t0 = first - 5 * 60_000;
    const runs = rt.advanceTo(t0 + 30 * 60_000);
    expect(runs).toHaveLength(6);
    expect(runs.map((r) => r.at - t0)).toEqual([5, 10, 15, 20, 25, 30].map((m) => m * 60_000));
    expect(runs.every((r) => r.ok && r.handler === 'tick' && r.uid === uid)).toBe(true);
    expect(rt.properties('script').ticks).toBe('6');
    const event = JSON.parse(rt.properties('script').lastEvent);
    const last = new Date(runs[5].at);
    expect(event).toEqual({
      authMode: 'FULL',
      triggerUid: uid,
      year: last.getUTCFullYear(),
      month: last.getUTCMonth() + 1,
      'day-of-month': last.getUTCDate(),
      'day-of-week': last.getUTCDay() === 0 ? 7 : last.getUTCDay(),
      'week-of-year': expect.any(Number),
      hour: last.getUTCHours(),
      minute: last.getUTCMinutes(),
      second: last.getUTCSeconds(),
      timezone: 'UTC',
    });
    // The clock ends at the target, plus what the last run itself cost.
    expect(rt.now() - (t0 + 30 * 60_000)).toBeGreaterThanOrEqual(0);
    expect(rt.now() - (t0 + 30 * 60_000)).toBeLessThan(1000);
    expect(rt.triggers()).toEqual([expect.objectContaining({ uid, type: 'everyMinutes', interval: 5, nextFireAt: t0 + 35 * 60_000 })]);
  });

  it('fires after() and at() triggers once; used, they stay listed until deleted', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'container' });
    const a = rt.call('after', 90_000);
    const b = rt.call('at', rt.now() + 3 * 3600_000);
    const runs = rt.advance(4 * 3600_000);
    expect(runs.map((r) => r.handler)).toEqual(['once', 'once']);
    expect(rt.triggers()).toEqual([
      expect.objectContaining({ uid: a, fired: true, firedAt: runs[0].at }),
      expect.objectContaining({ uid: b, fired: true, firedAt: runs[1].at }),
    ]);
    expect(rt.call('list')).toEqual([
      ['once', true, true],
      ['once', true, true],
    ]);
    expect(rt.advance(24 * 3600_000)).toEqual([]);
    rt.call('removeAll');
    expect(rt.triggers()).toEqual([]);
  });

  it('counts used one-shots toward the 20-trigger limit until they are deleted', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'container' });
    for (let i = 0; i < 20; i++) {
      rt.call('after', 1000);
      rt.advance(2000);
    }
    expect(rt.triggers().filter((t) => t.fired)).toHaveLength(20);
    expect(() => rt.call('after', 1000)).toThrow('This script has too many triggers.');
    rt.call('removeAll');
    expect(rt.call('after', 1000)).toEqual(expect.any(String));
  });

  it('a one-shot sees itself listed, used, during its own run', () => {
    const rt = loadRuntime({
      bundle: `${BUNDLE}
function selfCheck(e) {
  var mine = ScriptApp.getProjectTriggers().filter(function (t) { return t.getUniqueId() === e.triggerUid; });
  PropertiesService.getScriptProperties().setProperty('seen', String(mine.length));
}`,
      deployment: 'container',
    });
    rt.call('after', 1000, 'selfCheck');
    rt.advance(2000);
    expect(rt.properties('script').seen).toBe('1');
  });

  it('runs due triggers of several kinds in time order with advanceTo', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'container' });
    rt.call('everyHours', 1);
    const start = rt.triggers()[0].nextFireAt - 3600_000;
    rt.call('after', 90 * 60_000 - (rt.now() - start));
    const runs = rt.advanceTo(start + 3 * 3600_000);
    expect(runs.map((r) => [r.handler, (r.at - start) / 60_000])).toEqual([
      ['tick', 60],
      ['once', 90],
      ['tick', 120],
      ['tick', 180],
    ]);
  });

  it('reports failing runs and keeps the trigger', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'container' });
    rt.call('after', 1000, 'failing');
    rt.call('after', 2000, 'uiInTrigger');
    const runs = rt.advance(5000);
    expect(runs).toEqual([
      expect.objectContaining({ handler: 'failing', ok: false, error: 'trigger failed' }),
      expect.objectContaining({ handler: 'uiInTrigger', ok: false, error: 'Cannot call SpreadsheetApp.getUi() from this context.' }),
    ]);
  });

  it('lists and deletes the current user triggers only', () => {
    const a = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'container', user: 'a@example.com' });
    const b = a.forUser('b@example.com');
    a.call('everyMinutes', 10);
    b.call('everyMinutes', 15);
    expect(a.call('list')).toEqual([['tick', true, true]]);
    a.call('removeAll');
    expect(a.triggers().map((t) => t.owner)).toEqual(['b@example.com']);
  });

  it('limits a user to 20 triggers per script', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'container' });
    for (let i = 0; i < 20; i++) rt.call('after', 60_000 + i);
    expect(() => rt.call('after', 1)).toThrow(
      'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
    );
    expect(rt.forUser('other@example.com').call('after', 1)).toEqual(expect.any(String));
  });

  it('validates intervals', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'container' });
    expect(() => rt.call('everyMinutes', 7)).toThrow('everyMinutes()');
    expect(() => rt.call('everyHours', 3)).toThrow('everyHours()');
  });

  it('applies the add-on rules: at most hourly, one clock trigger per user per document', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'addon' });
    expect(() => rt.call('everyMinutes', 5)).toThrow('more often than once per hour');
    // A one-off sooner than an hour is as frequent as Google refuses (installable triggers guide).
    expect(() => rt.call('after', 59 * 60_000)).toThrow('more often than once per hour');
    expect(() => rt.call('at', rt.now() + 30 * 60_000)).toThrow('more often than once per hour');
    rt.call('everyHours', 1);
    expect(() => rt.call('after', 3_600_000)).toThrow('one trigger of each type, per user, per document');
    expect(rt.forUser('b@example.com').call('everyHours', 2)).toEqual(expect.any(String));
    expect(rt.triggers().map((t) => t.documentId)).toEqual([expect.any(String), expect.any(String)]);
  });

  it('can apply the per-handler add-on rule instead', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'addon', addonTriggerLimit: 'per-handler' });
    rt.call('everyHours', 1);
    rt.call('after', 3_600_000);
    expect(() => rt.call('everyHours', 2)).toThrow('one trigger of each type');
  });

  it('runs add-on time triggers without a document context, as Google does (no active spreadsheet, document properties or document lock)', () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'addon' });
    rt.call('after', 3_600_000, 'contextInTrigger');
    rt.advance(3_600_000);
    expect(JSON.parse(rt.properties('script').ctx)).toEqual([true, true, true]);
  });

  it("keeps the document context for a container-bound script's triggers", () => {
    const rt = loadRuntime({ bundle: BUNDLE, costs: EXACT_CLOCK, deployment: 'container' });
    rt.call('after', 1000, 'contextInTrigger');
    rt.advance(1000);
    expect(JSON.parse(rt.properties('script').ctx)).toEqual([false, false, false]);
  });
});
