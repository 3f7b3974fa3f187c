import { markDocumentRun, rememberDocument } from '../../../../src/core/background/documents';
import { NOT_FIRING_AFTER_MS, noteTriggerCreated, triggerNotFiring } from '../../../../src/core/background/trigger-home';
import { memoryStore } from '../../../support/ports';

const HOUR = 3_600_000;

describe("the add-on's hourly trigger: running or stopped", () => {
  test('stopped once no run over the spreadsheets was seen for two hours and ten minutes', () => {
    const users = memoryStore();
    rememberDocument(users, { id: 'a', name: 'Shop', due: ['x'] }, 0);
    markDocumentRun(users, 'a', 5 * HOUR);
    expect(triggerNotFiring(users, 5 * HOUR + NOT_FIRING_AFTER_MS)).toBe(false);
    expect(triggerNotFiring(users, 5 * HOUR + NOT_FIRING_AFTER_MS + 1)).toBe(true);
  });

  test('the newest run of any spreadsheet counts, and so does a fresh creation (its first run is up to an hour away)', () => {
    const users = memoryStore();
    rememberDocument(users, { id: 'a', name: 'A', due: ['x'] }, 0);
    rememberDocument(users, { id: 'b', name: 'B', due: ['x'] }, 0);
    markDocumentRun(users, 'a', HOUR);
    markDocumentRun(users, 'b', 4 * HOUR);
    expect(triggerNotFiring(users, 5 * HOUR)).toBe(false);
    expect(triggerNotFiring(users, 7 * HOUR)).toBe(true);
    noteTriggerCreated(users, 7 * HOUR);
    expect(triggerNotFiring(users, 8 * HOUR)).toBe(false);
  });

  test('before any run, a spreadsheet added just now is no sign of life: the oldest entry is', () => {
    const users = memoryStore();
    rememberDocument(users, { id: 'a', name: 'A', due: ['x'] }, 0);
    rememberDocument(users, { id: 'b', name: 'B', due: ['x'] }, 10 * HOUR);
    expect(triggerNotFiring(users, 10 * HOUR)).toBe(true);
  });
});
