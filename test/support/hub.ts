/**
 * Support for tests against the hub emulator: the `useHub()` fixture (both emulators started
 * once per describe block, closed after it) and the one typed read of the hub's products.
 */
import { type AddonEnv, type EnvOptions, startAddonEnv } from '../../dev/testkit/env';
import type { HubProduct } from '../../dev/testkit/invariant/check';

export type { HubListing, HubProduct } from '../../dev/testkit/invariant/check';

/** The hub's products by SKU, as the emulator keeps them. */
export function hubProducts(env: AddonEnv): Map<string, HubProduct> {
  return new Map(env.hubState('products').products.map((p): [string, HubProduct] => [p.sku, p]));
}

/** What useHub() passes to startAddonEnv, and how long the start may take. */
export interface HubOptions extends EnvOptions {
  /** How long starting both emulators and `setup` may take (default 60 s; a setup that seeds and pushes thousands of rows needs more). */
  startMs?: number;
}

/**
 * Starts the hub emulator and the bundle in the runtime emulator before the block's tests
 * (startAddonEnv with `options`, then `setup`, within `startMs`) and closes them after. Returns the env: usable
 * from the tests on (it stands for the env started in beforeAll; touching it earlier throws).
 *
 *   const env = useHub({ target: 'bound' }, (env) => { skus = seedProducts(env, 2); });
 */
export function useHub({ startMs = 60_000, ...options }: HubOptions = {}, setup?: (env: AddonEnv) => void | Promise<void>): AddonEnv {
  let env: AddonEnv | undefined;
  beforeAll(async () => {
    env = await startAddonEnv(options);
    await setup?.(env);
  }, startMs);
  afterAll(async () => env?.close());
  return new Proxy({} as AddonEnv, {
    get(_, key) {
      if (!env) throw new Error(`useHub(): env.${String(key)} used before beforeAll started the emulators (use it inside a test or hook)`);
      const value = Reflect.get(env, key);
      return typeof value === 'function' ? value.bind(env) : value;
    },
  });
}
