/**
 * Shared fixture of the read-edge tests: a hub with the products P-1 … P-8 of the contrary-answer
 * tests and 30 generated orders, on a fixed clock, and readers of the TRUE state through the
 * admin API — the state is what every answer is checked against.
 */
import type { AdminJob } from '../../dev/hub-emulator/admin-client';
import type { FaultInput } from '../../dev/hub-emulator/faults';
import type { RunningHub } from '../../dev/hub-emulator/server';
import type { OrderRec, Settings } from '../../dev/hub-emulator/types';
import { PRODUCTS } from './answer-helpers';
import { client, start, type Client } from './helpers';

export { PRODUCTS, SKUS } from './answer-helpers';

/** A whole second, so dates the hub writes (floored to the second) repeat from run to run. */
export const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
export const DAY = 86_400_000;
export const ORDER_COUNT = 30;

/** Get Orders is not rate limited here; jobs finish as soon as they are created. */
export const SETTINGS: Partial<Settings> = {
  ordersRateLimit: { calls: 1_000_000, windowMs: 60_000 },
  jobItemsPerSecond: 0,
  jobStartDelayMs: 0,
};

export interface ReadHub {
  h: RunningHub;
  c: Client;
  /** Replaces the fault config: `readFaults` plus optional other fields (seed 7 unless given). */
  faults(readFaults: FaultInput['readFaults'], more?: FaultInput): Promise<void>;
  /** The `readFaults` labels of the last logged request. */
  labels(): Promise<string[] | undefined>;
  injected(): Promise<Record<string, number>>;
  orders(): Promise<OrderRec[]>;
  job(id: number | string): Promise<AdminJob>;
}

/** Starts the hub once per file; `fresh()` (in beforeEach) brings the fixture back. */
export function readHub(): { get: () => ReadHub; fresh: () => Promise<void> } {
  let hub: ReadHub | null = null;
  beforeAll(async () => {
    const h = await start({ seed: 'empty', settings: SETTINGS, now: NOW });
    const c = client(h.url);
    hub = {
      h,
      c,
      faults: async (readFaults, more = {}) => {
        await h.admin.setFaults({ seed: 7, ...more, readFaults });
      },
      labels: async () => (await h.admin.requests()).at(-1)?.readFaults,
      injected: async () => (await h.admin.faults()).injected,
      orders: () => h.admin.orders(),
      job: (id) => h.admin.job(id),
    };
  });
  afterAll(() => hub?.h.close());
  return {
    get: () => hub!,
    fresh: async () => {
      const { h } = hub!;
      await h.admin.clearFaults();
      await h.admin.setClock({ now: NOW });
      await h.admin.reset('empty');
      await h.admin.settings(SETTINGS);
      await h.admin.seedProducts(PRODUCTS);
      await h.admin.addOrders({ generate: { count: ORDER_COUNT, days: 30, cartRate: 0, seed: 3 } });
      await h.admin.clearRequests();
    },
  };
}

/** Labels of one mode, without the `mode:` prefix. */
export const keysOf = (labels: string[] | undefined, mode: string): string[] =>
  (labels ?? []).filter((l) => l === mode || l.startsWith(`${mode}:`)).map((l) => l.slice(mode.length + 1));
