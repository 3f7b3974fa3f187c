/**
 * While the playground was stopped, repeating triggers fell due many times. Google would have
 * run them on its servers; replaying every missed run at start would only delay the page, so
 * each trigger keeps its last missed run (it fires once at the first tick) and its period.
 */
import type { World } from '../../gas-runtime';
import { periodMs } from '../../gas-runtime/triggers';

export function skipMissedRuns(world: World, now: number): void {
  for (const t of world.triggers) {
    const period = periodMs(t);
    if (!period || t.nextFireAt >= now) continue;
    const missed = Math.floor((now - t.nextFireAt) / period);
    t.nextFireAt += missed * period;
  }
}
