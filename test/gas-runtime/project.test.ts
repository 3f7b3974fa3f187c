import { loadRuntime } from '../../dev/gas-runtime';

/**
 * Several spreadsheets of one script project (loadRuntime's `project`): the script lock, user
 * locks, script and user properties are the project's; the document lock and document
 * properties stay with each spreadsheet
 * (https://developers.google.com/apps-script/reference/lock/lock-service).
 */
const BUNDLE = `
function holdThenSleep(kind) {
  var lock = kind === 'user' ? LockService.getUserLock() : kind === 'document' ? LockService.getDocumentLock() : LockService.getScriptLock();
  lock.waitLock(1000);
  Utilities.sleep(50);
  lock.releaseLock();
  return 'held';
}
function tryFor(kind) {
  var lock = kind === 'user' ? LockService.getUserLock() : kind === 'document' ? LockService.getDocumentLock() : LockService.getScriptLock();
  return lock.tryLock(500) ? 'got it' : 'busy';
}
function setProps(v) {
  PropertiesService.getScriptProperties().setProperty('s', v);
  PropertiesService.getUserProperties().setProperty('u', v);
  PropertiesService.getDocumentProperties().setProperty('d', v);
}
function props() {
  return [
    PropertiesService.getScriptProperties().getProperty('s'),
    PropertiesService.getUserProperties().getProperty('u'),
    PropertiesService.getDocumentProperties().getProperty('d'),
  ];
}
`;

/** Spreadsheet 1 for a@, spreadsheet 2 of the same project for a@ and b@. */
function twoSpreadsheets() {
  // Virtual charges only: the JavaScript's measured CPU time varies with the machine's load.
  const costs = { jsCpuFactor: 0 };
  const a1 = loadRuntime({ bundle: BUNDLE, user: 'a@example.com', costs });
  const a2 = loadRuntime({ bundle: BUNDLE, user: 'a@example.com', project: a1.project, costs });
  return { a1, a2, b2: a2.forUser('b@example.com') };
}

/** What `other` gets for a lock of `kind` while a1 holds that kind of lock. */
function whileHeld(a1: ReturnType<typeof loadRuntime>, kind: string, other: ReturnType<typeof loadRuntime>): unknown {
  let seen: unknown;
  a1.onServiceCall((info) => {
    if (info.method === 'sleep') seen = other.call('tryFor', kind);
  });
  expect(a1.call('holdThenSleep', kind)).toBe('held');
  return seen;
}

describe('a script project across spreadsheets', () => {
  it('one script lock for every user in every spreadsheet of the project', () => {
    const { a1, b2 } = twoSpreadsheets();
    expect(whileHeld(a1, 'script', b2)).toBe('busy');
    // Let go at the end of the section: the other spreadsheet gets it.
    expect(b2.call('tryFor', 'script')).toBe('got it');
  });

  it('a document lock per spreadsheet', () => {
    const { a1, b2 } = twoSpreadsheets();
    expect(whileHeld(a1, 'document', b2)).toBe('got it');
    expect(whileHeld(a1, 'document', a1.forUser('c@example.com'))).toBe('busy');
  });

  it('a user lock per user across spreadsheets', () => {
    const { a1, a2, b2 } = twoSpreadsheets();
    expect(whileHeld(a1, 'user', a2)).toBe('busy');
    expect(whileHeld(a1, 'user', b2)).toBe('got it');
  });

  it('script and user properties are the project’s, document properties the spreadsheet’s', () => {
    const { a1, a2, b2 } = twoSpreadsheets();
    a1.call('setProps', 'one');
    expect(a2.call('props')).toEqual(['one', 'one', null]);
    expect(b2.call('props')).toEqual(['one', null, null]);
  });

  it('one clock; the script lock’s hold time is counted', () => {
    const { a1, a2 } = twoSpreadsheets();
    a1.call('holdThenSleep', 'script');
    expect(a2.now()).toBe(a1.now());
    const c = a1.counters();
    expect(c.scriptLockHolds).toBe(1);
    // From waitLock returning to releaseLock returning: the sleep and the release round trip.
    expect(c.scriptLockHeldMs).toBeGreaterThanOrEqual(50);
    expect(c.scriptLockHeldMs).toBeLessThan(50 + 2 * 30 + 1);
  });

  it("one user's daily quotas are counted across every spreadsheet of the project (trigger runtime)", () => {
    const { a1, a2 } = twoSpreadsheets();
    // Google counts "Triggers total runtime" per user: runs in either spreadsheet draw on one window.
    a1.setQuotaUsed('triggerRuntime', 90 * 60_000);
    expect(a2.triggerRuntimeToday().used).toBe(90 * 60_000);
  });
});
