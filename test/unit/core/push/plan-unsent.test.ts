/**
 * No edit is dropped silently (issue 15 item 2): a changed-rows push, and Push changes, say in the
 * row every edited value they do not send, and with what to send it; the Price rule's refusal
 * reads the same in Push changes as in Push prices.
 */
import * as fc from 'fast-check';
import type { CellValue } from '../../../../src/core/kernel/ports';
import { planFor, type RowPlan } from '../../../../src/core/pipeline/parts';
import { OPERATIONS, type Operation } from '../../../../src/core/pipeline/types';
import { readTable } from '../../../../src/sheet';

/** The plan of the one row of a sheet, for an operation, against what the hub confirmed for it. */
function plan(
  op: Operation,
  header: CellValue[],
  row: CellValue[],
  confirmed?: Record<string, number>,
  changedOnly = true,
  plain: string[] = [],
): RowPlan | null {
  const table = readTable([header, row], { plainChannels: plain });
  return planFor(op, table.rows[0], table.columns, confirmed, changedOnly);
}
const said = (p: RowPlan | null): string =>
  p === null ? '(not in the push)' : [p.send ? '' : p.reason, ...p.notes].filter(Boolean).join(' \u00B7 ');

describe('changed rows: an edit the operation does not send is said', () => {
  const H = ['SKU', 'Quantity', 'Price', 'Price [amazon]', 'Publishing price'];

  it('Push stock with only a Price edited: the row is skipped, saying what to use', () => {
    const p = plan('stock', H, ['A', 5, 10, '', ''], { quantity: 5 });
    expect(p).toMatchObject({
      send: false,
      nothingToSend: true,
      reason: 'Price changed but Push stock does not send prices: use Push prices',
    });
    expect(p?.unsent).toHaveLength(1);
  });

  it('a row sending its quantity also says the per-channel price it leaves', () => {
    const p = plan('stock', H, ['A', 6, '', 12, ''], { quantity: 5 });
    expect(p).toMatchObject({
      send: true,
      notes: ['Price [amazon] changed but Push stock does not send per-channel prices: use Push prices'],
    });
  });

  it('says nothing of values the hub already holds, and leaves an unchanged row out', () => {
    expect(plan('stock', H, ['A', 5, 10, 12, 9], { quantity: 5, price: 10, 'price:amazon': 12, publishingPrice: 9 })).toBeNull();
  });

  it('all rows say nothing of fields the operation was not asked to send (only changed scopes compare with the hub)', () => {
    expect(plan('stock', H, ['A', 5, '', 12, ''], undefined, false)).toMatchObject({ send: true, notes: [] });
  });
});

describe('Push changes', () => {
  const H = ['SKU', 'Channel', 'Quantity', 'Price', 'Publishing price', 'Quantity [amazon]', 'Price [amazon]'];

  it('refuses a plain Price with no channel with the very text of Push prices', () => {
    const changes = plan('changes', H, ['A', '', '', 10, '', '', 12]);
    const prices = plan('prices', H, ['A', '', '', 10, '', '', 12], undefined, false);
    expect(changes).toMatchObject({ send: false, nothingToSend: false });
    expect(changes && !changes.send && changes.reason).toBe(prices && !prices.send && prices.reason);
    expect(said(changes)).toMatch(/^Price 10 has no channel: fill Channel/);
  });

  it('after a pull, the general Quantity the hub holds stops nothing: a per-channel edit goes by channel', () => {
    const p = plan('changes', H, ['A', '', 5, '', '', 4, ''], { quantity: 5, 'quantity:amazon': 3 });
    expect(p).toMatchObject({ send: true, parts: [{ kind: 'byChannel', item: { channelData: [{ channel: 'amazon', quantity: 4 }] } }] });
  });

  it('says a Publishing price it does not send', () => {
    const p = plan('changes', H, ['A', '', 6, '', 20, '', ''], { quantity: 5 });
    expect(p).toMatchObject({
      send: true,
      notes: ['Publishing price changed but Push changes does not send publishing prices: use Send as async job'],
    });
  });

  it('with every channel chosen, says the general price it leaves to the product-level pushes', () => {
    const p = plan('changes', H, ['A', '', '', 10, '', '', 12], undefined, true, ['*']);
    expect(p).toMatchObject({ send: true, parts: [{ kind: 'price', item: { channel: 'amazon', price: 12 } }] });
    expect(p?.unsent).toEqual([expect.stringMatching(/^Price 10 is for every channel/)]);
  });
});

// ---- property ------------------------------------------------------------------------------

const HEADER = [
  'SKU',
  'Channel',
  'Quantity',
  'Price',
  'Sale price',
  'Publishing price',
  'Available days',
  'Quantity [amazon]',
  'Price [amazon]',
  'Sale price [walmart]',
  'Available days [mercadolibre]',
];
const cellArb = (min: number): fc.Arbitrary<CellValue> => fc.oneof(fc.constant(''), fc.integer({ min, max: 40 }));
const rowArb = fc
  .tuple(
    fc.constantFrom('', 'amazon', 'walmart', 'mercadolibre'),
    cellArb(0),
    cellArb(1),
    cellArb(1),
    cellArb(1),
    cellArb(0),
    cellArb(0),
    cellArb(1),
    cellArb(1),
    cellArb(0),
  )
  .map(([channel, ...numbers]) => ['A', channel, ...numbers] as CellValue[]);

describe('property: in a changed-rows push or Push changes, no edited value is dropped without a word', () => {
  it('every filled value of a row the hub has not confirmed is sent, or the row names it, or the row is refused with its reason', () => {
    fc.assert(
      fc.property(
        rowArb,
        fc.constantFrom<string[]>([], ['amazon'], ['walmart', 'mercadolibre'], ['*']),
        fc.constantFrom<Operation>(...OPERATIONS),
        (row, setting, op) => {
          const table = readTable([HEADER, row], { plainChannels: setting });
          const parsed = table.rows[0];
          const p = planFor(op, parsed, table.columns, undefined, true);
          const filled = HEADER.map((h, i) => ({ label: h, value: row[i] })).filter((c, i) => i > 1 && typeof c.value === 'number');
          if (filled.length === 0) return;
          // Nothing is confirmed: every filled value is an edit, so the row is never passed over.
          expect(p).not.toBeNull();
          if (!p?.send) {
            expect(p?.send === false && p.reason.length > 0).toBe(true);
            return;
          }
          const sent = Object.assign({}, ...p.parts.map((part) => part.values)) as Record<string, number>;
          const notes = p.notes.join(' \u00B7 ');
          for (const { label, value } of filled) {
            const m = /^(.*?)(?: \[(\w+)\])?$/.exec(label) as RegExpExecArray;
            const field = (
              {
                Quantity: 'quantity',
                Price: 'price',
                'Sale price': 'salePrice',
                'Publishing price': 'publishingPrice',
                'Available days': 'availableDays',
              } as Record<string, string>
            )[m[1]];
            const key = m[2] ? `${field}:${m[2]}` : null;
            const isSent = key
              ? sent[key] === value
              : Object.entries(sent).some(([k, x]) => (k === field || k.startsWith(`${field}:`)) && x === value);
            const named = notes.split(/ \u00B7 |, /).some((n) => n === label || n.startsWith(`${label} `));
            if (!isSent && !named)
              throw new Error(
                `${op} (setting ${JSON.stringify(setting)}) dropped ${label} ${String(value)} without a word: ${notes || '(no notes)'} — sent ${JSON.stringify(sent)}`,
              );
          }
        },
      ),
      { numRuns: 600 },
    );
  });
});
