import type { CellValue } from '../../../src/core/kernel/ports';
import { readTable, validateRows, type PushOperation, type RowVerdict } from '../../../src/sheet';

/** Verdicts of one operation over a header and rows. */
function run<O extends PushOperation>(op: O, header: CellValue[], ...rows: CellValue[][]) {
  return validateRows(op, readTable([header, ...rows]));
}
/** The same, with plain columns for every channel (Settings › Default channels for plain columns = *). */
function runEvery<O extends PushOperation>(op: O, header: CellValue[], ...rows: CellValue[][]) {
  return validateRows(op, readTable([header, ...rows], { plainChannels: ['*'] }));
}
function only<P>(result: { rows: Array<RowVerdict<P>> }): RowVerdict<P> {
  expect(result.rows).toHaveLength(1);
  return result.rows[0];
}
function reasonOf(v: RowVerdict<unknown>): string {
  if (v.ok) throw new Error(`expected a rejection, got ${JSON.stringify(v.payload)}`);
  return v.reason;
}

describe('stock', () => {
  const H = ['SKU', 'Qty', 'Price'];

  it('sends SKU and quantity with the pushed values', () => {
    expect(only(run('stock', H, ['A', 5, 'bad price']))).toEqual({
      ok: true,
      rowNumber: 2,
      sku: 'A',
      payload: { sku: 'A', quantity: 5 },
      values: { quantity: 5 },
      notes: [],
    });
  });

  it('sends a negative quantity as 0 with a note', () => {
    const v = only(run('stock', H, ['A', -3]));
    expect(v).toMatchObject({ ok: true, payload: { sku: 'A', quantity: 0 }, values: { quantity: 0 } });
    expect(v.notes).toEqual(['Qty -3 sent as 0 (the hub does not accept negatives)']);
  });

  it('keeps the SKU note', () => {
    expect(only(run('stock', H, [' A ', 1])).notes).toEqual(["SKU had leading/trailing spaces; sent as 'A'"]);
  });

  it('rejects with the first specific reason and keeps them all', () => {
    const v = only(run('stock', H, ['', 2.5]));
    expect(v).toMatchObject({
      ok: false,
      reason: 'SKU is empty',
      reasons: ['SKU is empty', 'Qty: must be a whole number, got 2.5'],
      nothingToSend: false,
    });
  });

  it('says when a row has no quantity, as nothing to send', () => {
    expect(only(run('stock', H, ['A', '', 10]))).toMatchObject({
      ok: false,
      reason: 'no quantity to send: Qty is empty',
      nothingToSend: true,
    });
  });

  it('rejects every row of a duplicated SKU', () => {
    const r = run('stock', H, ['A', 1], ['A', 2]);
    expect(r.rows.map(reasonOf)).toEqual([
      "SKU 'A' is also in row 3: keep one row per SKU",
      "SKU 'A' is also in row 2: keep one row per SKU",
    ]);
  });

  it('needs a Quantity column', () => {
    const r = run('stock', ['SKU', 'Price'], ['A', 1]);
    expect(r.problems).toEqual(['Push stock needs a Quantity column (Quantity, Qty, Stock or Cantidad)']);
    expect(reasonOf(r.rows[0])).toBe(r.problems[0]);
  });
});

describe('prices', () => {
  const H = ['SKU', 'Channel', 'Price', 'Price [amazon]', 'Price [meli]'];

  it('sends Channel + Price and one item per filled Price [channel]', () => {
    const v = only(run('prices', H, ['A', 'walmart', '10.5', 12, '']));
    expect(v).toMatchObject({
      ok: true,
      payload: [
        { sku: 'A', price: 10.5, channel: 'walmart' },
        { sku: 'A', price: 12, channel: 'amazon' },
      ],
      values: { 'price:walmart': 10.5, 'price:amazon': 12 },
    });
  });

  it('sends per-channel prices when Channel is empty', () => {
    expect(only(run('prices', H, ['A', '', '', '', 99]))).toMatchObject({
      ok: true,
      payload: [{ sku: 'A', price: 99, channel: 'mercadolibre' }],
    });
  });

  it('merges the same price given twice for one channel, rejects two different ones', () => {
    expect(only(run('prices', H, ['A', 'amazon', 12, 12, '']))).toMatchObject({ ok: true, payload: [{ channel: 'amazon', price: 12 }] });
    expect(reasonOf(only(run('prices', H, ['A', 'amazon', 10, 12, ''])))).toBe(
      'Price (Channel amazon) and Price [amazon] disagree (10 vs 12): keep one',
    );
  });

  it.each([0, -1, '0,00'])('rejects a price of %p', (price) => {
    expect(reasonOf(only(run('prices', H, ['A', '', '', price, ''])))).toBe('Price [amazon]: must be greater than 0');
  });

  it('rejects the whole row when one used price is bad (nothing half-sent)', () => {
    const v = only(run('prices', H, ['A', '', '', 'abc', 50]));
    expect(v).toMatchObject({ ok: false, reason: "Price [amazon]: 'abc' is not a number" });
  });

  it('says there is no price to send', () => {
    expect(only(run('prices', H, ['A', 'amazon', '', '', '']))).toMatchObject({
      ok: false,
      reason: 'no price to send: fill Price and Channel, or a Price [channel] column',
      nothingToSend: true,
    });
  });

  it('refuses a Price with no Channel, also beside per-channel prices (never ignored)', () => {
    const text =
      'Price 10 has no channel: fill Channel, or choose channels in Settings \u203a Default channels for plain columns, or use a per-channel column such as Price [amazon]';
    expect(reasonOf(only(run('prices', H, ['A', '', 10, '', ''])))).toBe(text);
    expect(reasonOf(only(run('prices', H, ['A', '', 10, 12, ''])))).toBe(text);
  });

  it('rejects an unknown channel only when its price is used', () => {
    expect(reasonOf(only(run('prices', H, ['A', 'amzn', 10, '', ''])))).toMatch(/^channel 'amzn' is not a channel the hub knows/);
    expect(only(run('prices', H, ['A', 'amzn', '', 5, '']))).toMatchObject({ ok: true });
  });

  it('ignores quantity problems', () => {
    expect(only(run('prices', ['SKU', 'Qty', 'Price [amazon]'], ['A', 'lots', 5])).ok).toBe(true);
  });

  it('needs price columns', () => {
    expect(run('prices', ['SKU', 'Price'], ['A', 1]).problems[0]).toMatch(/^Push prices needs/);
  });
});

describe('byChannel', () => {
  const H = [
    'SKU',
    'Quantity [amazon]',
    'Price [amazon]',
    'Sale price [amazon]',
    'Price [walmart]',
    'Available days [meli]',
    'Quantity [meli]',
    'Available days [amazon]',
  ];

  it('builds channel entries from per-channel columns, leaving out empty ones', () => {
    const v = only(run('byChannel', H, ['A', 3, 100, 90, '', 5, '', '']));
    expect(v).toMatchObject({
      ok: true,
      payload: {
        sku: 'A',
        channelData: [
          { channel: 'amazon', quantity: 3, price: 100, salePrice: 90 },
          { channel: 'mercadolibre', availableDays: 5 },
        ],
      },
      values: { 'quantity:amazon': 3, 'price:amazon': 100, 'salePrice:amazon': 90, 'availableDays:mercadolibre': 5 },
    });
  });

  it('adds an entry from Channel and the general columns', () => {
    const v = only(
      run('byChannel', ['SKU', 'Canal', 'Cantidad', 'Precio', 'Precio oferta', 'Días disponibles'], ['A', 'meli', -2, 50, 40, 7]),
    );
    expect(v).toMatchObject({
      ok: true,
      payload: { sku: 'A', channelData: [{ channel: 'mercadolibre', quantity: 0, price: 50, salePrice: 40, availableDays: 7 }] },
      notes: ['Cantidad -2 sent as 0 (the hub does not accept negatives)'],
    });
  });

  it('rejects available days for a channel that does not take them', () => {
    expect(reasonOf(only(run('byChannel', H, ['A', '', '', '', '', '', '', 4])))).toBe(
      'Available days [amazon]: available days apply only to mercadolibre, not amazon',
    );
  });

  it('takes the list of channels with available days as an option', () => {
    const r = validateRows('byChannel', readTable([H, ['A', '', '', '', '', '', '', 4]]), { availableDaysChannels: ['amazon'] });
    expect(r.rows[0]).toMatchObject({ ok: true, payload: { channelData: [{ channel: 'amazon', availableDays: 4 }] } });
  });

  it('rejects a sale price above the price, and a sale price of 0', () => {
    expect(reasonOf(only(run('byChannel', H, ['A', '', 100, 120, '', '', '', ''])))).toBe(
      'Sale price [amazon] 120 is above Price [amazon] 100: a sale price cannot exceed the price',
    );
    expect(reasonOf(only(run('byChannel', H, ['A', '', 100, 0, '', '', '', ''])))).toBe('Sale price [amazon]: must be greater than 0');
    expect(only(run('byChannel', H, ['A', '', 100, 100, '', '', '', ''])).ok).toBe(true);
  });

  it('rejects the row when one channel cell is bad', () => {
    expect(reasonOf(only(run('byChannel', H, ['A', 3, 100, '', '#N/A', '', '', ''])))).toBe(
      'Price [walmart]: the cell shows the formula error #N/A',
    );
  });

  it('says when there is nothing to send by channel', () => {
    expect(only(run('byChannel', ['SKU', 'Channel', 'Qty', 'Price [amazon]'], ['A', 'amazon', '', '']))).toMatchObject({
      ok: false,
      nothingToSend: true,
      reason: expect.stringMatching(/^nothing to send by channel/),
    });
  });

  it('rejects a general value and a per-channel value that disagree', () => {
    const v = only(run('byChannel', ['SKU', 'Channel', 'Qty', 'Quantity [amazon]'], ['A', 'amazon', 4, 5]));
    expect(reasonOf(v)).toBe('Qty (Channel amazon) and Quantity [amazon] disagree (4 vs 5): keep one');
  });
});

describe('erp', () => {
  const H = ['ERP id', 'Price', 'SKU'];

  it('sends internalId and price, without needing a SKU', () => {
    expect(only(runEvery('erp', H, [' E-1 ', '1.234,50', '']))).toMatchObject({
      ok: true,
      sku: null,
      payload: { internalId: 'E-1', price: 1234.5 },
      values: { price: 1234.5 },
    });
    expect(only(runEvery('erp', ['ERP id', 'Price'], [770, 5]))).toMatchObject({ ok: true, payload: { internalId: '770', price: 5 } });
  });

  it('needs both values', () => {
    expect(only(runEvery('erp', H, ['', 5, 'A']))).toMatchObject({
      ok: false,
      nothingToSend: true,
      reason: 'no ERP id to send a price with: ERP id is empty',
    });
    expect(only(runEvery('erp', H, ['E', '', 'A']))).toMatchObject({
      ok: false,
      nothingToSend: true,
      reason: 'no price to send: Price is empty',
    });
    expect(reasonOf(only(runEvery('erp', H, ['E', -4, 'A'])))).toBe('Price: must be greater than 0');
  });

  it('rejects every row of a repeated ERP id', () => {
    const r = runEvery('erp', H, ['E', 5, 'A'], ['E', 6, 'B']);
    expect(r.rows.map(reasonOf)).toEqual([
      "ERP id 'E' is also in row 3: keep one row per ERP id",
      "ERP id 'E' is also in row 2: keep one row per ERP id",
    ]);
  });

  it('needs an ERP id and a Price column', () => {
    expect(run('erp', ['SKU', 'Price'], ['A', 1]).problems).toEqual(['Push prices by ERP id needs an ERP id column and a Price column']);
  });
});

describe('async', () => {
  const H = ['SKU', 'Stock', 'Price', 'Publishing price'];

  it('sends numbers as plain decimal strings', () => {
    expect(only(runEvery('async', H, ['A', 1234, '1,234.5', 0.1 * 3]))).toMatchObject({
      ok: true,
      payload: { sku: 'A', quantity: '1234', price: '1234.5', publishingPrice: '0.3' },
      values: { quantity: 1234, price: 1234.5, publishingPrice: 0.3 },
    });
  });

  it('leaves optional prices out', () => {
    const v = only(run('async', H, ['A', 2, '', '']));
    expect(v).toMatchObject({ ok: true, payload: { sku: 'A', quantity: '2' }, values: { quantity: 2 } });
    expect(v.ok && Object.keys(v.payload)).toEqual(['sku', 'quantity']);
  });

  it('clamps a negative quantity, requires a quantity and a positive price', () => {
    expect(only(run('async', H, ['A', -1, '', '']))).toMatchObject({ ok: true, payload: { quantity: '0' } });
    expect(reasonOf(only(run('async', H, ['A', '', 5, ''])))).toBe('Stock is empty: an async job sends a quantity for every row');
    expect(reasonOf(only(run('async', H, ['A', 1, '', 0])))).toBe('Publishing price: must be greater than 0');
    expect(only(run('async', H, ['A', 'x', '', '']))).toMatchObject({ ok: false, reasons: ["Stock: 'x' is not a number"] });
  });
});
