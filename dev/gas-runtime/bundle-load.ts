import * as crypto from 'node:crypto';
import * as vm from 'node:vm';

/**
 * What loading the bundle costs at the start of every execution: Apps Script compiles and
 * evaluates the whole script project each time a menu item, trigger or google.script.run call
 * starts one (see costs.ts, bundleLoadMs). The emulator compiles the bundle once and only
 * evaluates it per execution, so the charge is measured apart: compile + evaluate of a fresh
 * copy in a bare context, CPU time, the best of a few tries (the least disturbed by other work
 * on the machine), once per bundle text per process.
 */

const TRIES = 5;
const measured = new Map<string, number>();

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function once(source: string, nonce: number): number {
  // The fresh sandbox is Apps Script's start-up (executionStartMs), not the bundle's load.
  const context = vm.createContext({});
  const t0 = cpuMs();
  // A unique suffix defeats V8's compilation cache: each try compiles from scratch, as a new
  // Apps Script execution does.
  const script = new vm.Script(`${source}\n//# load-${nonce}`, { filename: 'Code.js' });
  try {
    script.runInContext(context);
  } catch {
    // A bundle whose top level needs the Apps Script globals stops early here; what ran is still its load.
  }
  return cpuMs() - t0;
}

let nonces = 0;

/** The measured load time of `source` in ms (cached per bundle text). */
export function measureBundleLoad(source: string): number {
  const key = crypto.createHash('sha1').update(source).digest('hex');
  let ms = measured.get(key);
  if (ms === undefined) {
    ms = Infinity;
    for (let i = 0; i < TRIES; i++) ms = Math.min(ms, once(source, nonces++));
    measured.set(key, ms);
  }
  return ms;
}
