/**
 * The ledger's sheet over an in-memory workbook: one write per batch, whatever its size; the bound
 * on the values kept drops the oldest whole pushes (never the one being recorded) and says how
 * many; the History read filters on the server, newest first, and stays bounded.
 */
import { memoryWorkbook, T0 } from '../../../support/ports';
import { LEDGER_SHEET, appendLedger, rowsToDrop } from '../../../../src/core/pipeline/ledger/store';
import { readHistory } from '../../../../src/core/ledger/history';
import type { LedgerPush, LedgerValue } from '../../../../src/core/pipeline/ledger/values';
import type { MemorySheet } from '../../../support/ports';

const push = (id: string, at = T0, by = 'ana@example.com'): LedgerPush => ({
  id,
  at,
  title: 'Push stock (all rows)',
  by,
  byKey: by,
  sheet: 'Stock',
  operation: 'stock',
});
const values = (n: number, prefix = 'SKU-'): LedgerValue[] =>
  Array.from({ length: n }, (_, i): LedgerValue => [`${prefix}${i}`, '', 'quantity', i, 'snapshot', i + 1, 'OK', 'cell']);

describe('the ledger sheet', () => {
  test('a batch of 10,000 values is one write of a few packed rows, each counting its values and answers', () => {
    const wb = memoryWorkbook();
    appendLedger(wb, push('p1'), values(10_000));
    const sheet = wb.sheets.get(LEDGER_SHEET) as MemorySheet;
    expect(sheet.writes).toHaveLength(1);
    const rows = sheet.readAll().slice(1);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.length).toBeLessThan(40);
    expect(rows.reduce((n, r) => n + Number(r[5]), 0)).toBe(10_000);
    expect(String(rows[0][6])).toMatch(/^[\d,]+ OK$/);
  });

  test('over the bound, the oldest whole pushes are dropped, never the one being recorded', () => {
    const wb = memoryWorkbook();
    appendLedger(wb, push('p1'), values(60), 100, 1);
    appendLedger(wb, push('p2'), values(30), 100, 1);
    expect(appendLedger(wb, push('p3'), values(20), 100, 1)).toEqual({ pushes: 1, values: 60 });
    const ids = wb
      .grid(LEDGER_SHEET)
      .slice(1)
      .map((r) => r[1]);
    expect(ids).toEqual(['p2', 'p3']);
    // A push alone over the bound drops every other one, and stays.
    expect(appendLedger(wb, push('p3'), values(200), 100, 1)).toEqual({ pushes: 1, values: 30 });
    expect(
      new Set(
        wb
          .grid(LEDGER_SHEET)
          .slice(1)
          .map((r) => r[1]),
      ),
    ).toEqual(new Set(['p3']));
  });

  test('rowsToDrop takes every row of a push, also when its rows are apart', () => {
    const index = [
      ['', 'a', '', '', '', 10],
      ['', 'b', '', '', '', 10],
      ['', 'a', '', '', '', 10],
      ['', 'c', '', '', '', 10],
    ];
    expect(rowsToDrop(index, 'c', 5, 40, 1)).toEqual({ rows: [0, 2], pushes: 1, values: 20 });
    expect(rowsToDrop(index, 'c', 5, 100, 1)).toEqual({ rows: [], pushes: 0, values: 0 });
  });

  test('History: newest first, filtered by SKU, user, push and day, at most N values', () => {
    const wb = memoryWorkbook();
    appendLedger(wb, push('p1', T0, 'ana@example.com'), values(5, 'A-'));
    appendLedger(wb, push('p2', T0 + 2 * 86_400_000, 'bo@example.com'), values(5, 'B-'));
    const zone = 'UTC';
    const all = readHistory(wb, zone, {});
    expect(all.kept).toBe(10);
    expect(all.entries.map((e) => e.sku)).toEqual(['B-4', 'B-3', 'B-2', 'B-1', 'B-0', 'A-4', 'A-3', 'A-2', 'A-1', 'A-0']);
    expect(readHistory(wb, zone, { sku: 'a-3' }).entries.map((e) => [e.sku, e.push, e.by, e.before, e.sent])).toEqual([
      ['A-3', 'p1', 'ana@example.com', 3, 4],
    ]);
    expect(readHistory(wb, zone, { user: 'BO@' }).entries).toHaveLength(5);
    expect(readHistory(wb, zone, { push: 'p1' }).entries.every((e) => e.push === 'p1')).toBe(true);
    expect(readHistory(wb, zone, { date: '2026-11-22' }).entries.map((e) => e.push)).toEqual(Array(5).fill('p2'));
    const page = readHistory(wb, zone, {}, 3);
    expect(page.entries.map((e) => e.sku)).toEqual(['B-4', 'B-3', 'B-2']);
    expect(page.more).toBe(true);
  });
});
