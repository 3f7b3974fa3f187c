import { checkOldJobId, jobProgressText, jobTitle, mergeJobs, oldJobStatusText, toJobView } from '../../../src/client/views/jobs/text';
import { LOG_KEYS, logLine, newestFirst } from '../../../src/client/views/log/text';
import { settingsNeedAttention, setupNotice, tokenStatusText } from '../../../src/client/views/settings/token/text';
import { LOG_HEADER } from '../../../src/core/kernel/log';
import { tokenStatus } from '../../../src/core/settings/token';

const HOUR = 3_600_000;
const NOW = Date.UTC(2024, 4, 1, 12, 0);
const token = (expiresAt: number | null, source: 'login' | 'pasted' = 'login') =>
  tokenStatus({ token: 'secret', expiresAt, source, savedAt: NOW - HOUR }, NOW);

describe('tokenStatusText', () => {
  it('asks for a token when there is none', () => {
    expect(tokenStatusText(tokenStatus(null, NOW), NOW)).toEqual({ level: 'error', text: expect.stringMatching(/^No API token/) });
  });

  it('shows the expiry, and warns within a day', () => {
    expect(tokenStatusText(token(NOW + 30 * 24 * HOUR), NOW, 'utc')).toEqual({
      level: 'ok',
      text: 'Signed in; the token expires 2024-05-31 12:00 (in 30 days).',
    });
    expect(tokenStatusText(token(NOW + 5 * HOUR), NOW, 'utc')).toEqual({
      level: 'warning',
      text: 'Signed in; the token expires within a day: 2024-05-01 17:00 (in 5 h). Sign in again soon.',
    });
  });

  it('says when it expired', () => {
    expect(tokenStatusText(token(NOW - 2 * HOUR), NOW, 'utc')).toEqual({
      level: 'error',
      text: 'The token expired 2024-05-01 10:00 (2 h ago). Sign in again or paste a new token.',
    });
  });

  it('says a pasted token has no known expiry', () => {
    expect(tokenStatusText(token(null, 'pasted'), NOW).text).toBe('Token pasted; the hub did not say when the token expires.');
  });

  it('never shows the token itself', () => {
    for (const t of [token(null, 'pasted'), token(NOW + HOUR), token(NOW - HOUR)])
      expect(tokenStatusText(t, NOW).text).not.toContain('secret');
  });
});

describe('settings attention', () => {
  it('opens settings when the URL or a usable token is missing', () => {
    expect(settingsNeedAttention('', token(null))).toBe(true);
    expect(settingsNeedAttention('https://x', tokenStatus(null, NOW))).toBe(true);
    expect(settingsNeedAttention('https://x', token(NOW - 1))).toBe(true);
    expect(settingsNeedAttention('https://x', token(NOW + HOUR))).toBe(false);
  });

  it('puts a notice above the sections for setup, expiry soon and expired tokens', () => {
    expect(setupNotice('', token(null), NOW)?.text).toMatch(/base URL/);
    expect(setupNotice('https://x', tokenStatus(null, NOW), NOW)?.text).toMatch(/Add an API token/);
    expect(setupNotice('https://x', token(NOW + HOUR), NOW)?.level).toBe('warning');
    expect(setupNotice('https://x', token(NOW - HOUR), NOW)?.level).toBe('error');
    expect(setupNotice('https://x', token(NOW + 48 * HOUR), NOW)).toBeNull();
  });
});

describe('jobs text', () => {
  const job = toJobView({ jobId: '123456', rows: 40, items: 80, finalItems: 12, createdAt: NOW });

  it('describes a job and its progress', () => {
    expect(jobTitle(job, 'utc')).toBe('Job 123456 \u00b7 40 rows \u00b7 created 2024-05-01 12:00');
    expect(jobProgressText(job)).toBe('12 of 80 items final');
    expect(jobProgressText({ ...job, items: 0, finalItems: 0 })).toMatch(/^Queued/);
    expect(jobProgressText({ ...job, final: true })).toMatch(/^Finished: 80 items/);
  });

  it('keeps jobs that just finished in view, newest first, open state winning', () => {
    const older = toJobView({ jobId: '1', rows: 1, items: 0, finalItems: 0, createdAt: NOW - HOUR });
    const done = toJobView({ jobId: '2', rows: 1, items: 2, finalItems: 2, createdAt: NOW - 2 * HOUR, final: true });
    const stale = toJobView({ jobId: '1', rows: 1, items: 5, finalItems: 1, createdAt: NOW - HOUR, final: false });
    expect(mergeJobs([job, older], [done, stale]).map((j) => j.jobId)).toEqual(['123456', '1', '2']);
    expect(mergeJobs([older], [stale])[0]).toBe(older);
  });

  it('checks and describes an old job status', () => {
    expect(checkOldJobId(' 123 ')).toBeNull();
    expect(checkOldJobId('12a')).toMatch(/numeric id/);
    expect(checkOldJobId('')).toMatch(/numeric id/);
    expect(oldJobStatusText({ jobId: '9', status: 'Finalizado', processed: 5, total: 10 })).toBe(
      'Job 9: Finalizado \u2014 5 of 10 items processed.',
    );
  });
});

describe('log text', () => {
  it('reads the Log sheet\u2019s own headers', () => {
    expect(LOG_KEYS).toBe(LOG_HEADER); // one list, not a copy kept in step
  });

  const row = (over: Record<string, string | number> = {}) => ({
    Time: new Date(NOW).toISOString(),
    User: 'ana@example.com',
    Operation: 'Push stock (all rows)',
    'Rows OK': 12,
    'Rows failed': 1,
    'Rows skipped': 0,
    Requests: 3,
    Retries: 2,
    'Duration (s)': 2.5,
    Message: 'done',
    ...over,
  });

  it('makes a compact line', () => {
    expect(logLine(row(), 'utc')).toEqual({
      time: '2024-05-01 12:00',
      operation: 'Push stock (all rows)',
      counts: '12 ok \u00b7 1 failed \u00b7 3 req \u00b7 2 retries \u00b7 2.5 s',
      message: 'done',
      user: 'ana@example.com',
      failed: true,
    });
    expect(logLine(row({ 'Rows failed': 0, Retries: 1, 'Duration (s)': '' }), 'utc').counts).toBe('12 ok \u00b7 3 req \u00b7 1 retry');
    // Counts as every other count in the sidebar: with thousands separators.
    expect(logLine(row({ 'Rows OK': 5000, 'Rows failed': 1200, Requests: 1000, Retries: 0, 'Duration (s)': '' }), 'utc').counts).toBe(
      '5,000 ok \u00b7 1,200 failed \u00b7 1,000 req',
    );
  });

  it('keeps sheet text literally (it is rendered as text)', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const formula = '=HYPERLINK("http://x","y")';
    const line = logLine(row({ Operation: evil, Message: formula }), 'utc');
    expect(line.operation).toBe(evil);
    expect(line.message).toBe(formula);
  });

  it('sorts newest first, undated lines last in their order', () => {
    const rows = [
      row({ Time: '2024-01-01T00:00:00Z', Message: 'a' }),
      row({ Time: 'x', Message: 'b' }),
      row({ Time: '2024-02-01T00:00:00Z', Message: 'c' }),
    ];
    expect(newestFirst(rows).map((r) => r.Message)).toEqual(['c', 'a', 'b']);
  });
});
