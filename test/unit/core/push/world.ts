/**
 * A spreadsheet with a stock sheet over the in-memory ports of test/support, and a scripted hub
 * that keeps what it was sent (Update Stock, Update Price, the by-channel update): enough to run
 * the push core (run.ts, chunk.ts, send.ts) as units, execution after execution, and to kill an
 * execution at any request or at the write-back the way Google's 6-minute limit does.
 */
import type { Context } from '../../../../src/core/kernel/context';
import type { CellValue } from '../../../../src/core/kernel/ports';
import type { Settings } from '../../../../src/core/kernel/settings-schema';
import { writeToken } from '../../../../src/core/settings/token';
import {
  FakeClock,
  type FakeScheduler,
  T0,
  fakeContext,
  fakeLock,
  fakeNotifier,
  fakeScheduler,
  fakeSession,
  type MemoryWorkbook,
  memoryStore,
  memoryWorkbook,
} from '../../../support/ports';
import { type HubRequest, ScriptedHub } from '../../../support/transport';

export const STOCK = 'Stock & Prices';

/** What Google does to an execution at its time limit: everything stops, nothing after runs. */
export class Killed extends Error {
  constructor(where: string) {
    super(`execution killed (${where})`);
    this.name = 'Killed';
  }
}

export interface PushWorld {
  hub: ScriptedHub;
  /** SKU → quantity, as the hub holds it. */
  held: Map<string, number>;
  /** SKU → how many times an Update Stock item for it reached the hub. */
  sends: Map<string, number>;
  clock: FakeClock;
  scheduler: FakeScheduler;
  workbook: MemoryWorkbook;
  doc: ReturnType<typeof memoryStore>;
  lock: ReturnType<typeof fakeLock>;
  /** A new execution (a menu click, a trigger run) starting now. */
  execution(options?: { interactive?: boolean; user?: string }): Context;
  /** The stock sheet's rows below the header, as objects by header. */
  rows(): Array<Record<string, CellValue>>;
  /** The next hub request numbered `n` (1-based over the world's life) reaches the hub and then the execution is killed. */
  killAtRequest(n: number | null): void;
  /** The next write of results into the stock sheet kills the execution (the rows were sent, their results not written). */
  killAtWriteBack(on: boolean): void;
  /** Virtual time each request takes at the hub. */
  latencyMs: number;
  /** Runs `fn` while each request is in flight (after the hub applied it, before the answer): a colleague at work. */
  whileInFlight(fn: (req: HubRequest) => void): void;
}

/** A sheet of `SKU`, `Quantity` rows (plus any other header), the hub answering every item OK on amazon and mercadolibre. */
export function pushWorld(
  options: { rows?: CellValue[][]; header?: string[]; settings?: Partial<Settings>; skus?: number } = {},
): PushWorld {
  const header = options.header ?? ['SKU', 'Quantity'];
  const rows =
    options.rows ?? Array.from({ length: options.skus ?? 10 }, (_, i) => [`SKU-${String(i + 1).padStart(4, '0')}`, (i * 7) % 50]);
  const workbook = memoryWorkbook({ [STOCK]: [header, ...rows] });
  const held = new Map<string, number>();
  const sends = new Map<string, number>();
  const clock = new FakeClock(T0);
  const scheduler = fakeScheduler();
  const doc = memoryStore({});
  const userStore = memoryStore();
  writeToken(userStore, { token: 'tok_unit', expiresAt: null, source: 'pasted', savedAt: T0 });
  const lock = fakeLock();
  let killRequest: number | null = null;
  let killWrite = false;
  const inFlight: Array<(req: HubRequest) => void> = [];

  const hub = new ScriptedHub({
    updatestock: (req) => {
      const items = req.body as Array<{ sku: string; quantity: number }>;
      return {
        status: 200,
        body: items.map((i) => ({ sku: i.sku, quantity: i.quantity, status: 'success', msg: 'ok', sites: 'amazon: OK', jobId: 1 })),
      };
    },
  });
  hub.beforeAnswer = (req: HubRequest) => {
    clock.advance(world.latencyMs);
    if (req.endpoint === 'updatestock')
      for (const i of req.body as Array<{ sku: string; quantity: number }>) {
        held.set(i.sku, i.quantity);
        sends.set(i.sku, (sends.get(i.sku) ?? 0) + 1);
      }
    for (const fn of inFlight) fn(req);
    if (killRequest !== null && req.n === killRequest) {
      killRequest = null;
      throw new Killed(`after request ${req.n} reached the hub`);
    }
  };

  const stock = workbook.sheets.get(STOCK)!;
  const write = stock.write.bind(stock);
  stock.write = (row, column, values) => {
    // The add-on writes results only into its own columns, right of the seller's.
    if (killWrite && column > 2) {
      killWrite = false;
      throw new Killed('at the write-back');
    }
    write(row, column, values);
  };

  const world: PushWorld = {
    hub,
    held,
    sends,
    clock,
    scheduler,
    workbook,
    doc,
    lock,
    latencyMs: 100,
    execution: ({ interactive = true, user = 'seller@example.com' } = {}) =>
      fakeContext({
        transport: hub.transport,
        clock,
        now: clock.now(),
        documentStore: doc,
        userStore,
        workbook,
        scheduler,
        lock,
        notifier: fakeNotifier(),
        session: fakeSession(user),
        interactive,
        settings: { baseUrl: 'https://hub.example.com', deployment: 'container', concurrency: 2, ...options.settings },
      }),
    rows: () => {
      const [head, ...body] = workbook.grid(STOCK);
      return body.map((r) => Object.fromEntries(head.map((h, i) => [String(h), r[i]])));
    },
    killAtRequest: (n) => void (killRequest = n),
    killAtWriteBack: (on) => void (killWrite = on),
    whileInFlight: (fn) => void inFlight.push(fn),
  };
  return world;
}

/** Runs `fn`, expecting the execution to be killed; anything else fails the test. */
export function killed(fn: () => unknown): void {
  try {
    fn();
  } catch (e) {
    if (e instanceof Killed) return;
    throw e;
  }
  throw new Error('the execution was expected to be killed, and finished');
}
