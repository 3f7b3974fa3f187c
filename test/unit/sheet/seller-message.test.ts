import fc from 'fast-check';
import { HEADLINE_MAX, headlineOf, leadWith, rowMessage, shortHeadline, withDetails } from '../../../src/sheet/seller-message';

const LONG = 'No se pudo actualizar la publicación porque el canal rechazó la solicitud: vuelva a conectar la cuenta en el panel';

describe('rowMessage: one sentence first, details after, the hub quoted once', () => {
  it('says short outcomes in one sentence, and quotes words several channels said once, naming them', () => {
    const message = rowMessage([
      {
        says: 'Quantity 5 sent to 1 channel, refused by amazon and walmart',
        hub: [
          { channel: 'amazon', words: LONG },
          { channel: 'walmart', words: LONG },
        ],
      },
      { says: 'Price 11 for amazon refused', hub: [{ channel: 'amazon', words: LONG }] },
    ]);
    expect(headlineOf(message)).toBe('Quantity 5 sent to 1 channel, refused by amazon and walmart; Price 11 for amazon refused.');
    expect(message.split(LONG)).toHaveLength(2);
    expect(message).toContain(`The hub said: \u201C${LONG}\u201D (amazon, walmart)`);
  });

  it('leads with the summary when the outcomes do not fit one sentence, then says each', () => {
    const says = [
      'Price 11 for amazon refused',
      'Price 12 for walmart refused',
      'Price 13 for mercadolibre sent to 1 channel',
      'Quantity 5 sent to 3 channels',
    ];
    const message = rowMessage(
      says.map((s) => ({ says: s })),
      [],
      '4 values: 2 sent, 2 refused',
    );
    expect(headlineOf(message)).toBe('4 values: 2 sent, 2 refused.');
    for (const s of says) expect(message).toContain(s);
  });

  it('says a repeated clause and a repeated note once', () => {
    const message = rowMessage(
      [{ says: 'Quantity 5 sent to 2 channels' }, { says: 'Quantity 5 sent to 2 channels' }],
      ['a note', 'a note'],
    );
    expect(message).toBe('Quantity 5 sent to 2 channels. a note');
  });

  it('ends a too long first sentence at a clause break outside brackets, and drops nothing', () => {
    const text = `Price 10 has no channel (fill it: or else, choose one): fill Channel, or choose channels in Settings \u203a Default channels for plain columns, or use a per-channel column such as Price [amazon]`;
    const shaped = shortHeadline(text);
    expect(headlineOf(shaped)).toBe('Price 10 has no channel (fill it: or else, choose one).');
    expect(shaped.replace(/[.:\s]/g, '').toLowerCase()).toBe(text.replace(/[.:\s]/g, '').toLowerCase());
  });

  it('ends it before a long bracket rather than inside it', () => {
    const text = `Sale price 120 has no channel (every channel, chosen in Settings \u203a Default channels for plain columns, applies to Quantity and Price only): fill Channel`;
    expect(headlineOf(shortHeadline(text))).toBe('Sale price 120 has no channel.');
    expect(shortHeadline(text)).toContain('. (every channel, chosen in');
  });

  it('keeps a hub quote\u2019s full stops and a decimal point inside the first sentence', () => {
    expect(headlineOf('Price 12.5 refused (Error. Intente de nuevo). Details')).toBe('Price 12.5 refused (Error. Intente de nuevo).');
  });

  it('puts a note first with leadWith and more details after with withDetails, the first sentence still short', () => {
    const m = rowMessage([{ says: 'Quantity 5 sent to 2 channels' }]);
    expect(withDetails(m, ['Price [amazon] 60 not sent'])).toBe('Quantity 5 sent to 2 channels. Price [amazon] 60 not sent');
    expect(headlineOf(leadWith('The row changed while the push ran', m))).toBe('The row changed while the push ran.');
  });

  it('any message: the first sentence is at most 120 characters, nothing is lost, and shaping twice changes nothing', () => {
    const word = fc.stringMatching(/^[a-zA-Z0-9áé]{1,14}$/);
    const piece = fc.oneof(word, fc.constantFrom(':', ',', ';', ' \u2014', '.', '(', ')', '\u201C', '\u201D'));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 80 }), (pieces) => {
        const text = pieces.join(' ').trim();
        const shaped = shortHeadline(text);
        expect(headlineOf(shaped).length).toBeLessThanOrEqual(HEADLINE_MAX);
        expect(shortHeadline(shaped)).toBe(shaped);
        const letters = (s: string): string => s.replace(/[^a-zA-Z0-9áé]/g, '').toLowerCase();
        expect(letters(shaped)).toBe(letters(text));
      }),
      { numRuns: 500 },
    );
  });
});
