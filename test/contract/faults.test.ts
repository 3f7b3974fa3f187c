/**
 * Contract: how HubClient survives a flaky hub, against the emulator's fault injection over
 * HTTP. 429, 5xx and timeouts are retried with backoff on idempotent calls (the request log shows
 * the resends); answers that are not the JSON expected become `malformed` HubErrors.
 */
import type { SpawnedHub } from '../../dev/hub-emulator/spawn';
import type { LogEntry } from '../../dev/hub-emulator/reqlog';
import { DEFAULT_RETRY, backoffDelay } from '../../src/api/retry';
import { fresh, logged, makeClient, ok, startHub } from './helpers';
import { scenarios } from './scenarios';

let hub: SpawnedHub;

beforeAll(async () => {
  hub = await startHub({ seed: 'demo' });
});
afterAll(() => hub?.close());
beforeEach(() => fresh(hub));

/** The backoff the client must have slept after each failed attempt (random = 0.5). */
function expectedSleeps(failures: LogEntry[]): number[] {
  return failures.map((l, i) => backoffDelay(DEFAULT_RETRY, i + 1, l.fault === '429' || l.fault === '503' ? 1000 : null, () => 0.5));
}

describe('retries on idempotent calls', () => {
  test('5xx and 429 faults: resent with backoff (never below Retry-After) until the answer comes', async () => {
    await hub.admin.setFaults({ rates: { 500: 0.2, 502: 0.2, 503: 0.2, 429: 0.2 }, pathPattern: 'getpricestockbychannel', seed: 2 });
    const { client, clock } = makeClient(hub.url);
    const [outcome] = client.getByChannel(['BOLSA/GRANDE']);
    expect(ok(outcome).sku).toBe('BOLSA/GRANDE');
    const log = await logged(hub, /getpricestockbychannel/i);
    const failures = log.slice(0, -1);
    expect(failures.length).toBeGreaterThanOrEqual(2); // this seed faults the first attempts
    expect(failures.every((l) => l.fault !== null && l.status === Number(l.fault))).toBe(true);
    expect(log[log.length - 1]).toMatchObject({ status: 200, fault: null });
    expect(outcome.attempts).toBe(log.length);
    expect(new Set(log.map((l) => l.path))).toEqual(new Set(['/api/stock/getpricestockbychannel/BOLSA%2FGRANDE/']));
    expect(clock.slept).toEqual(expectedSleeps(failures));
    const reasons: Record<string, number> = {};
    for (const l of failures) reasons[l.fault!] = (reasons[l.fault!] ?? 0) + 1;
    expect(client.stats.retryReasons).toEqual(reasons);
  });

  test('many requests at once: each faulted one is resent until it succeeds; the writes land once', async () => {
    const before = (await hub.admin.state(['products'])).products.slice(300, 400);
    await hub.admin.setFaults({ rates: { 503: 0.25, 500: 0.15 }, pathPattern: 'updatestock', seed: 7 });
    const { client } = makeClient(hub.url, { concurrency: 2 });
    const batches = client.updateStock(before.map((p) => ({ sku: p.sku, quantity: p.quantity + 1 })));
    expect(batches.map((b) => b.outcome.ok)).toEqual([true, true]);
    const log = await logged(hub, /updatestock/i);
    const faulted = log.filter((l) => l.fault !== null);
    expect(faulted.length).toBeGreaterThanOrEqual(1);
    expect(client.stats.retries).toBe(faulted.length);
    expect(log.filter((l) => l.status === 200).map((l) => l.skus!.length)).toEqual(expect.arrayContaining([50, 50]));
    expect(log.filter((l) => l.status === 200)).toHaveLength(2);
    const after = new Map((await hub.admin.state(['products'])).products.map((p) => [p.sku, p.quantity]));
    for (const p of before) expect(after.get(p.sku)).toBe(p.quantity + 1);
  });

  test('timeouts: an idempotent request that got no answer is sent again', async () => {
    await hub.admin.setFaults({ timeoutRate: 0.6, pathPattern: 'searchcategory', seed: 6 });
    const { client, clock } = makeClient(hub.url, { timeoutMs: 300 });
    const hits = client.searchCategory('tazas', 'amazon');
    expect(hits.map((h) => h.path)).toEqual(['Hogar > Cocina > Tazas y Jarros']);
    const log = await logged(hub, /searchcategory/i);
    expect(log.length).toBeGreaterThanOrEqual(2);
    expect(log.slice(0, -1).every((l) => l.fault === 'timeout' && l.status === null)).toBe(true);
    expect(log[log.length - 1]).toMatchObject({ status: 200, fault: null });
    expect(client.stats.retryReasons).toEqual({ timeout: log.length - 1 });
    expect(clock.slept).toEqual(expectedSleeps(log.slice(0, -1)));
  });

  test('503 every time: 3 attempts with backoff ≥ Retry-After, then a server HubError', () => scenarios.exhausted503(hub));
  test('500 every time on Update Stock: 3 identical requests, hub state unchanged, then a server HubError', () =>
    scenarios.exhausted500(hub));
  test('502 every time: 3 attempts with exponential backoff, then a server HubError', () => scenarios.exhausted502(hub));
  test('429 every time (not Get Orders): retried after Retry-After, then a rate-limit HubError', () => scenarios.exhausted429(hub));
  test('no answer every time: 3 timed-out attempts, then a timeout HubError', () => scenarios.timeoutsExhausted(hub));
  test('nothing listening at the base URL: retried, then a network HubError naming the base URL', () => scenarios.networkUnreachable());
});

describe('answers that are not the JSON expected', () => {
  test('malformed JSON → malformed HubError with the base-URL hint', () => scenarios.malformedJson(hub));
  test('an HTML page (200 maintenance or 502 proxy) → malformed HubError with the base-URL hint', () => scenarios.htmlAnswer(hub));
});
