/**
 * Contract: the API token never appears in an error message or a log line. Every error case of
 * the contract suites (scenarios.ts) is run again here against a hub of its own, and every
 * HubError they produce is checked, and so is everything printed while failing calls run.
 */
import { format, inspect } from 'node:util';
import type { SpawnedHub } from '../../dev/hub-emulator/spawn';
import type { HubError } from '../../src/api/errors';
import { TOKEN, fresh, makeClient, startHub } from './helpers';
import { ALL_SECRETS, WRONG_TOKEN, scenarios, type Scenario } from './scenarios';

let hub: SpawnedHub;

beforeAll(async () => {
  hub = await startHub({ seed: 'demo' });
  await hub.admin.settings({ ordersRateLimit: { calls: 10_000, windowMs: 60_000 } });
});
afterAll(() => hub?.close());

const leaks = (text: string | null | undefined, secrets: string[]) => secrets.filter((s) => (text ?? '').includes(s));

test('no HubError message or hubMessage of any error case contains the token', async () => {
  const seen: Array<{ scenario: string; error: HubError; secrets: string[] }> = [];
  const entries = Object.entries(scenarios) as Array<[string, Scenario]>;
  for (const [name, run] of entries) {
    await hub.admin.reset();
    const { errors, secrets = [] } = await run(hub);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) seen.push({ scenario: name, error, secrets: [TOKEN, ...secrets] });
  }
  // Every kind of failure the client knows was exercised.
  expect(new Set(seen.map((s) => s.error.kind))).toEqual(
    new Set(['auth', 'bad-request', 'not-found', 'rate-limit', 'server', 'timeout', 'network', 'malformed']),
  );
  expect(seen.length).toBeGreaterThanOrEqual(entries.length);
  const found = seen.flatMap(({ scenario, error, secrets }) =>
    [...leaks(error.message, secrets), ...leaks(error.hubMessage, secrets), ...leaks(String(error.stack), secrets)].map(
      (s) => `${scenario}: ${s}`,
    ),
  );
  expect(found).toEqual([]);
});

test('no log line written while calls fail (nor the errors logged as a caller would) contains the token', async () => {
  await fresh(hub);
  const lines: string[] = [];
  const capture = (...args: unknown[]) => void lines.push(format(...args));
  const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
  const spies = methods.map((m) => jest.spyOn(console, m).mockImplementation(capture));
  const writes = [jest.spyOn(process.stdout, 'write'), jest.spyOn(process.stderr, 'write')].map((s) =>
    s.mockImplementation(((chunk: unknown) => (lines.push(String(chunk)), true)) as never),
  );
  try {
    await hub.admin.setFaults({ rates: { 500: 1 }, pathPattern: 'updatestock' });
    const { client } = makeClient(hub.url, { retry: { maxAttempts: 2 } });
    const { client: wrong } = makeClient(hub.url, { token: WRONG_TOKEN });
    const { client: slow } = makeClient(hub.url, { timeoutMs: 200, retry: { maxAttempts: 1 } });
    const failures = [client.updateStock([{ sku: 'CAM-ROJA.M', quantity: 1 }])[0].outcome, wrong.getByChannel(['CAM-ROJA.M'])[0]];
    await hub.admin.setFaults({ timeoutRate: 1, pathPattern: 'findorder' });
    let thrownError: unknown = null;
    try {
      slow.findOrder('X-1');
    } catch (e) {
      thrownError = e;
    }
    await hub.admin.clearFaults();
    expect(failures.map((o) => o.ok)).toEqual([false, false]);
    expect(thrownError).not.toBeNull();
    // What a caller does with failures: log them whole.
    for (const o of failures) {
      console.error('hub call failed', o);
      console.warn(!o.ok && o.error.message);
      console.log(inspect(!o.ok && o.error, { depth: 5, showHidden: true }));
    }
    console.error(thrownError);
    console.info(JSON.stringify(thrownError), JSON.stringify(failures));
  } finally {
    for (const s of [...spies, ...writes]) s.mockRestore();
  }
  expect(lines.length).toBeGreaterThanOrEqual(8);
  expect(lines.join('\n')).toMatch(/HubError|invalid or has expired/); // the lines did capture the errors
  expect(lines.flatMap((l) => leaks(l, ALL_SECRETS))).toEqual([]);
});
