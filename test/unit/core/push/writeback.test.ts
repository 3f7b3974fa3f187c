/**
 * writeResults: every Status [channel] cell of a row with a result is this push's (never a stale
 * value from before it), result columns are placed where the setting says without touching the
 * seller's cells, and the result colours are made once and extended, never forced back.
 */
import fc from 'fast-check';
import type { CellValue } from '../../../../src/core/kernel/ports';
import type { RowResult, RowStatus } from '../../../../src/core/pipeline/types';
import { NO_ACTIVE_LISTING, writeResults } from '../../../../src/core/pipeline/writeback';
import { LOOKS } from '../../../../src/sheet';
import { memorySheet, memoryStore } from '../../../support/ports';

const CHANNELS = ['amazon', 'mercadolibre', 'walmart'] as const;
const STATUSES: RowStatus[] = ['OK', 'Warning', 'Error', 'Skipped', 'Pending', 'Unconfirmed'];
const NOW = Date.UTC(2026, 0, 1);

const col = (grid: CellValue[][], header: string): number => grid[0].indexOf(header);

describe('writeResults: no stale Status [channel] next to a new status', () => {
  const scenario = fc.record({
    existing: fc.subarray([...CHANNELS]),
    notes: fc.boolean(),
    rows: fc.integer({ min: 1, max: 8 }),
    allChannels: fc.boolean(),
    placement: fc.constantFrom('end' as const, 'afterInputs' as const),
    results: fc.array(
      fc.record({
        row: fc.integer({ min: 2, max: 9 }),
        status: fc.constantFrom(...STATUSES),
        restored: fc.boolean(),
        channels: fc.dictionary(
          fc.constantFrom(...CHANNELS),
          fc.constantFrom('OK', 'Publicación pausada', "Not confirmed: not in the hub's answer"),
        ),
      }),
      { maxLength: 8 },
    ),
  });

  test("property: a touched row keeps no value from before the push in any Status [channel]; other rows and the seller's cells stay", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const header = ['SKU', 'Quantity', ...(s.notes ? ['Notes'] : []), 'Sync status', ...s.existing.map((c) => `Status [${c}]`)];
        // Every cell holds a value only it has: one seen after the push can be traced to before it.
        const grid: CellValue[][] = [
          header,
          ...Array.from({ length: s.rows }, (_, r) => header.map((h, c) => (h === 'SKU' ? `SKU-${r}` : `prior-${r}-${c}`))),
        ];
        const before = grid.map((r) => [...r]);
        const results = new Map<number, RowResult>();
        for (const r of s.results)
          if (r.row <= s.rows + 1)
            results.set(r.row, { status: r.status, message: 'm', channels: r.channels, ...(r.restored ? { restored: true } : {}) });
        const sheet = memorySheet('S', grid);
        writeResults({
          sheet,
          values: sheet.readAll(),
          results,
          now: NOW,
          allChannels: s.allChannels,
          placement: { mode: s.placement, inputColumns: [0, 1] },
        });
        const after = sheet.readAll();
        for (let r = 1; r <= s.rows; r++) {
          const result = results.get(r + 1);
          // The seller's cells, found by header wherever they are now, never change.
          for (const h of ['SKU', 'Quantity', 'Notes'].filter((x) => header.includes(x)))
            expect(after[r][col(after, h)]).toEqual(before[r][header.indexOf(h)]);
          for (const channel of CHANNELS) {
            const c = col(after, `Status [${channel}]`);
            if (c < 0) continue;
            const cell = after[r][c] ?? '';
            const was = header.includes(`Status [${channel}]`) ? before[r][header.indexOf(`Status [${channel}]`)] : '';
            if (!result) {
              expect(cell).toEqual(was);
              continue;
            }
            const named = result.channels[channel];
            const noListing = s.allChannels && !result.restored && (result.status === 'OK' || result.status === 'Warning');
            expect([r, channel, cell]).toEqual([r, channel, named ?? (noListing ? NO_ACTIVE_LISTING : '')]);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('writeResults: where new result columns go', () => {
  const grid = (): CellValue[][] => [
    ['SKU', 'Quantity', 'Notes', 'Cost'],
    ['A', 5, 'mine', 3],
    ['B', 6, '', 4],
  ];
  const results = new Map<number, RowResult>([[2, { status: 'OK', message: 'done', channels: { amazon: 'OK' } }]]);

  test("at the end (the default): after the seller's last column", () => {
    const sheet = memorySheet('S', grid());
    writeResults({ sheet, values: sheet.readAll(), results, now: NOW, allChannels: false });
    expect(sheet.grid[0]).toEqual([
      'SKU',
      'Quantity',
      'Notes',
      'Cost',
      'Sync status',
      'Sync message',
      'Job id',
      'Synced at',
      'Status [amazon]',
    ]);
  });

  test("after the inputs: inserted after the last column the push reads; the seller's columns move right, whole", () => {
    const sheet = memorySheet('S', grid());
    writeResults({
      sheet,
      values: sheet.readAll(),
      results,
      now: NOW,
      allChannels: false,
      placement: { mode: 'afterInputs', inputColumns: [0, 1] },
    });
    expect(sheet.grid[0]).toEqual([
      'SKU',
      'Quantity',
      'Sync status',
      'Sync message',
      'Job id',
      'Synced at',
      'Status [amazon]',
      'Notes',
      'Cost',
    ]);
    expect(sheet.grid[1].slice(0, 3)).toEqual(['A', 5, 'OK']);
    expect(sheet.grid[1].slice(7)).toEqual(['mine', 3]);
    expect(sheet.grid[2]).toEqual(['B', 6, '', '', '', '', '', '', 4]);
  });

  test('after the inputs: a new Status [channel] joins the result columns already there, which stay put', () => {
    const sheet = memorySheet('S', [
      ['SKU', 'Quantity', 'Notes', 'Sync status', 'Sync message', 'Job id', 'Synced at', 'Cost'],
      ['A', 5, 'mine', '', '', '', '', 3],
    ]);
    writeResults({
      sheet,
      values: sheet.readAll(),
      results,
      now: NOW,
      allChannels: false,
      placement: { mode: 'afterInputs', inputColumns: [0, 1] },
    });
    expect(sheet.grid[0]).toEqual([
      'SKU',
      'Quantity',
      'Notes',
      'Sync status',
      'Sync message',
      'Job id',
      'Synced at',
      'Status [amazon]',
      'Cost',
    ]);
    expect(sheet.grid[1]).toEqual(['A', 5, 'mine', 'OK', 'done', '', new Date(NOW), 'OK', 3]);
  });
});

describe('writeResults: the result colours, created once', () => {
  const results = (channel: string): Map<number, RowResult> =>
    new Map([[2, { status: 'OK', message: 'done', channels: { [channel]: 'OK' } }]]);
  const sellerRule = { criteria: 'TEXT_CONTAINS', values: ['rush'], background: '#ff00ff', fontColor: null };

  test("the first results add one set of rules after the seller's; a new channel column extends them; no duplicates", () => {
    const sheet = memorySheet('S', [
      ['SKU', 'Quantity'],
      ['A', 5],
    ]);
    sheet.rules.push(sellerRule);
    const store = memoryStore();
    writeResults({ sheet, values: sheet.readAll(), results: results('amazon'), now: NOW, allChannels: false, colours: store });
    expect(sheet.rules[0]).toBe(sellerRule);
    const ours = sheet.rules.slice(1) as Array<{ when: unknown; columns: number[] }>;
    expect(ours.find((r) => JSON.stringify(r.when) === '{"equals":"OK"}')?.columns).toEqual([2, 6]);
    expect(ours.at(-1)).toEqual({ when: 'notEmpty', look: LOOKS.error, columns: [6] });
    const count = sheet.rules.length;
    writeResults({ sheet, values: sheet.readAll(), results: results('amazon'), now: NOW, allChannels: false, colours: store });
    expect(sheet.rules.length).toBe(count);
    writeResults({ sheet, values: sheet.readAll(), results: results('walmart'), now: NOW, allChannels: false, colours: store });
    expect(sheet.rules.length).toBe(count);
    expect((sheet.rules.at(-1) as { columns: number[] }).columns).toEqual([6, 7]);
  });

  test('rules the seller deleted are not brought back, not even when a column is added', () => {
    const sheet = memorySheet('S', [
      ['SKU', 'Quantity'],
      ['A', 5],
    ]);
    const store = memoryStore();
    writeResults({ sheet, values: sheet.readAll(), results: results('amazon'), now: NOW, allChannels: false, colours: store });
    sheet.rules = [sellerRule];
    writeResults({ sheet, values: sheet.readAll(), results: results('walmart'), now: NOW, allChannels: false, colours: store });
    expect(sheet.rules).toEqual([sellerRule]);
  });

  test('a sheet whose result columns an earlier version made gets its colours at the next write', () => {
    const sheet = memorySheet('S', [
      ['SKU', 'Sync status', 'Sync message', 'Job id', 'Synced at', 'Status [amazon]'],
      ['A', 'OK', '', '', '', 'OK'],
    ]);
    writeResults({ sheet, values: sheet.readAll(), results: results('amazon'), now: NOW, allChannels: false, colours: memoryStore() });
    expect(sheet.rules.length).toBeGreaterThan(0);
  });
});
