import {
  canonicalValues,
  changedFields,
  holdsConfirmed,
  mergeConfirmed,
  parseConfirmed,
  readTable,
  sinceSnapshot,
  validateRows,
  valueKey,
} from '../../../src/sheet';

describe('canonicalValues', () => {
  it('is the same string whatever the key order', () => {
    expect(canonicalValues({ 'price:amazon': 10, quantity: 5 })).toBe(canonicalValues({ quantity: 5, 'price:amazon': 10 }));
    expect(canonicalValues({ quantity: 5, 'price:amazon': 10 })).toBe('{"price:amazon":10,"quantity":5}');
  });

  it('writes numbers as plain decimals, -0 as 0, and is valid JSON', () => {
    const text = canonicalValues({ a: 1e21, b: -0, c: 1.5e-7 });
    expect(text).toBe('{"a":1000000000000000000000,"b":0,"c":0.00000015}');
    expect(JSON.parse(text)).toEqual({ a: 1e21, b: 0, c: 1.5e-7 });
  });
});

describe('changedFields', () => {
  it('lists every field when nothing was confirmed', () => {
    expect(changedFields({ quantity: 1, price: 2 }, null)).toEqual(['price', 'quantity']);
    expect(changedFields({ quantity: 1 }, undefined)).toEqual(['quantity']);
  });

  it('compares numbers exactly after parsing: 10 and "10.00" are the same', () => {
    expect(changedFields({ quantity: 10 }, { quantity: '10.00' })).toEqual([]);
    expect(changedFields({ quantity: 10 }, { quantity: 10 })).toEqual([]);
    expect(changedFields({ quantity: 10 }, { quantity: 10.01 })).toEqual(['quantity']);
    expect(changedFields({ quantity: 0 }, { quantity: -0 })).toEqual([]);
  });

  it('treats a confirmed value it cannot read as changed', () => {
    expect(changedFields({ price: 5 }, { price: 'five' })).toEqual(['price']);
    expect(changedFields({ price: 5 }, { price: null })).toEqual(['price']);
  });

  it('ignores confirmed keys of other operations', () => {
    expect(changedFields({ quantity: 3 }, { quantity: 3, 'price:amazon': 9 })).toEqual([]);
  });

  it('a cell reading its marker (what it held as a general value passed over it) is no change; another value is', () => {
    const entry = { quantity: 6, 'quantity:amazon': 6, '~quantity:amazon': 10 };
    expect(changedFields({ 'quantity:amazon': 10 }, entry)).toEqual([]);
    expect(changedFields({ 'quantity:amazon': 6 }, entry)).toEqual([]);
    expect(changedFields({ 'quantity:amazon': 4 }, entry)).toEqual(['quantity:amazon']);
    expect([10, 6, 4].map((v) => sinceSnapshot(entry, 'quantity:amazon', v))).toEqual(['passedOver', 'held', 'changed']);
    // The same answer for the Price rule's "is it an edit?"
    expect([10, 6, 4].map((v) => holdsConfirmed(entry)('quantity:amazon', v))).toEqual([true, true, false]);
  });

  it('sees a changed cell through the table: retyping 10 as "10.00" is no change, 11 is', () => {
    const confirmed = parseConfirmed(canonicalValues({ quantity: 10 }));
    const rows = validateRows(
      'stock',
      readTable([
        ['SKU', 'Qty'],
        ['A', '10.00'],
        ['B', 11],
      ]),
    ).rows;
    const changes = rows.map((r) => (r.ok ? changedFields(r.values, confirmed) : null));
    expect(changes).toEqual([[], ['quantity']]);
  });
});

describe('parseConfirmed and mergeConfirmed', () => {
  it('reads a stored record, keeping numbers only', () => {
    expect(parseConfirmed('{"quantity":5,"price":"7.50","x":"no"}')).toEqual({ quantity: 5, price: 7.5 });
  });
  it.each(['', 'not json', '[1,2]', 'null', '5'])('returns null for %j', (text) => {
    expect(parseConfirmed(text)).toBeNull();
  });
  it('merges pushed values over confirmed ones', () => {
    expect(mergeConfirmed({ quantity: 1, 'price:amazon': 2 }, { quantity: 3 })).toEqual({ quantity: 3, 'price:amazon': 2 });
    expect(mergeConfirmed(null, { quantity: 3 })).toEqual({ quantity: 3 });
  });
  it('keys per-channel values by field and channel', () => {
    expect(valueKey('price')).toBe('price');
    expect(valueKey('price', 'amazon')).toBe('price:amazon');
  });
});
