/** Validation of run-time settings (`POST /__admin/settings`, `--settings`, `startHub({settings})`). */
import { DEFAULT_SETTINGS, type Settings } from './types';

const nonNeg = (v: unknown, name: string): number => {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number >= 0`);
  return v;
};

/** Applies a partial update to `base`; throws with a message naming the bad field. */
export function mergeSettings(base: Settings, input: unknown): Settings {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new Error('settings must be an object');
  const i = input as Record<string, unknown>;
  const out: Settings = { ...base, ordersRateLimit: { ...base.ordersRateLimit } };
  for (const [k, v] of Object.entries(i)) {
    switch (k) {
      case 'ordersRateLimit': {
        if (!v || typeof v !== 'object') throw new Error('ordersRateLimit must be {calls, windowMs}');
        const r = v as Record<string, unknown>;
        if (r.calls !== undefined) out.ordersRateLimit.calls = Math.max(1, Math.floor(nonNeg(r.calls, 'ordersRateLimit.calls')));
        if (r.windowMs !== undefined) out.ordersRateLimit.windowMs = nonNeg(r.windowMs, 'ordersRateLimit.windowMs');
        break;
      }
      case 'jobItemsPerSecond':
      case 'jobStartDelayMs':
      case 'tokenLifetimeSec':
        out[k] = nonNeg(v, k);
        break;
      case 'requestLogLimit':
      case 'jobLimit':
        out[k] = Math.max(1, Math.floor(nonNeg(v, k)));
        break;
      case 'logSentValues':
        if (typeof v !== 'boolean') throw new Error('logSentValues must be true or false');
        out[k] = v;
        break;
      default:
        throw new Error(`unknown setting '${k}' (known: ${Object.keys(DEFAULT_SETTINGS).join(', ')})`);
    }
  }
  return out;
}
