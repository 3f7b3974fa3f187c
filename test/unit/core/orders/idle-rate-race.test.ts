/**
 * The lock-free idle import and the rate limit every user of the document shares: the idle call
 * is made outside the document lock, which every other writer of the rate limit's record holds,
 * and a colleague's Import now may call the hub while it is out.
 */
import { type OrdersHub, caughtUpImport, type importEnv } from '../../../support/fake-orders-hub';
import type { importOrders } from '../../../../src/core/orders/import';
import { readRate } from '../../../../src/core/orders/rate';
import { readImportStatus } from '../../../../src/core/orders/import-status';

const T0 = Date.UTC(2026, 10, 20, 15);

function caughtUp() {
  const { hub, env } = caughtUpImport(T0);
  expect(env.orderIds()).toEqual([1, 2, 3, 4, 5]);
  env.advance(60_000);
  return { hub, env };
}

/** A colleague's "Import now" from the sidebar, on the same document and hub. */
const colleagueImport = (env: ReturnType<typeof importEnv>) => env.importAs('tok-colleague-0123456789abcdef');

/** Wraps the hub: `refuse(depth)` true answers that call 429 with Retry-After (depth 1: the outer call, 2: one made while it is out). */
function refusing(hub: OrdersHub, refuse: (depth: number) => boolean, retryAfterS: number) {
  const orig = hub.answer.bind(hub);
  let depth = 0;
  hub.answer = ((req: Parameters<OrdersHub['answer']>[0]) => {
    depth++;
    try {
      const answer = orig(req);
      return refuse(depth) ? ({ status: 429, body: {}, headers: { 'retry-after': String(retryAfterS) } } as never) : answer;
    } finally {
      depth--;
    }
  }) as OrdersHub['answer'];
}

/**
 * The trigger's next run, during whose first call (`before` done first) a colleague presses
 * Import now; their outcome and the run's.
 */
function colleagueWhileOut(hub: OrdersHub, env: ReturnType<typeof importEnv>, before: () => void) {
  let colleague: ReturnType<typeof importOrders> | null = null;
  let pressed = false;
  hub.beforeAnswer = () => {
    // Once: the colleague's own call comes through here too.
    if (pressed) return;
    pressed = true;
    before();
    colleague = colleagueImport(env);
  };
  const out = env.run();
  hub.beforeAnswer = null;
  if (!colleague) throw new Error('no call went out: the colleague never pressed Import now');
  return { colleague: colleague as ReturnType<typeof importOrders>, out };
}

describe('the idle import and the rate limit shared with colleagues', () => {
  it("keeps the hub's Retry-After that a colleague's Import now stored while the idle call was out", () => {
    const { hub, env } = caughtUp();
    refusing(hub, (depth) => depth === 2, 600);
    const startedAt = env.now() + 60_000;
    // The colleague's call is refused: the hub asks for 10 minutes.
    const { colleague, out } = colleagueWhileOut(hub, env, () => undefined);
    expect(colleague.rateLimited).toBe(true);
    expect(out.calls).toBe(1);
    // The colleague's run stored notBefore = now + 600 s; the idle run's write must not drop it.
    expect(readRate(env.documentStore).notBefore ?? 0).toBeGreaterThanOrEqual(startedAt + 600_000);
  });

  it("stores the hub's 429 to the idle call when a colleague's import moved the stream meanwhile", () => {
    const { hub, env } = caughtUp();
    refusing(hub, (depth) => depth === 1, 300);
    const startedAt = env.now() + 60_000;
    // The colleague's call gets through first and writes order 6; the trigger's, second in the minute, is refused.
    const { colleague, out } = colleagueWhileOut(hub, env, () => hub.order(6, env.now()));
    expect(colleague.added).toBe(1);
    // The hub refused this run's only call: it must say so, and keep the Retry-After.
    expect(out.rateLimited).toBe(true);
    expect(readRate(env.documentStore).notBefore ?? 0).toBeGreaterThanOrEqual(startedAt + 300_000);
    expect(readImportStatus(env.documentStore).lastMessage).toMatch(/the hub asked to wait \(429\)/);
  });
});
