import fc from 'fast-check';
import { undoLines } from '../../../../src/core/undo/lines';
import { changedLater, laterIndex, NO_LATER } from '../../../../src/core/undo/later';
import { isMine, madeBy, pushToUndo } from '../../../../src/core/undo/whose';
import type { KeptPush, UndoEntry, UndoPush } from '../../../../src/core/undo/history';

const kept = (id: string, byKey: string, by = byKey, sheet = 'Stock'): KeptPush => ({
  id,
  at: 0,
  sheet,
  operation: 'prices',
  title: `Push ${id}`,
  by,
  byKey,
  undoneAt: null,
});
const push = (id: string, entries: UndoEntry[], undoneAt: number | null = null): UndoPush => ({ ...kept(id, 'k'), undoneAt, entries });
const name = (p: UndoPush): string => p.title;

describe('whose push an undo takes back', () => {
  const pushes = [kept('a1', 'a'), kept('b1', 'b'), kept('x1', 'a', 'a', 'Other sheet'), kept('n1', '', '')];

  test("your last push is the latest of the stock sheet made under your key; anyone's is the latest of the sheet", () => {
    expect(pushToUndo(pushes, 'Stock', 'mine', 'a')?.id).toBe('a1');
    expect(pushToUndo(pushes, 'Stock', 'mine', 'b')?.id).toBe('b1');
    expect(pushToUndo(pushes, 'Stock', 'anyone', 'a')?.id).toBe('n1');
    expect(pushToUndo(pushes, 'Stock', 'mine', 'c')).toBeNull();
    expect(pushToUndo([], 'Stock', 'anyone', 'a')).toBeNull();
  });

  test('a push whose maker Google did not say is "another editor"\'s and nobody\'s own, even with no key of your own', () => {
    expect(isMine(kept('n', ''), '')).toBe(false);
    expect(madeBy(kept('n', '', ''), '')).toBe('another editor');
    // Hidden e-mail, kept key: still your own, and a colleague's is "another editor".
    expect(madeBy(kept('h', 'tmp-key', ''), 'tmp-key')).toBe('you');
    expect(madeBy(kept('h', 'tmp-key', ''), 'a')).toBe('another editor');
    expect(madeBy(kept('b', 'b', 'b@example.com'), 'a')).toBe('b@example.com');
  });
});

describe('changedLater: the values a later push set since', () => {
  const mine: UndoEntry = ['S', 'S', 'price:amazon', 10, 12];

  test('a later push that set another value changed it; one that set the same value, or was undone since, did not', () => {
    expect(changedLater(laterIndex([push('b', [['S', 'S', 'price:amazon', 12, 15]])], name), mine)).toEqual({
      push: 'Push b',
      key: 'price:amazon',
      value: 15,
    });
    expect(changedLater(laterIndex([push('b', [['S', 'S', 'price:amazon', 12, 12]])], name), mine)).toBeNull();
    expect(changedLater(laterIndex([push('b', [['S', 'S', 'price:amazon', 12, 15]], 99)], name), mine)).toBeNull();
    expect(changedLater(laterIndex([push('b', [['T', 'T', 'price:amazon', 12, 15]])], name), mine)).toBeNull();
  });

  test('the newest later change is named; a later push that set it back still changed it in between', () => {
    const index = laterIndex(
      [
        push('b', [['S', 'S', 'price:amazon', 12, 15]]),
        push('c', [['S', 'S', 'price:amazon', 15, 16]]),
        push('d', [['S', 'S', 'price:amazon', 16, 12]]),
      ],
      name,
    );
    expect(changedLater(index, mine)?.push).toBe('Push c');
  });

  test('a later general value reached the channel; a later channel value would be overwritten by restoring the general one', () => {
    const general: UndoEntry = ['S', 'S', 'quantity', 3, 5];
    const channel: UndoEntry = ['S', 'S', 'quantity:amazon', 3, 5];
    expect(changedLater(laterIndex([push('b', [['S', 'S', 'quantity', 5, 8]])], name), channel)).toMatchObject({
      key: 'quantity',
      value: 8,
    });
    expect(changedLater(laterIndex([push('b', [['S', 'S', 'quantity:walmart', 5, 1]])], name), general)).toMatchObject({
      key: 'quantity:walmart',
      value: 1,
    });
    // Sale prices are not passed on: a later general salePrice does not reach a channel's.
    expect(changedLater(laterIndex([push('b', [['S', 'S', 'salePrice', 5, 8]])], name), ['S', 'S', 'salePrice:amazon', 3, 5])).toBeNull();
  });
});

describe('undoLines with later pushes', () => {
  const hub = new Map([['S', { 'price:amazon': 15, 'price:walmart': 7 }]]);
  const rowAt = new Map([['S', 2]]);
  const entries: UndoEntry[] = [
    ['S', 'S', 'price:amazon', 10, 12, 'read'],
    ['S', 'S', 'price:walmart', 6, 7, 'read'],
  ];
  const later = laterIndex(
    [push('b', [['S', 'S', 'price:amazon', 12, 15]])],
    () => 'Push prices (all rows), 2026-11-20 09:05, by b@example.com',
  );

  test('a value a later push changed is skipped and said so; the rest is restored', () => {
    const { lines, only } = undoLines(entries, 'prices', { hub, rowAt, openJobs: new Map(), later, overwrite: false });
    expect(lines.map((l) => l.action)).toEqual(['changed later', 'send']);
    expect(lines[0].reason).toBe(
      'a later push (Push prices (all rows), 2026-11-20 09:05, by b@example.com) set it to 15: left as it is unless you choose to overwrite',
    );
    expect(only).toEqual(new Map([['S', { 'price:walmart': { before: 7, value: 6 } }]]));
  });

  test('only the explicit overwrite restores it, and says what it overwrites; unread, it goes unchecked', () => {
    const over = undoLines(entries, 'prices', { hub, rowAt, openJobs: new Map(), later, overwrite: true });
    expect(over.lines.map((l) => l.action)).toEqual(['send', 'send']);
    expect(over.lines[0].reason).toMatch(/^a later push \(.*\) set it to 15: overwritten, as you chose$/);
    const unread = undoLines(entries, 'prices', { hub: new Map(), rowAt, openJobs: new Map(), later, overwrite: true });
    expect(unread.lines[0]).toMatchObject({ action: 'not read' });
    expect(unread.lines[0].reason).toMatch(
      /overwritten, as you chose; the hub could not be read for this SKU just now: restored without that check/,
    );
    // Without the overwrite, an unread hub does not let a later push's value through.
    expect(undoLines(entries, 'prices', { hub: new Map(), rowAt, openJobs: new Map(), later, overwrite: false }).lines[0].action).toBe(
      'changed later',
    );
  });

  test('property: without overwrite, an undo sends only values of the push it names, and never one a later push changed', () => {
    const keys = ['quantity', 'quantity:amazon', 'price', 'price:amazon'];
    const entry = fc.tuple(
      fc.integer({ min: 0, max: 2 }),
      fc.constantFrom(...keys),
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 3 }),
    );
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 8 }),
        fc.array(fc.tuple(fc.array(entry, { maxLength: 6 }), fc.boolean()), { maxLength: 3 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom(...keys), fc.integer({ min: 0, max: 3 })), { maxLength: 12 }),
        (drawn, laterDrawn, hubDrawn) => {
          const toEntry = ([s, key, before, after]: [number, string, number, number]): UndoEntry => [`S${s}`, `S${s}`, key, before, after];
          // One entry per value, as a push records it.
          const undone = [...new Map(drawn.map((e) => [`${e[0]}|${e[1]}`, toEntry(e)])).values()];
          const laterPushes = laterDrawn.map(([es, wasUndone], i) => push(`L${i}`, es.map(toEntry), wasUndone ? 1 : null));
          const hubNow = new Map<string, Record<string, number>>();
          for (const [s, key, v] of hubDrawn) hubNow.set(`S${s}`, { ...(hubNow.get(`S${s}`) ?? {}), [key]: v });
          const rows = new Map([0, 1, 2].map((s) => [`S${s}`, s + 2]));
          const { only } = undoLines(undone, 'changes', {
            hub: hubNow,
            rowAt: rows,
            openJobs: new Map(),
            later: laterIndex(laterPushes, name),
            overwrite: false,
          });
          for (const [identity, values] of only) {
            for (const [key, { value }] of Object.entries(values)) {
              const own = undone.find((e) => e[0] === identity && e[2] === key);
              // Its own value, or a channel value sent again as the hub holds it now (unchanged).
              if (!own) {
                expect(value).toBe(hubNow.get(identity)?.[key]);
                continue;
              }
              const field = key.split(':')[0];
              const touched = laterPushes
                .filter((p) => p.undoneAt === null)
                .flatMap((p) => p.entries)
                .filter((e) => e[0] === identity && (e[2] === key || e[2] === field || (!key.includes(':') && e[2].startsWith(`${key}:`))));
              if (value !== hubNow.get(identity)?.[key]) expect(touched.filter((e) => e[4] !== own[4])).toEqual([]);
            }
          }
        },
      ),
    );
  });

  test('no later push: nothing is skipped for it', () => {
    expect(undoLines(entries, 'prices', { hub, rowAt, openJobs: new Map(), later: NO_LATER, overwrite: false }).lines[0].action).toBe(
      'changed on hub',
    );
  });
});
