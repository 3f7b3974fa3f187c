/**
 * The Price rule (issue 15 item 2): one meaning for a plain Price, Sale price, Quantity or
 * Available days in every operation — the row's Channel, else the default channels of the
 * settings; refused the same way everywhere when neither says; never written over a per-channel
 * value unless the seller chose every channel; never dropped without a word.
 */
import * as fc from 'fast-check';
import type { CellValue } from '../../../src/core/kernel/ports';
import {
  holdsConfirmed,
  plainRefusal,
  readTable,
  validateRow,
  validateRows,
  type OperationOptions,
  type PushOperation,
  type RowVerdict,
} from '../../../src/sheet';

const NO_CHANNEL = (cell: string, example = 'Price [amazon]'): string =>
  `${cell} has no channel: fill Channel, or choose channels in Settings \u203a Default channels for plain columns, or use a per-channel column such as ${example}`;

/** The one row's verdict of `op` over a header and a row, with the setting `plain`. */
function verdict<O extends PushOperation>(
  op: O,
  header: CellValue[],
  row: CellValue[],
  plain: string[] = [],
  options: OperationOptions = {},
) {
  const table = readTable([header, row], { plainChannels: plain });
  const rows = validateRows(op, table, options).rows;
  expect(rows).toHaveLength(1);
  return rows[0];
}
const reason = (v: RowVerdict<unknown>): string => (v.ok ? `sent ${JSON.stringify(v.payload)}` : v.reason);

describe('Push prices', () => {
  const H = ['SKU', 'Channel', 'Price', 'Price [amazon]'];

  it('sends a plain Price to the row\u2019s Channel, else to the default channels', () => {
    expect(verdict('prices', H, ['A', 'walmart', 10, ''])).toMatchObject({
      ok: true,
      payload: [{ sku: 'A', price: 10, channel: 'walmart' }],
    });
    expect(verdict('prices', H, ['A', '', 10, ''], ['walmart', 'shopify'])).toMatchObject({
      ok: true,
      payload: [
        { channel: 'walmart', price: 10 },
        { channel: 'shopify', price: 10 },
      ],
    });
    // The row's Channel wins over the setting.
    expect(verdict('prices', H, ['A', 'linio', 10, ''], ['walmart'])).toMatchObject({
      ok: true,
      payload: [{ channel: 'linio', price: 10 }],
    });
  });

  it('refuses a plain Price with neither, also next to a per-channel price that would be sent', () => {
    expect(reason(verdict('prices', H, ['A', '', 10, '']))).toBe(NO_CHANNEL('Price 10'));
    expect(reason(verdict('prices', H, ['A', '', 10, 12]))).toBe(NO_CHANNEL('Price 10'));
  });

  it('keeps one value per channel: a plain price for a channel whose per-channel cell says otherwise is refused', () => {
    expect(reason(verdict('prices', H, ['A', '', 10, 12], ['amazon']))).toBe(
      'Price (default channel amazon) and Price [amazon] disagree (10 vs 12): keep one',
    );
  });

  it('with every channel chosen, leaves the general price to the product-level pushes and says so', () => {
    const v = verdict('prices', H, ['A', '', 10, 12], ['*']);
    expect(v).toMatchObject({ ok: true, payload: [{ channel: 'amazon', price: 12 }] });
    expect(v.unsent).toEqual([
      'Price 10 is for every channel (Settings \u203a Default channels for plain columns), which only Send as async job and Push prices by ERP id send: not sent here',
    ]);
    expect(verdict('prices', H, ['A', '', 10, ''], ['*'])).toMatchObject({
      ok: false,
      nothingToSend: true,
      reason: expect.stringMatching(/^Price 10 is for every channel/),
    });
  });

  it('leaves out, without a word, a plain price the hub already holds', () => {
    const holds = holdsConfirmed({ price: 10 });
    expect(verdict('prices', H, ['A', '', 10, 12], [], { holds })).toMatchObject({ ok: true, payload: [{ channel: 'amazon', price: 12 }] });
    expect(verdict('prices', H, ['A', '', 10, 12], ['*'], { holds }).unsent).toBeUndefined();
  });
});

describe('Push price & stock by channel', () => {
  const H = ['SKU', 'Channel', 'Quantity', 'Price', 'Sale price', 'Quantity [amazon]'];

  it('sends plain Quantity, Price and Sale price to each target channel', () => {
    expect(verdict('byChannel', H, ['A', '', 4, 20, 15, ''], ['walmart'])).toMatchObject({
      ok: true,
      payload: { sku: 'A', channelData: [{ channel: 'walmart', quantity: 4, price: 20, salePrice: 15 }] },
    });
  });

  it('refuses with the same text as Push prices when there is no channel', () => {
    expect(reason(verdict('byChannel', H, ['A', '', '', 20, '', 3]))).toBe(
      reason(verdict('prices', ['SKU', 'Channel', 'Price'], ['A', '', 20])),
    );
    expect(reason(verdict('byChannel', H, ['A', '', 4, '', '', 3]))).toBe(NO_CHANNEL('Quantity 4', 'Quantity [amazon]'));
  });

  it('refuses a plain Sale price for every channel: the hub has no general sale price', () => {
    expect(reason(verdict('byChannel', H, ['A', '', '', 20, 15, 3], ['*']))).toMatch(
      /^Sale price 15 has no channel \(every channel, chosen in Settings \u203a Default channels for plain columns, applies to Quantity and Price only\): fill Channel/,
    );
  });

  it('in Push changes, leaves a plain Quantity without channel to Update Stock (no refusal)', () => {
    expect(verdict('byChannel', H, ['A', '', 4, '', '', 3], [], { forChanges: true })).toMatchObject({
      ok: true,
      payload: { channelData: [{ channel: 'amazon', quantity: 3 }] },
    });
  });
});

describe('Push stock (product-level quantity)', () => {
  const H = ['SKU', 'Channel', 'Quantity', 'Quantity [amazon]'];

  it('sends a plain Quantity without any channel: the hub has one product-level stock', () => {
    expect(verdict('stock', H, ['A', '', 5, ''])).toMatchObject({ ok: true, payload: { sku: 'A', quantity: 5 }, notes: [] });
  });

  it('says that the quantity goes to every channel when the row names one', () => {
    expect(verdict('stock', H, ['A', 'amazon', 5, ''])).toMatchObject({
      ok: true,
      notes: [
        "Quantity 5 goes to every channel with a listing (the hub's stock has no channel), not only Channel amazon: Push price & stock by channel sends it per channel",
      ],
    });
  });

  it('never overwrites a different per-channel quantity unless every channel is chosen', () => {
    const overwrite =
      "Quantity 5 would overwrite Quantity [amazon] 3: Push stock sets every channel's quantity. Clear one of them, or choose every channel in Settings \u203a Default channels for plain columns to let Quantity win";
    expect(verdict('stock', H, ['A', '', 5, 3])).toMatchObject({ ok: false, nothingToSend: false, reason: overwrite });
    expect(verdict('stock', H, ['A', '', 5, 5])).toMatchObject({ ok: true });
    expect(verdict('stock', H, ['A', '', 5, 3], ['*'])).toMatchObject({ ok: true, payload: { quantity: 5 } });
    // A quantity the hub already holds is sent as it is (All rows); the changed channel cell is said as not sent.
    expect(verdict('stock', H, ['A', '', 5, 3], [], { holds: holdsConfirmed({ quantity: 5 }) })).toMatchObject({
      ok: true,
      payload: { quantity: 5 },
      unsent: [
        "Quantity [amazon] 3 not sent: Quantity 5 goes to every channel (the hub's stock has no channel), those included; send it after this push with Push price & stock by channel",
      ],
    });
    // Push changes sends the per-channel quantities again right after it: no overwrite there.
    expect(verdict('stock', H, ['A', '', 5, 3], [], { forChanges: true })).toMatchObject({ ok: true });
  });

  it('a per-channel quantity as the hub holds it (pulled, never typed) does not stop the general one: the row says it is out of date', () => {
    const pulled = holdsConfirmed({ quantity: 240, 'quantity:amazon': 240 });
    const outdated =
      'Quantity [amazon] 240 is out of date: this push passes Quantity 230 on to every channel with a listing; type the new value there, clear it, or pull the catalogue';
    // The seller edited the general Quantity only: sent, for stock and for an async job alike.
    expect(verdict('stock', H, ['A', '', 230, 240], [], { holds: pulled })).toMatchObject({
      ok: true,
      payload: { sku: 'A', quantity: 230 },
      notes: [outdated],
    });
    expect(verdict('async', H, ['A', '', 230, 240], [], { holds: pulled })).toMatchObject({ ok: true, payload: { quantity: '230' } });
    // A row the seller did not touch, whose channel quantity differs from the general one in the hub: sent as it is.
    const apart = holdsConfirmed({ quantity: 7, 'quantity:amazon': 3 });
    expect(verdict('stock', H, ['A', '', 7, 3], [], { holds: apart })).toMatchObject({ ok: true, payload: { quantity: 7 } });
    // The seller typed the channel's quantity too: the general one would overwrite it, so the row is refused.
    expect(reason(verdict('stock', H, ['A', '', 230, 250], [], { holds: pulled }))).toMatch(
      /^Quantity 230 would overwrite Quantity \[amazon\] 250: Push stock sets every channel's quantity/,
    );
    // Only the channel's quantity changed: the general one goes as it is, and the channel's is said as not sent.
    expect(verdict('stock', H, ['A', '', 240, 250], [], { holds: pulled })).toMatchObject({
      ok: true,
      unsent: [expect.stringMatching(/^Quantity \[amazon\] 250 not sent: Quantity 240 goes to every channel/)],
    });
  });
});

describe('Push prices by ERP id (product-level price)', () => {
  const H = ['ERP id', 'Price', 'Channel'];

  it('sends a plain price to every channel only when the seller chose it', () => {
    expect(verdict('erp', H, ['E1', 10, ''], ['*'])).toMatchObject({ ok: true, payload: { internalId: 'E1', price: 10 } });
    expect(reason(verdict('erp', H, ['E1', 10, '']))).toBe(
      `${NO_CHANNEL('Price 10')} \u2014 Push prices by ERP id sends a price to every channel, only when Settings \u203a Default channels for plain columns is every channel`,
    );
    expect(reason(verdict('erp', H, ['E1', 10, 'amazon'], ['*']))).toBe(
      'Price 10 is for Channel amazon, but Push prices by ERP id sends a price to every channel: send it with Push prices, or clear Channel and choose every channel in Settings \u203a Default channels for plain columns',
    );
    expect(reason(verdict('erp', H, ['E1', 10, ''], ['walmart']))).toMatch(
      /^Price 10 is for the default channel walmart, but Push prices by ERP id/,
    );
  });
});

describe('Send as async job (product-level quantity and prices)', () => {
  const H = ['SKU', 'Quantity', 'Price', 'Publishing price', 'Price [amazon]', 'Quantity [amazon]'];

  it('sends plain prices for every channel only when chosen; else refuses the whole row, saying how to send the quantity alone', () => {
    expect(verdict('async', H, ['A', 2, 10, 11, '', ''], ['*'])).toMatchObject({
      ok: true,
      payload: { sku: 'A', quantity: '2', price: '10', publishingPrice: '11' },
    });
    const refused = verdict('async', H, ['A', 2, 10, '', '', '']);
    expect(refused).toMatchObject({ ok: false, nothingToSend: false });
    expect(reason(refused)).toBe(
      `${NO_CHANNEL('Price 10')} \u2014 Send as async job sends a price to every channel, only when Settings \u203a Default channels for plain columns is every channel. Nothing in this row was sent: to send its Quantity alone, clear Price or use Push stock`,
    );
    expect(verdict('async', H, ['A', 2, '', '', '', ''])).toMatchObject({ ok: true, payload: { quantity: '2' } });
  });

  it('with every channel chosen a plain price may overwrite Price [amazon]; a plain quantity over Quantity [amazon] needs the same choice', () => {
    expect(verdict('async', H, ['A', 2, 10, '', 12, ''], ['*'])).toMatchObject({ ok: true, payload: { price: '10' } });
    expect(reason(verdict('async', H, ['A', 2, '', '', '', 1]))).toMatch(
      /^Quantity 2 would overwrite Quantity \[amazon\] 1: Send as async job sets every channel's quantity/,
    );
  });

  it('leaves out a plain price the hub already holds, sending the rest', () => {
    expect(verdict('async', H, ['A', 2, 10, '', '', ''], [], { holds: holdsConfirmed({ price: 10 }) })).toMatchObject({
      ok: true,
      payload: { sku: 'A', quantity: '2' },
      values: { quantity: 2 },
    });
  });
});

describe('the refusal text', () => {
  it('is one function: each kind of problem reads the same whatever the field', () => {
    expect(plainRefusal('Precio', 'price', 5, { kind: 'noChannel' })).toBe(NO_CHANNEL('Precio 5'));
    expect(plainRefusal('Qty', 'quantity', 5, { kind: 'noChannel' })).toBe(NO_CHANNEL('Qty 5', 'Quantity [amazon]'));
  });
});

// ---- properties ----------------------------------------------------------------------------

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
const OPERATIONS: PushOperation[] = ['stock', 'prices', 'byChannel', 'erp', 'async'];
const value = (min: number): fc.Arbitrary<CellValue> => fc.oneof(fc.constant(''), fc.integer({ min, max: 40 }));
const rowArb = fc
  .tuple(
    fc.constantFrom('', 'amazon', 'walmart', 'mercadolibre'),
    value(0),
    value(1),
    value(1),
    value(1),
    value(0),
    value(0),
    value(1),
    value(1),
    value(0),
  )
  .map(([channel, ...numbers]) => ['A', channel, ...numbers] as CellValue[]);
const settingArb = fc.constantFrom<string[]>([], ['amazon'], ['walmart', 'mercadolibre'], ['*']);

/** The general field a per-channel field is passed on from (the hub sets every channel's value with it). */
const PASSED_ON: Record<string, string> = { quantity: 'quantity', price: 'price', publishingPrice: 'price' };

describe('property: no operation writes a plain value over a filled per-channel cell unless every channel is chosen', () => {
  it('per-channel pushes send each per-channel cell\u2019s own value; product-level pushes send a general value over a different one only with *', () => {
    fc.assert(
      fc.property(rowArb, settingArb, (row, setting) => {
        const table = readTable([HEADER, row], { plainChannels: setting });
        const parsed = table.rows[0];
        const perChannel = (field: string, channel: string): number | undefined => {
          const c = (parsed.perChannel[channel] as Record<string, { kind: string; value?: number } | undefined>)?.[field];
          return c && c.kind === 'number' ? Math.max(0, c.value as number) : undefined;
        };
        for (const op of OPERATIONS) {
          const v = validateRow(op, parsed, table.columns);
          if (!v.ok) continue;
          for (const [key, sent] of Object.entries(v.values)) {
            const [field, channel] = key.split(':');
            if (channel !== undefined) {
              const own = perChannel(field, channel);
              if (own !== undefined) expect(sent).toBe(own);
              continue;
            }
            const target = PASSED_ON[field];
            if (!target) continue;
            const others = Object.keys(parsed.perChannel)
              .map((ch) => perChannel(target, ch))
              .filter((w) => w !== undefined && w !== sent);
            if (others.length > 0) expect(setting).toEqual(['*']);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a plain value an operation handles is sent, or the row says so (refused, or a note naming it)', () => {
    const HANDLED: Record<PushOperation, string[]> = {
      stock: ['quantity'],
      prices: ['price'],
      byChannel: ['quantity', 'price', 'salePrice', 'availableDays'],
      erp: [],
      async: ['quantity', 'price', 'publishingPrice'],
    };
    fc.assert(
      fc.property(rowArb, settingArb, (row, setting) => {
        const table = readTable([HEADER, row], { plainChannels: setting });
        const parsed = table.rows[0];
        for (const op of OPERATIONS) {
          const v = validateRow(op, parsed, table.columns);
          for (const field of HANDLED[op]) {
            const cell = parsed.cells[field as 'price'];
            if (cell.kind !== 'number') continue;
            const label = table.columns.headers[table.columns.input[field as 'price'] as number];
            if (!v.ok) continue; // the row is refused or has nothing to send, with its reason
            const sent = Object.entries(v.values).some(
              ([k, x]) => (k === field || k.startsWith(`${field}:`)) && x === Math.max(0, cell.value),
            );
            const said = [...v.notes, ...(v.unsent ?? [])].some((n) => n.startsWith(`${label} `));
            expect(sent || said).toBe(true);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
