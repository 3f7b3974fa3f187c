/**
 * npm run reliability: turns the figures the reliability tests wrote into reports/reliability/
 * (fault soak, interruptions, concurrency, bad inputs, token-leak checks) into docs/reports/RELIABILITY.md,
 * and records what `npm audit --omit=dev` says. Run it after `npm test`; .ci/run does.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RELIABILITY_DIR, readReliability } from '../testkit/reliability';
import { crossSection } from './reliability-cross';

const ROOT = path.resolve(__dirname, '..', '..');
/** The generated report, beside the other reports of docs/. */
const REPORT = path.join(ROOT, 'docs', 'reports', 'RELIABILITY.md');
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface LeakFigures {
  checks: number;
  leaks: string[];
  files: number;
  requestsChecked: number;
  foreignWithToken: number;
  redirectsFollowed: number;
  insecure: number;
}

function leakFigures(): LeakFigures {
  const dir = path.join(RELIABILITY_DIR, 'leaks');
  const out: LeakFigures = { checks: 0, leaks: [], files: 0, requestsChecked: 0, foreignWithToken: 0, redirectsFollowed: 0, insecure: 0 };
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir)) {
    const data = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Partial<LeakFigures> & { checks: number; leaks: string[] };
    out.checks += data.checks;
    out.leaks.push(...data.leaks);
    out.files += 1;
    // Files written before the destination check have no request figures: they count 0.
    out.requestsChecked += data.requestsChecked ?? 0;
    out.foreignWithToken += data.foreignWithToken ?? 0;
    out.redirectsFollowed += data.redirectsFollowed ?? 0;
    out.insecure += data.insecure ?? 0;
  }
  return out;
}

/** What npm audit says about the production dependencies, or why it could not say. */
function audit(): string {
  const deps = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable', '--loglevel=error'], { cwd: ROOT, encoding: 'utf8' });
  const tree = deps.stdout
    .split('\n')
    .filter(Boolean)
    .slice(1)
    .map((p) => path.relative(path.join(ROOT, 'node_modules'), p));
  const r = spawnSync('npm', ['audit', '--omit=dev', '--json', '--loglevel=error'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  let verdict: string;
  try {
    const report = JSON.parse(r.stdout) as Json;
    if (report.metadata?.vulnerabilities) {
      const v = report.metadata.vulnerabilities as Record<string, number>;
      verdict = `high ${v.high ?? 0}, critical ${v.critical ?? 0} (moderate ${v.moderate ?? 0}, low ${v.low ?? 0})`;
    } else {
      verdict = `could not run on this machine: the registry answered \`${String(report.message || report.error?.summary || 'no report').split('\n')[0]}\` (its advisory endpoint is not reachable from here); run \`npm audit --omit=dev\` where it is`;
    }
  } catch {
    verdict = `could not run here: ${
      (r.stderr || r.stdout || 'no output')
        .trim()
        .split('\n')
        .find((l) => /error|405|ENOTFOUND|audit/i.test(l)) ?? 'no output'
    }`;
  }
  // The one advisory ever published for zod (GHSA-m95q-7qp3-xv42, CVE-2023-4316, a ReDoS in
  // z.string().email()) affects 3.22.0–3.22.2 only; checked by hand where the audit cannot run.
  return `${verdict}. Production dependency tree (what the bundle contains): ${tree.length ? tree.map((t) => `\`${t}\``).join(', ') : 'none'}. Known advisories checked by hand: zod's GHSA-m95q-7qp3-xv42 (CVE-2023-4316) affects 3.22.0–3.22.2 only, not the version in the lock file.`;
}

/** The write-back invariant's property suites (test/properties) and soak (npm run soak), by operation. */
function invariantSection(): string[] {
  const suites: Array<{ name: string; f: Json }> = [];
  for (const dir of ['invariants', 'invariants-soak']) {
    const full = path.join(RELIABILITY_DIR, dir);
    if (!fs.existsSync(full)) continue;
    for (const file of fs.readdirSync(full).sort())
      suites.push({
        name: `${dir === 'invariants' ? 'npm test' : 'npm run soak'}: ${file.replace(/\.json$/, '')}`,
        f: JSON.parse(fs.readFileSync(path.join(full, file), 'utf8')) as Json,
      });
  }
  if (suites.length === 0) return ['not run (run `npm test` first)'];
  const faults = (f: Record<string, number>): string =>
    Object.entries(f)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k.replace(/^answer:/, '')} ×${n}`)
      .join(', ');
  const total = (key: string): number => suites.reduce((n, s) => n + Number(s.f[key] ?? 0), 0);
  return [
    `Each seed: a hub of 40 products, a sheet of the operation's columns in a random order (up to the row count shown), a contrary hub (answers reordered, dropped, duplicated, substituted, extra, statuses varied, refusals that look like success, wrong echoes, echoed headers, partial job pages, plus HTTP 5xx/429, broken JSON and timeouts), and a colleague who sorts, inserts and deletes rows, inserts, deletes and renames columns and edits values between chunks and while requests are in flight. After every execution the sheet and the snapshot are checked against the hub's state. In all: ${total('seeds').toLocaleString('en-US')} seeds, ${total('okRowsChecked').toLocaleString('en-US')} OK values and ${total('snapshotEntriesChecked').toLocaleString('en-US')} snapshot entries verified; **${total('falseOk')} false OK, ${total('inputCellsChanged')} input cells changed, ${total('confirmedNotStored')} confirmed-but-not-stored, ${total('otherViolations')} other violations**.`,
    '',
    '| Suite | Seeds (rows ≤) | Executions | OK values verified | Snapshot entries verified | Max document properties | False OK / input cells changed / confirmed-not-stored | Faults drawn | Colleague edits |',
    '|---|---:|---:|---:|---:|---:|---|---|---|',
    ...suites.map(
      ({ name, f }) =>
        `| ${name} | ${f.seeds} (${f.maxRows}) | ${f.executions} | ${f.okRowsChecked} | ${f.snapshotEntriesChecked} | ${(f.maxPropertyBytes / 1024).toFixed(1)} KB | ${f.falseOk} / ${f.inputCellsChanged} / ${f.confirmedNotStored} | ${faults(f.faults)} | ${faults(f.edits)} |`,
    ),
  ];
}

/** The read paths' property suites (test/properties, issue 12) and their soak, by path. */
function readSection(): string[] {
  const suites: Array<{ name: string; f: Json }> = [];
  for (const dir of ['reads', 'reads-soak']) {
    const full = path.join(RELIABILITY_DIR, dir);
    if (!fs.existsSync(full)) continue;
    for (const file of fs.readdirSync(full).sort())
      suites.push({
        name: `${dir === 'reads' ? 'npm test' : 'npm run soak'}: ${file.replace(/\.json$/, '')}`,
        f: JSON.parse(fs.readFileSync(path.join(full, file), 'utf8')) as Json,
      });
  }
  if (suites.length === 0) return ['not run (run `npm test` first)'];
  const sum = (p: string, key: string): number =>
    suites.filter((s) => s.f.path === p).reduce((n, s) => n + Number(s.f.counts?.[key] ?? 0), 0);
  const seeds = (p: string): number => suites.filter((s) => s.f.path === p).reduce((n, s) => n + Number(s.f.seeds ?? 0), 0);
  const faults = (f: Record<string, number>): string =>
    Object.entries(f)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k.replace(/^read:/, '')} ×${n}`)
      .join(', ');
  const perJob =
    sum('jobs', 'neverEndingJobs') > 0 ? (sum('jobs', 'neverEndingRequests') / sum('jobs', 'neverEndingJobs')).toFixed(1) : '—';
  return [
    `Each seed draws a hub that behaves as real ones do at the edges while it is read (below), runs the read path the way the seller does (scheduled import, background job polling, a pull), lets things settle, and checks the result against the hub's true state.`,
    '',
    `- **Order import** (${seeds('orders').toLocaleString('en-US')} seeds, backlogs up to 60 orders (150 in the soak), orders added late with old purchase dates, state changes and deletions between page calls, short pages, drifting totals, malformed records, 500s, status filters): ${sum('orders', 'ordersChecked').toLocaleString('en-US')} hub orders checked once settled — **orders lost ${sum('orders', 'lost')}, orders duplicated ${sum('orders', 'duplicated')}, orders out of date ${sum('orders', 'stale')}**. Without malformed records the daily check must find nothing the two streams missed (it found ${sum('orders', 'foundLate')} late in all, every one in seeds where a malformed record was repaired by it).`,
    `- **Async jobs** (${seeds('jobs').toLocaleString('en-US')} seeds, up to 60 SKUs (150 in the soak) × 2 channels, short pages, reordering, offset read as a page number, lower-cased SKUs, items listed only once processed, jobs that never finish, 500s; deadline 2 h): ${sum('jobs', 'rowsSent').toLocaleString('en-US')} rows sent, ${sum('jobs', 'rowsOk').toLocaleString('en-US')} ended OK (each checked against the hub), ${sum('jobs', 'rowsNoResult').toLocaleString('en-US')} "No result" (only jobs the hub never ran) — **jobs left Pending without notice ${sum('jobs', 'leftPending')}, false OK ${sum('jobs', 'falseOk')}**; a job that never finishes cost ${perJob} requests on average before its deadline (budget: 2,000 a day).`,
    `- **Catalogue pull** (${seeds('catalogue').toLocaleString('en-US')} seeds, up to 150 products (400 in the soak), products added and deleted — one or a batch — between page calls, drifting totals, duplicate SKUs, space/case twins, 500s): ${sum('catalogue', 'rowsChecked').toLocaleString('en-US')} sheet rows checked, ${sum('catalogue', 'markedAbsent').toLocaleString('en-US')} marked not in the hub, ${sum('catalogue', 'incompletePulls')} pulls that found the list inconsistent and marked nothing — **false "not in the hub" ${sum('catalogue', 'falseNotInHub')}, false "Yes" ${sum('catalogue', 'falseInHub')}**.`,
    '',
    '| Suite | Seeds | Hub calls | Faults drawn | Counts |',
    '|---|---:|---:|---|---|',
    ...suites.map(
      ({ name, f }) =>
        `| ${name} | ${f.seeds} | ${f.calls} | ${faults(f.faults ?? {})} | ${Object.entries(f.counts ?? {})
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')} |`,
    ),
  ];
}

function row(what: string, held: string): string {
  return `| ${what} | ${held.replace(/\|/g, '\\|')} |`;
}

function main(): void {
  const soak = readReliability<Json>('soak');
  const second = readReliability<Json>('soak-second-pass');
  const push = readReliability<Json>('interruptions-push');
  const jobs = readReliability<Json>('interruptions-jobs');
  const orders = readReliability<Json>('interruptions-orders');
  const asyncJobs = readReliability<Json>('interruptions-async');
  const concurrency = readReliability<Json>('concurrency');
  const budget = readReliability<Json>('property-budget');
  const bad = readReliability<{ kinds: number; cases: Array<{ kind: string; where: string; message: string }> }>('bad-input');
  const leaks = leakFigures();
  const missing = 'not run (run `npm test` first)';
  const rows = [
    row(
      'Fault soak: 10,000 rows pushed while the hub answers 10 % 503, 5 % 429, 2 % never (timeout), 1 % broken JSON',
      soak
        ? `${soak.rowsConfirmedAfterSecondPass.toLocaleString('en-US')} of ${soak.rows.toLocaleString('en-US')} rows confirmed after the retry pass, ${soak.rowsLost} lost; hub state equals the sheet. ${soak.requestsInAll} requests for ${soak.rows / 50} batches; faults injected: ${Object.entries(
            soak.faultsInjected,
          )
            .map(([k, v]) => `${k} ×${v}`)
            .join(
              ', ',
            )}; retries counted by the add-on: ${soak.retriesCountedByAddon} (${soak.retryReasons}); rows that needed a retry (from the hub's request log): ${soak.rowsThatNeededARetry.toLocaleString('en-US')}; rows still failed after the first pass: ${soak.rowsFailedAfterFirstPass}`
        : missing,
    ),
    row(
      'Second push of failed rows (first pass through 80 % 503)',
      second
        ? `${second.failedAfterFirstPass} rows failed in the first pass; the second push sent exactly those ${second.resentInSecondPass} and all ${second.confirmedAfterSecondPass} rows ended confirmed`
        : missing,
    ),
    row(
      `Interruptions — push: execution cut at a random service call, ${push?.seeds ?? 50} seeds`,
      push
        ? `${push.survived} of ${push.seeds} resumed (${push.killed} were cut mid-run); rows lost: ${push.rowsLost}; hub state equals the sheet every time; rows sent twice: at most ${push.maxRowsResent} (rows confirmed since the last journal write, made every second round, and the round in flight at the cut; journalled rows are never re-sent)`
        : missing,
    ),
    row(
      `Interruptions — job refresh, ${jobs?.seeds ?? 50} seeds`,
      jobs
        ? `${jobs.survived} of ${jobs.seeds} completed on the next refresh (${jobs.killed} cut); rows lost: ${jobs.rowsLost}; duplicate Jobs rows: ${jobs.duplicateRows}`
        : missing,
    ),
    row(
      `Interruptions — order import, ${orders?.seeds ?? 50} seeds`,
      orders
        ? `${orders.survived} of ${orders.seeds} finished on the following runs (${orders.killed} cut); orders lost: ${orders.ordersLost}, duplicated: ${orders.ordersDuplicated} (of ${orders.orders} orders, ${orders.items} items); no 429`
        : missing,
    ),
    row(
      `Interruptions — async job creation, ${asyncJobs?.seeds ?? 20} seeds`,
      asyncJobs ? `jobs created twice: ${asyncJobs.jobsCreatedTwice}; rows whose job creation was cut are flagged, not re-sent` : missing,
    ),
    row(
      'Concurrency: two users push and the import trigger fires at the same moment',
      concurrency
        ? `serialised by the document lock; the waiting user is told who and since when; the import is put off to its next run; interleaved rows: ${concurrency.interleavedRows}`
        : missing,
    ),
    row(
      'Bounded state: 5,000 selected rows of 200-character SKUs pushed through five executions cut at random',
      budget
        ? `document properties peaked at ${(budget.maxDocumentPropertyBytes / 1024).toFixed(1)} KB (budget ${budget.budget / 1024} KB of the 500 KB store); the selection is kept in a hidden sheet; nothing of the run is left after it`
        : missing,
    ),
    row(
      'Bad inputs: sheets, cells, settings, hub answers',
      bad ? `${bad.kinds} kinds tried, each with its specific message (below); nothing thrown uncaught; no input cell changed` : missing,
    ),
    row(
      'Token leaks: checked after every operation of the end-to-end suite (cells, notes, formulas, logs, toasts, dialogs, document/script properties, errors, sidebar page and payloads, Drive, request URLs and bodies) and where every request went (each redirect hop included)',
      `${leaks.checks.toLocaleString('en-US')} checks in ${leaks.files} test environments; leaks found: ${leaks.leaks.length}<br>` +
        `requests to a foreign origin carrying a token: ${leaks.foreignWithToken} of ${leaks.requestsChecked.toLocaleString('en-US')}<br>` +
        `redirects followed: ${leaks.redirectsFollowed}; plain-http requests outside loopback: ${leaks.insecure}`,
    ),
    row(
      'Formula injection',
      'every string from the hub is written through escapeCellText (unit-tested); `<img src=x onerror=…>` and `=HYPERLINK(…)` from the hub stay inert text in the grid and the sidebar (browser test)',
    ),
    row('Base URL', 'https only, http for localhost (settings tests and the bad-input corpus)'),
    row('Manifest scopes', 'exactly the documented list (test/bundle)'),
    row('eval / new Function in the bundle', 'none (test/bundle)'),
    row('`npm audit --omit=dev`', audit()),
  ];
  const badTable = bad
    ? [
        '| # | kind | where | message |',
        '|---:|---|---|---|',
        ...bad.cases.map(
          (c, i) => `| ${i + 1} | ${c.kind} | ${c.where} | ${c.message.replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 220)} |`,
        ),
      ]
    : [missing];
  const body = [
    '# Reliability',
    '',
    `Generated by \`npm run reliability\` from the test run of ${new Date().toISOString().slice(0, 10)} (the tests write their figures to reports/reliability/). Regenerate rather than edit.`,
    '',
    '| What was tried | What held |',
    '|---|---|',
    ...rows,
    '',
    '## The write-back invariant: OK only for what the hub holds',
    '',
    ...invariantSection(),
    '',
    '## Invariants across features: random sequences of pushes, previews, undos, rules, pulls and hub changes',
    '',
    ...crossSection(),
    '',
    '## Reads that are complete: no order skipped, no job closed early, no SKU wrongly "not in the hub"',
    '',
    ...readSection(),
    '',
    '## Bad inputs and their messages',
    '',
    ...badTable,
    '',
  ].join('\n');
  fs.writeFileSync(REPORT, body);
  console.log(
    `${path.relative(ROOT, REPORT)} written: soak ${soak ? 'ok' : 'missing'}, ${bad?.kinds ?? 0} bad-input kinds, ${leaks.checks} leak checks, ${leaks.leaks.length} leaks.`,
  );
}

main();
