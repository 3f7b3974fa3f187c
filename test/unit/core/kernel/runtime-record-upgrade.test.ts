/**
 * The bound script's trigger-runtime record moved from the user's properties
 * ('runtime.day') to the document's ('runtime.day:<userKey>'). On the day the new version is
 * deployed, what the earlier runs of that day spent is in the old place.
 */
import { addToTally, startTally } from '../../../../src/core/kernel/runtime-budget';
import { readRuntimeDay, recordRun, runtimePlace, userRuntimePlace } from '../../../../src/core/kernel/runtime-store';
import { memoryStore } from '../../../support/ports';

const MIDNIGHT = Date.UTC(2026, 10, 20);
const HOUR = 3_600_000;

describe('the runtime record of a bound script updated mid-day', () => {
  it("still counts the day's runtime the previous version recorded in user properties", () => {
    const users = memoryStore();
    const documents = memoryStore();
    const session = { userKey: () => 'seller@example.com' } as unknown as Parameters<typeof runtimePlace>[0]['session'];
    // The previous version's runs this morning: 40 minutes of trigger runtime, in user properties.
    const morning = startTally(MIDNIGHT + HOUR);
    addToTally(morning, 'orders', 40 * 60_000);
    recordRun(userRuntimePlace(users), morning, MIDNIGHT + HOUR + 40 * 60_000);
    // The new version, same day: the budget reads the bound script's record.
    const day = readRuntimeDay(runtimePlace({ userStore: users, documentStore: documents, session }, 'container'), MIDNIGHT + 8 * HOUR);
    expect(day.runs).toBeGreaterThanOrEqual(1);
    expect(day.ms.orders).toBeGreaterThanOrEqual(40 * 60_000);
  });
});
