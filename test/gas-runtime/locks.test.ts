import { COSTS, loadRuntime } from '../../dev/gas-runtime';

const BUNDLE = `
function waitFor(kind, ms) {
  var lock = kind === 'user' ? LockService.getUserLock() : kind === 'document' ? LockService.getDocumentLock() : LockService.getScriptLock();
  lock.waitLock(ms);
  return lock.hasLock();
}
function tryFor(kind, ms) {
  var lock = kind === 'document' ? LockService.getDocumentLock() : LockService.getScriptLock();
  var got = lock.tryLock(ms);
  return [got, lock.hasLock()];
}
function holdAndWork() {
  var lock = LockService.getDocumentLock();
  lock.waitLock(10000);
  var sheet = SpreadsheetApp.getActive().getSheets()[0];
  sheet.getRange('A1').setValue('outer');
  sheet.getRange('A2').setValue('outer again');
  lock.releaseLock();
  return lock.hasLock();
}
function tryDocumentLock() {
  var lock = LockService.getDocumentLock();
  if (!lock.tryLock(2000)) return 'busy';
  SpreadsheetApp.getActive().getSheets()[0].getRange('B1').setValue(Session.getActiveUser().getEmail());
  lock.releaseLock();
  return 'done';
}
function keepLock() { LockService.getScriptLock().waitLock(100); return 'kept'; }
`;

describe('LockService', () => {
  it('waitLock throws Apps Script wording when someone else holds the lock too long', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    rt.holdLock('script', 60_000);
    const t0 = rt.now();
    expect(() => rt.call('waitFor', 'script', 5000)).toThrow('Lock timeout: another process was holding the lock for too long.');
    // The wait used up its whole timeout on the virtual clock.
    expect(rt.now() - t0).toBeGreaterThanOrEqual(5000);
    expect(rt.now() - t0).toBeLessThan(5100 + COSTS.executionStartMs);
    expect(rt.counters()).toMatchObject({ lockWaits: 1, lockWaitMs: 5000 });
  });

  it('waits until the other holder releases when that is within the timeout', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    rt.holdLock('document', 3000);
    const t0 = rt.now();
    expect(rt.call('tryFor', 'document', 10_000)).toEqual([true, true]);
    expect(rt.now() - t0).toBeGreaterThanOrEqual(3000);
    expect(rt.now() - t0).toBeLessThan(3100);
  });

  it('tryLock returns false after its timeout', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    rt.holdLock('script', 10_000);
    expect(rt.call('tryFor', 'script', 1000)).toEqual([false, false]);
    expect(rt.call('tryFor', 'script', 0)).toEqual([false, false]);
    rt.advance(10_000);
    expect(rt.call('tryFor', 'script', 0)).toEqual([true, true]);
  });

  it('releases locks when an execution ends', () => {
    const rt = loadRuntime({ bundle: BUNDLE });
    expect(rt.call('keepLock')).toBe('kept');
    expect(rt.call('tryFor', 'script', 0)).toEqual([true, true]);
  });

  it('user locks are per user', () => {
    const a = loadRuntime({ bundle: BUNDLE, user: 'a@example.com' });
    const b = a.forUser('b@example.com');
    a.holdLock('user', 60_000);
    expect(() => a.call('waitFor', 'user', 100)).toThrow('Lock timeout');
    expect(b.call('waitFor', 'user', 100)).toBe(true);
  });
});

describe('nested executions on a shared world', () => {
  it('lets another user run in the middle of an execution and see the outer lock as held', () => {
    const a = loadRuntime({ bundle: BUNDLE, user: 'a@example.com' });
    const b = a.forUser('b@example.com');
    const seen: string[] = [];
    let inner: unknown;
    a.onServiceCall((info) => {
      seen.push(`${info.count}:${info.service}.${info.method}`);
      // Once the outer execution holds the lock and is about to write, B tries to work.
      if (info.service === 'Range' && info.method === 'setValue' && inner === undefined) inner = b.call('tryDocumentLock');
    });
    expect(a.call('holdAndWork')).toBe(false);
    expect(inner).toBe('busy');
    expect(seen.slice(0, 3)).toEqual(['1:LockService.getDocumentLock', '2:Lock.waitLock', '3:SpreadsheetApp.getActive']);
    // B's execution ran nested and is recorded before the outer one finished.
    expect(a.executions().map((x) => `${x.user}:${x.functionName}`)).toEqual([
      'b@example.com:tryDocumentLock',
      'a@example.com:holdAndWork',
    ]);
    // Once A is done, B gets the lock.
    a.onServiceCall(undefined);
    expect(b.call('tryDocumentLock')).toBe('done');
    expect(a.sheet('Sheet1').values()).toEqual([
      ['outer', 'b@example.com'],
      ['outer again', ''],
    ]);
  });

  it('charges the nested execution time to the outer execution too', () => {
    const a = loadRuntime({
      bundle: `function outer() { Utilities.sleep(10); Utilities.sleep(10); return 'ok'; }
      function slow() { Utilities.sleep(200000); }`,
    });
    const b = a.forUser('b@example.com');
    let done = false;
    a.onServiceCall(() => {
      if (!done) {
        done = true;
        b.call('slow');
        b.call('slow');
      }
    });
    expect(() => a.call('outer')).toThrow('Exceeded maximum execution time');
  });
});
