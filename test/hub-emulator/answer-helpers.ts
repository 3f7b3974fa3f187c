/**
 * Shared fixture of the contrary-answer tests: a hub with a few known products (no demo data),
 * and readers of the state THROUGH THE ADMIN API, since the state is the truth the answers are
 * checked against.
 */
import type { FaultInput } from '../../dev/hub-emulator/faults';
import type { RunningHub } from '../../dev/hub-emulator/server';
import type { JobRec, ProductRec } from '../../dev/hub-emulator/types';
import { client, start, type Client } from './helpers';

/** P-1 … P-8: quantity 10, price 100, active on mercadolibre, amazon and walmart; ERP ids ERP-1 … ERP-8. */
export const PRODUCTS = Array.from({ length: 8 }, (_, i) => ({
  sku: `P-${i + 1}`,
  internalId: `ERP-${i + 1}`,
  quantity: 10,
  price: 100,
  listings: { mercadolibre: {}, amazon: {}, walmart: {} },
}));
export const SKUS = PRODUCTS.map((p) => p.sku);
export const CHANNELS = ['mercadolibre', 'amazon', 'walmart'];

/** Non-success words a refusal may use (answer-words.ts): a test fails if a new one slips in unnoticed. */
export const REFUSALS = ['Not OK', 'error', 'ok?', 'okay', 'Éxito parcial', 'successful?', 'unsuccessful', 'success: false'];
export const SUCCESS_VARIANTS = ['Success', 'SUCCESS', 'success ', ' success'];
export const OK_MSG = 'Se solicitó la actualización';

/** Whether a `sites` text lists every channel as OK (`a: OK, b: OK`). */
export const allOk = (sites: string): boolean => sites !== '' && sites.split(', ').every((p) => /^[^:]+: OK$/.test(p));

/** How a careless client reads a status: trimmed, lower-cased, "ok" or "success" anywhere. */
export const sloppySuccess = (status: string): boolean => /ok|success|éxito/i.test(status.trim());

export interface AnswerHub {
  h: RunningHub;
  c: Client;
  /** Replaces the fault config: `answerFaults` plus optional other fields (seed, pathPattern…). */
  faults(answerFaults: FaultInput['answerFaults'], more?: FaultInput): Promise<void>;
  products(): Promise<Map<string, ProductRec>>;
  jobs(): Promise<JobRec[]>;
  /** The `answerFaults` labels of the last logged request. */
  labels(): Promise<string[] | undefined>;
  injected(): Promise<Record<string, number>>;
}

/** Jobs finish as soon as they are created, so job items read `Finalizado` at once. */
const SETTINGS = { jobItemsPerSecond: 0, jobStartDelayMs: 0 };

/** Starts the hub once per file; `fresh()` in beforeEach brings back the fixture. */
export function answerHub(): { get: () => AnswerHub; fresh: () => Promise<void> } {
  let hub: AnswerHub | null = null;
  beforeAll(async () => {
    const h = await start({ seed: 'empty', settings: SETTINGS });
    hub = {
      h,
      c: client(h.url),
      faults: async (answerFaults, more = {}) => {
        await h.admin.setFaults({ seed: 7, ...more, answerFaults });
      },
      products: async () => new Map((await h.admin.state(['products'])).products.map((p) => [p.sku, p])),
      jobs: async () => (await h.admin.state(['jobs'])).jobs,
      labels: async () => (await h.admin.requests()).at(-1)?.answerFaults,
      injected: async () => (await h.admin.faults()).injected,
    };
  });
  afterAll(() => hub?.h.close());
  return {
    get: () => hub!,
    fresh: async () => {
      const { h } = hub!;
      await h.admin.reset('empty');
      await h.admin.settings(SETTINGS);
      await h.admin.seedProducts(PRODUCTS);
      await h.admin.clearFaults();
      await h.admin.clearRequests();
    },
  };
}
