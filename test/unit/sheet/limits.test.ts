/** SKUs as the seller sees them, prices in cents, values within sense: the same rules in every operation. */
import { MAX_SENT_VALUE, outgoingProblem, readSku, readTable, roundToCents, validateRow } from '../../../src/sheet';

describe('a SKU cell holding a number is the SKU the seller sees', () => {
  test('formatted 00000: 123 shown as 00123 is SKU 00123, and the row says the cell is a number', () => {
    const read = readSku(123, '00123');
    expect(read).toMatchObject({ kind: 'text', value: '00123' });
    expect(read.kind === 'text' && read.note).toMatch(/holds the number 123 shown as '00123'.*Plain text/);
  });
  test('a number shown with grouping or decimals is refused rather than guessed', () => {
    expect(readSku(1234, '1,234')).toMatchObject({ kind: 'error', reason: expect.stringMatching(/shown as '1,234'/) });
  });
  test('a number shown as its digits is that SKU, with the note', () => {
    expect(readSku(42, '42')).toMatchObject({ kind: 'text', value: '42', note: expect.stringMatching(/number 42/) });
  });
  test('readTable uses the displayed texts it is given, by row index', () => {
    const table = readTable(
      [
        ['SKU', 'Quantity'],
        [123, 1],
        ['ABC', 2],
      ],
      { shownSkus: new Map([[1, '00123']]) },
    );
    expect(table.rows.map((r) => r.sku)).toEqual(['00123', 'ABC']);
  });
});

describe('prices and quantities within sense', () => {
  test.each([
    [10.005, 10.01],
    [1.005, 1.01],
    [2.675, 2.68],
    [0.125, 0.13],
    [19.999, 20],
    [-1.005, -1.01],
    [7, 7],
    [0.1 + 0.2, 0.3],
  ])('%p rounds to %p', (v, r) => expect(roundToCents(v)).toBe(r));

  const columns = readTable([['SKU', 'Price [amazon]', 'Quantity']]).columns;
  const row = (price: number, quantity: number = 1) =>
    readTable([
      ['SKU', 'Price [amazon]', 'Quantity'],
      ['A', price, quantity],
    ]).rows[0];

  test('a price with more than 2 decimals is sent rounded, and the row says so', () => {
    const v = validateRow('prices', row(10.005), columns);
    expect(v.ok && v.payload).toEqual([{ sku: 'A', price: 10.01, channel: 'amazon' }]);
    expect(v.notes.join()).toMatch(/Price \[amazon\] 10\.005 sent as 10\.01 \(prices have 2 decimals\)/);
  });
  test('a price that rounds to 0 is refused', () => {
    const v = validateRow('prices', row(0.004), columns);
    expect(v.ok).toBe(false);
    expect(!v.ok && v.reason).toMatch(/rounds to 0\.00/);
  });
  test('values beyond the maximum are refused, in every operation', () => {
    const big = MAX_SENT_VALUE + 1;
    const p = validateRow('prices', row(big), columns);
    expect(!p.ok && p.reason).toMatch(/beyond the largest value sent \(1,000,000,000\)/);
    const q = validateRow('stock', row(5, big), columns);
    expect(!q.ok && q.reason).toMatch(/Quantity: 1000000001 is beyond the largest value sent/);
    expect(validateRow('stock', row(5, MAX_SENT_VALUE), columns).ok).toBe(true);
  });
});

describe('the limits every value that leaves passes, whatever produced it', () => {
  test('prices above 0 (and not 0 in cents), quantities and days 0 or more, nothing beyond the largest value sent', () => {
    expect(outgoingProblem('price', 0.01)).toBeNull();
    expect(outgoingProblem('price', 0)).toBe('must be greater than 0');
    expect(outgoingProblem('salePrice', -3)).toBe('must be greater than 0');
    expect(outgoingProblem('publishingPrice', 0.004)).toBe('0.004 rounds to 0.00; a price must be at least 0.01');
    expect(outgoingProblem('price', MAX_SENT_VALUE)).toBeNull();
    expect(outgoingProblem('price', MAX_SENT_VALUE + 1)).toBe('1000000001 is beyond the largest value sent (1,000,000,000)');
    expect(outgoingProblem('quantity', 0)).toBeNull();
    expect(outgoingProblem('quantity', -1)).toBe('-1 is below 0; a quantity is 0 or more');
    expect(outgoingProblem('availableDays', -2)).toBe('-2 is below 0; a number of days is 0 or more');
    expect(outgoingProblem('quantity', Number.NaN)).toMatch(/beyond the largest value sent/);
  });

  test('a typed cell gets the same words, with its header', () => {
    const table = readTable([
      ['SKU', 'Price [amazon]'],
      ['A', 2e9],
    ]);
    const verdict = validateRow('prices', table.rows[0], table.columns);
    expect(!verdict.ok && verdict.reason).toBe(`Price [amazon]: ${outgoingProblem('price', 2e9)}; check the cell`);
  });
});
