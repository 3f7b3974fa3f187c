/** The invariant checker's reading of a row that says a per-channel cell is out of date: exactly that cell, no other. */
import { saidOutOfDate } from '../../../dev/testkit/invariant/check';

const HEADER = ['SKU', 'Quantity [amazon]', 'Price [amazon]', 'Sync message'];
const said = (message: string, c: number, v: number): boolean => saidOutOfDate(HEADER, ['A', '', '', message], 3, c, v);

describe('saidOutOfDate', () => {
  it('finds the cell named by its exact text in the list before "is/are out of date"', () => {
    expect(said('Price 121 for amazon sent to 1 channel. Quantity [amazon] 1 is out of date: a general value went over it', 1, 1)).toBe(
      true,
    );
    expect(said('Sent. Quantity [amazon] 1, Price [amazon] 12.5 are out of date: …', 1, 1)).toBe(true);
    expect(said('Sent. Quantity [amazon] 1, Price [amazon] 12.5 are out of date: …', 2, 12.5)).toBe(true);
    // As a detail after the message's first sentence.
    expect(
      said(
        '1 channel value sent to 1 channel. Quantity -1 sent as 0 \u00b7 Price [amazon] 3, Quantity [amazon] 1 are out of date: …',
        1,
        1,
      ),
    ).toBe(true);
  });

  it('never takes a longer value, another note, or a cell the list does not name for it', () => {
    expect(said('Sent. Quantity [amazon] 10 is out of date: …', 1, 1)).toBe(false);
    expect(said('Price [amazon] 121 not sent: the hub refused it. Quantity [amazon] 10 is out of date: …', 2, 121)).toBe(false);
    expect(said('Quantity [amazon] 1 sent. Price [amazon] 9 is out of date: …', 1, 1)).toBe(false);
    expect(said('Quantity [amazon] 1 sent.', 1, 1)).toBe(false);
  });
});
