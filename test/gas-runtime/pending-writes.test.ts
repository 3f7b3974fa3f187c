import { loadRuntime } from '../../dev/gas-runtime';

/**
 * Sheet writes reach other executions at SpreadsheetApp.flush() or the end of the writer's
 * execution (pending-writes.ts): a second execution nested in the first (started from its
 * onServiceCall hook, as another user's call would run meanwhile) reads what was there before.
 */
const BUNDLE = `
function writeAndRelease(flush) {
  var lock = LockService.getScriptLock();
  lock.waitLock(1000);
  var sheet = SpreadsheetApp.getActive().getSheetByName('S');
  sheet.getRange('A1:B1').setValues([['new', '=HYPERLINK("https://x.example","go")']]);
  sheet.appendRow(['appended']);
  if (flush) SpreadsheetApp.flush();
  lock.releaseLock();
  // Still running after the release: the hook starts the other execution here.
  var own = sheet.getRange('A1').getValue();
  Utilities.sleep(1);
  return own;
}
function flushTwice() {
  SpreadsheetApp.flush();
  SpreadsheetApp.getActive().getSheetByName('S').getRange('A1').setValue('w');
  SpreadsheetApp.flush();
}
function readUnderLock() {
  var lock = LockService.getScriptLock();
  if (!lock.tryLock(1000)) return 'busy';
  var sheet = SpreadsheetApp.getActive().getSheetByName('S');
  var r = sheet.getRange('A1:B1');
  var out = [r.getValue(), r.getValues()[0][1], r.getFormulas()[0][1], r.getDisplayValues()[0][0], sheet.getRange('A2').getValue()];
  lock.releaseLock();
  return out;
}
`;

function world() {
  const a = loadRuntime({ bundle: BUNDLE, user: 'a@example.com', workbook: { S: [['old', 'x']] } });
  return { a, b: a.forUser('b@example.com') };
}

/** Runs writeAndRelease(flush) for A and, once A has released the lock, readUnderLock for B. */
function readMidway(flush: boolean): { own: unknown; other: unknown } {
  const { a, b } = world();
  let other: unknown;
  a.onServiceCall((info) => {
    if (info.method === 'sleep' && other === undefined) other = b.call('readUnderLock');
  });
  const own = a.call('writeAndRelease', flush);
  return { own, other };
}

describe('writes are seen by other executions after a flush', () => {
  it('a lock released without flush: the next holder reads the old values (the writer its own)', () => {
    const { own, other } = readMidway(false);
    expect(own).toBe('new');
    expect(other).toEqual(['old', 'x', '', 'old', '']);
  });

  it('flushed before the release: the next holder reads the new values', () => {
    const { own, other } = readMidway(true);
    expect(own).toBe('new');
    expect(other).toEqual(['new', 'go', '=HYPERLINK("https://x.example","go")', 'new', 'appended']);
  });

  it('the end of an execution publishes its writes', () => {
    const { a, b } = world();
    a.call('writeAndRelease', false);
    expect(b.call('readUnderLock')).toEqual(['new', 'go', '=HYPERLINK("https://x.example","go")', 'new', 'appended']);
  });

  it("a second writer's pending value is the one the first writer sees until it flushes", () => {
    const bundle = `
      function put(v) { SpreadsheetApp.getActive().getSheets()[0].getRange('A1').setValue(v); Utilities.sleep(1); return SpreadsheetApp.getActive().getSheets()[0].getRange('A1').getValue(); }
    `;
    const a = loadRuntime({ bundle, user: 'a@example.com', workbook: { S: [['old']] } });
    const b = a.forUser('b@example.com');
    let inner: unknown;
    a.onServiceCall((info) => {
      if (info.method === 'sleep' && inner === undefined) inner = b.call('put', 'b');
    });
    // B overwrote A's pending write and ended: its write is published, A reads it.
    expect(a.call('put', 'a')).toBe('b');
    expect(inner).toBe('b');
    expect(a.sheet('S').values()).toEqual([['b']]);
  });

  it('a flush with nothing changed since the last one sends nothing: no Sheets round trip', () => {
    const { a } = world();
    a.resetCounters();
    a.call('flushTwice');
    // The write and the second flush are round trips; the first flush had nothing to send.
    expect(a.counters().sheetsRoundTrips).toBe(2);
  });
});
