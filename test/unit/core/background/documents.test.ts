import {
  forgetDocument,
  markDocumentRun,
  markOpenFailure,
  MAX_DOCUMENTS,
  readDocuments,
  rememberDocument,
  walkOrder,
} from '../../../../src/core/background/documents';
import { memoryStore } from '../../../support/ports';

describe("the add-on's list of spreadsheets with background work (user properties)", () => {
  test('remembers, updates in place, forgets; an empty list leaves no property behind', () => {
    const store = memoryStore();
    expect(rememberDocument(store, { id: 'a', name: 'Shop', due: ['order import every 60 min'] }, 1000)).toBe(true);
    expect(rememberDocument(store, { id: 'a', name: 'Shop MX', due: ['1 async job to follow'] }, 2000)).toBe(true);
    expect(readDocuments(store)).toEqual([
      { id: 'a', name: 'Shop MX', due: ['1 async job to follow'], addedAt: 1000, lastRunAt: null, openFailures: 0 },
    ]);
    forgetDocument(store, 'a');
    expect(readDocuments(store)).toEqual([]);
    expect(store.data).toEqual({});
  });

  test('an unchanged entry is not written again (rearming after every operation stays one read)', () => {
    const store = memoryStore();
    rememberDocument(store, { id: 'a', name: 'Shop', due: ['x'] }, 1);
    const writes = jest.spyOn(store, 'set');
    rememberDocument(store, { id: 'a', name: 'Shop', due: ['x'] }, 2);
    expect(writes).not.toHaveBeenCalled();
  });

  test(`refuses a ${MAX_DOCUMENTS + 1}th spreadsheet (one property holds 9 KB) instead of dropping one silently`, () => {
    const store = memoryStore();
    for (let i = 0; i < MAX_DOCUMENTS; i++)
      expect(
        rememberDocument(
          store,
          {
            id: `1${'x'.repeat(40)}${i}`,
            name: `Shop number ${i} with a long name`,
            due: ['order import every 720 min', '12 async jobs to follow'],
          },
          i,
        ),
      ).toBe(true);
    expect(rememberDocument(store, { id: 'one-more', name: 'x', due: [] }, 99)).toBe(false);
    expect(readDocuments(store)).toHaveLength(MAX_DOCUMENTS);
    expect(new TextEncoder().encode(store.data['background.documents']).length).toBeLessThan(9216);
  });

  test('walks the one that waited longest first, so one that never fits in a run still gets its turn', () => {
    const store = memoryStore();
    for (const id of ['a', 'b', 'c']) rememberDocument(store, { id, name: id, due: [] }, id.charCodeAt(0));
    markDocumentRun(store, 'a', 500);
    markDocumentRun(store, 'c', 100);
    expect(walkOrder(readDocuments(store)).map((d) => d.id)).toEqual(['b', 'c', 'a']);
  });

  test('a damaged property reads as an empty list, not an error in every run', () => {
    expect(readDocuments(memoryStore({ 'background.documents': '{nope' }))).toEqual([]);
    expect(readDocuments(memoryStore({ 'background.documents': '{"id":"a"}' }))).toEqual([]);
  });
});

describe('a spreadsheet the hourly run cannot open', () => {
  test('stays listed through a passing outage and is dropped after three runs in a row; a good run resets the count', () => {
    const store = memoryStore();
    rememberDocument(store, { id: 'a', name: 'Shop', due: [] }, 0);
    expect(markOpenFailure(store, 'a', 1)).toBe(false);
    expect(markOpenFailure(store, 'a', 2)).toBe(false);
    markDocumentRun(store, 'a', 3);
    expect(markOpenFailure(store, 'a', 4)).toBe(false);
    expect(markOpenFailure(store, 'a', 5)).toBe(false);
    expect(readDocuments(store)).toHaveLength(1);
    expect(markOpenFailure(store, 'a', 6)).toBe(true);
    expect(readDocuments(store)).toEqual([]);
  });
});
