/**
 * The day's UrlFetch calls as the add-on counts them (core/kernel/fetch-quota.ts, fetch-store.ts):
 * a window that opens with the first call and is whole again 24 hours later, as Google says
 * (https://developers.google.com/apps-script/guides/services/quotas), not at midnight; stored once
 * per execution where the trigger-runtime record lives.
 */
import { addCalls, FETCH_QUOTA, fetchDay, fetchQuota, openWindow } from '../../../../src/core/kernel/fetch-quota';
import { fetchEntry, fetchPlace, readFetchWindow, recordFetches } from '../../../../src/core/kernel/fetch-store';
import { Settings } from '../../../../src/core/kernel/settings-schema';
import { fakeSession, memoryStore } from '../../../support/ports';

const HOUR = 3_600_000;
/** 2026-11-20 23:00 UTC: an hour before midnight. */
const LATE = Date.UTC(2026, 10, 20, 23);

describe('the UrlFetch window: 24 hours from the first call counted', () => {
  test('the first call opens the window; later calls add to it', () => {
    const w = addCalls(addCalls(null, 40, LATE), 10, LATE + HOUR);
    expect(w).toEqual({ since: LATE, calls: 50 });
  });

  test('midnight does not reset it: a window opened at 23:00 still holds its calls at 08:00', () => {
    const w = addCalls(null, 19_000, LATE);
    expect(fetchDay(w, FETCH_QUOTA.consumer, LATE + 9 * HOUR)).toEqual({
      quota: 20_000,
      used: 19_000,
      left: 1_000,
      resetsAt: LATE + 24 * HOUR,
    });
  });

  test('24 hours after the first call the quota is whole again, and the next call opens a new window', () => {
    const w = addCalls(null, 19_000, LATE);
    expect(openWindow(w, LATE + 24 * HOUR - 1)).toBe(w);
    expect(openWindow(w, LATE + 24 * HOUR)).toBeNull();
    expect(fetchDay(w, FETCH_QUOTA.consumer, LATE + 24 * HOUR)).toEqual({ quota: 20_000, used: 0, left: 20_000, resetsAt: null });
    expect(addCalls(w, 5, LATE + 25 * HOUR)).toEqual({ since: LATE + 25 * HOUR, calls: 5 });
  });

  test('left never goes below 0; the quota follows the account type of the settings', () => {
    expect(fetchDay({ since: LATE, calls: 25_000 }, 20_000, LATE).left).toBe(0);
    const settings = Settings.parse({});
    expect(fetchQuota(settings)).toBe(20_000);
    expect(fetchQuota({ ...settings, runtime: { ...settings.runtime, account: 'workspace' } })).toBe(100_000);
  });
});

describe('where the count is kept, and how often it is written', () => {
  const ports = () => ({ userStore: memoryStore(), documentStore: memoryStore(), session: fakeSession('seller@example.com') });

  test("the add-on's count follows the user (user properties); the bound script's is the document's, under the user's key", () => {
    const p = ports();
    expect(fetchPlace(p, 'addon')).toEqual({ store: p.userStore, key: 'urlfetch.window' });
    const bound = fetchPlace(p, 'container');
    expect(bound.store).toBe(p.documentStore);
    expect(bound.key).toBe(`urlfetch.window:${p.session.userKey()}`);
  });

  test('an execution adds its calls in one write; one that called nothing writes nothing', () => {
    const p = ports();
    const place = fetchPlace(p, 'addon');
    const writes = jest.spyOn(p.userStore, 'setMany');
    recordFetches(place, 0, LATE);
    expect(writes).not.toHaveBeenCalled();
    recordFetches(place, 12, LATE);
    recordFetches(place, 8, LATE + HOUR);
    expect(writes).toHaveBeenCalledTimes(2);
    expect(readFetchWindow(place)).toEqual({ since: LATE, calls: 20 });
    expect(fetchEntry(place, { calls: 0, firstAt: LATE })).toEqual({});
  });

  test('an unreadable record starts the count again rather than failing', () => {
    const p = ports();
    const place = fetchPlace(p, 'addon');
    p.userStore.set(place.key, '{not json');
    expect(readFetchWindow(place)).toBeNull();
    recordFetches(place, 3, LATE);
    expect(readFetchWindow(place)).toEqual({ since: LATE, calls: 3 });
  });
});
