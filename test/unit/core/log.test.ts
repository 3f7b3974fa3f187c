import { LOG_HEADER, appendLog, recentLog, type LogEntry } from '../../../src/core/log';
import { T0, memoryWorkbook } from '../../support/ports';

const entry = (operation: string, ok: number): LogEntry => ({
  time: T0,
  user: 'ana@example.com',
  operation,
  ok,
  failed: 0,
  skipped: 1,
  requests: 2,
  retries: 0,
  durationMs: 1500,
  message: `${operation} done`,
});

describe('the Log sheet by header', () => {
  it('appends a line under its headers and leaves the seller\u2019s columns (at A, in the middle, at the end) empty in it', () => {
    const header = ['Notes', ...LOG_HEADER.slice(0, 3), 'Ticket', ...LOG_HEADER.slice(3), 'Later'];
    const wb = memoryWorkbook({ Log: [header] });
    appendLog(wb, 'Log', entry('Push stock', 3), 100);
    const grid = wb.grid('Log');
    expect(grid[0]).toEqual(header);
    expect(grid[1]).toEqual(['', new Date(T0), 'ana@example.com', 'Push stock', '', 3, 0, 1, 2, 0, 1.5, 'Push stock done', '']);
  });

  it('re-creates a column of its own the seller renamed at the right; the renamed one is theirs', () => {
    const header = [...LOG_HEADER.slice(0, -1), 'Mensaje'];
    const wb = memoryWorkbook({ Log: [header] });
    appendLog(wb, 'Log', entry('Push stock', 3), 100);
    const grid = wb.grid('Log');
    expect(grid[0]).toEqual([...header, 'Message']);
    expect(grid[1].slice(9)).toEqual(['', 'Push stock done']);
  });

  it('reads the recent lines by header, newest first, skipping rows with nothing of its own', () => {
    const wb = memoryWorkbook({ Log: [['Notes', ...LOG_HEADER]] });
    appendLog(wb, 'Log', entry('Push stock', 3), 100);
    appendLog(wb, 'Log', entry('Import orders', 5), 100);
    wb.sheets.get('Log')!.grid.push(['a note of mine']);
    expect(recentLog(wb, 'Log', 10)).toEqual([
      expect.objectContaining({ Operation: 'Import orders', 'Rows OK': 5, User: 'ana@example.com', Message: 'Import orders done' }),
      expect.objectContaining({ Operation: 'Push stock', 'Rows OK': 3, Time: new Date(T0).toISOString() }),
    ]);
  });
});
