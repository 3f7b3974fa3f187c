import * as crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import * as vm from 'node:vm';
import { createRealm } from './realm';

/**
 * What loading the bundle costs at the start of every execution: Apps Script compiles and
 * evaluates the whole script project each time a menu item, trigger or google.script.run call
 * starts one (see costs.ts, bundleLoadMs). The emulator compiles the bundle once and only
 * evaluates it per execution, so the charge is measured apart, the way the benchmark's *Bundle
 * load* table measures it: compile a source V8 has not seen, then evaluate its top level in a
 * fresh realm made beforehand (the sandbox is the start-up's, executionStartMs), the median of a
 * few loads, once per bundle text per process. Wall time, not the process's CPU time: that counts
 * every thread of the process — the emulator's HTTP worker, the garbage collector's helpers — and
 * charged 32 ms in a run whose own table measured 19 ms.
 */

const LOADS = 9;
const measured = new Map<string, number>();

/** One load's compile and evaluate times, in ms. */
export interface LoadTiming {
  compileMs: number;
  evaluateMs: number;
}

/**
 * One load: compile `source` as V8 has not seen it (a unique last line defeats its compile cache,
 * as each Apps Script execution compiles afresh), then evaluate it with `evaluate`.
 */
export function timeLoad(source: string, nonce: string, evaluate: (script: vm.Script) => void): LoadTiming {
  const text = `${source}\n// load ${nonce}\n`;
  const t0 = performance.now();
  const script = new vm.Script(text, { filename: 'Code.js' });
  const t1 = performance.now();
  evaluate(script);
  return { compileMs: t1 - t0, evaluateMs: performance.now() - t1 };
}

/** The middle of `values` (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

let nonces = 0;

/** The measured load time of `source` in ms (cached per bundle text). */
export function measureBundleLoad(source: string): number {
  const key = crypto.createHash('sha1').update(source).digest('hex');
  let ms = measured.get(key);
  if (ms === undefined) {
    const loads: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const realm = createRealm(() => Date.now(), 'UTC', 'bundle-load');
      const t = timeLoad(source, `cost-${nonces++}`, (script) => {
        try {
          realm.run(script);
        } catch {
          // A bundle whose top level needs the Apps Script globals stops early here; what ran is still its load.
        }
      });
      loads.push(t.compileMs + t.evaluateMs);
    }
    ms = median(loads);
    measured.set(key, ms);
  }
  return ms;
}
