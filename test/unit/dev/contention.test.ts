/** npm run test:contention's argument handling: our two flags taken out, the rest left to jest in order. */
import * as fc from 'fast-check';
import { parseContentionArgs } from '../../../dev/tools/contention';

describe('parseContentionArgs', () => {
  it('defaults to two busy loops, one run, the whole suite', () => {
    expect(parseContentionArgs([])).toEqual({ workers: 2, runs: 1, jestArgs: [] });
  });

  it('takes --workers and --runs wherever they stand, and passes the rest through in order', () => {
    expect(parseContentionArgs(['test/browser', '--workers', '3', '-t', 'push', '--runs', '2', '--runInBand'])).toEqual({
      workers: 3,
      runs: 2,
      jestArgs: ['test/browser', '-t', 'push', '--runInBand'],
    });
  });

  it('passes everything after -- to jest untouched, our flags included', () => {
    expect(parseContentionArgs(['--workers', '0', '--', '--runs', '5', 'test/e2e'])).toEqual({
      workers: 0,
      runs: 1,
      jestArgs: ['--runs', '5', 'test/e2e'],
    });
  });

  it('refuses counts that are not whole numbers, saying what it needs', () => {
    expect(() => parseContentionArgs(['--runs', '0'])).toThrow('--runs needs a whole number (at least 1), got 0');
    expect(() => parseContentionArgs(['--workers', '-1'])).toThrow('--workers needs a whole number (0 or more), got -1');
    expect(() => parseContentionArgs(['--workers'])).toThrow('got nothing');
    expect(() => parseContentionArgs(['--runs', '1.5'])).toThrow(/whole number/);
  });

  it('never loses or reorders a jest argument (property)', () => {
    const jestArg = fc.stringMatching(/^[a-z/.=-]{1,12}$/).filter((a) => a !== '--' && a !== '--workers' && a !== '--runs');
    fc.assert(
      fc.property(fc.array(jestArg, { maxLength: 8 }), fc.nat(8), fc.integer({ min: 1, max: 5 }), fc.nat(8), (args, w, r, at) => {
        const i = Math.min(at, args.length);
        const argv = [...args.slice(0, i), '--workers', String(w), ...args.slice(i), '--runs', String(r)];
        expect(parseContentionArgs(argv)).toEqual({ workers: w, runs: r, jestArgs: args });
      }),
    );
  });
});
