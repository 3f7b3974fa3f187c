/**
 * Shared pieces of the contract tests: the client under test (HubClient over real HTTP, see
 * dev/testkit/node-transport.ts) talking to the hub emulator in a child process.
 */
import { HubError } from '../../src/api/errors';
import type { Outcome } from '../../src/api/call-runner';
import type { HubClient } from '../../src/api/client';
import type { RetryPolicy } from '../../src/api/retry';
import { spawnHub, type SpawnOptions, type SpawnedHub } from '../../dev/hub-emulator/spawn';
import type { LogEntry } from '../../dev/hub-emulator/reqlog';
import { NodeTransport, VirtualClock, nodeHubClient } from '../../dev/testkit/node-transport';

/** The bearer token the emulator accepts (`--token`); distinctive so a leak is easy to find. */
export const TOKEN = 'tok_contract_Zq7Rk2Lm9Xv4Tb8N';
/** The emulator clock starts here, so demo order dates are the same on every run. */
export const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);

export function startHub(options: SpawnOptions = {}): Promise<SpawnedHub> {
  return spawnHub({ seed: 'demo', token: TOKEN, now: NOW, ...options });
}

export interface ClientSetup {
  client: HubClient;
  clock: VirtualClock;
  transport: NodeTransport;
}

export interface ClientOptions {
  token?: string | null;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  concurrency?: number;
}

/** A HubClient with a fixed jitter (random = 0.5) so backoff delays are exact. */
export function makeClient(url: string, o: ClientOptions = {}): ClientSetup {
  const clock = new VirtualClock(NOW);
  const transport = new NodeTransport({ timeoutMs: o.timeoutMs ?? 10_000 });
  const client = nodeHubClient(url, o.token === undefined ? TOKEN : o.token, {
    transport,
    clock,
    random: () => 0.5,
    retry: o.retry,
    concurrency: o.concurrency,
  });
  return { client, clock, transport };
}

/** The value of a successful outcome; a failed one fails the test with the error's sentence. */
export function ok<T>(o: Outcome<T>): T {
  if (!o.ok) throw new Error(`expected success, got ${o.error.kind} (${o.error.status}): ${o.error.message}`);
  return o.value;
}

/** The HubError of a failed outcome. */
export function failed<T>(o: Outcome<T>): HubError {
  if (o.ok) throw new Error(`expected a HubError, got success: ${JSON.stringify(o.value).slice(0, 200)}`);
  expect(o.error).toBeInstanceOf(HubError);
  return o.error;
}

/** The HubError `fn` throws. */
export function thrown(fn: () => unknown): HubError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(HubError);
    return e as HubError;
  }
  throw new Error('expected a HubError to be thrown');
}

/** Request log entries of the hub whose path matches `re` (case-insensitive), oldest first. */
export async function logged(hub: SpawnedHub, re: RegExp): Promise<LogEntry[]> {
  return (await hub.admin.requests()).filter((e) => re.test(e.path));
}

/** Clears the request log and the faults, so a test sees only its own requests. */
export async function fresh(hub: SpawnedHub): Promise<void> {
  await hub.admin.clearFaults();
  await hub.admin.clearRequests();
}
