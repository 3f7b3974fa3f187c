import { buildModel } from './build-model';
import type { ApiModel } from './model';
import { ViolationLog, type Violation } from './violations';
import { ApiWrapper } from './wrap';

/**
 * The strict API check: pass `wrapGlobals` to loadRuntime / startAddonEnv({ runtime }), drive
 * the bundle, then read `violations()`. See README.md.
 */
export type { ApiModel, Violation };
export { buildModel };

let cached: ApiModel | undefined;

/** The model of @types/google-apps-script, built once per process (~0.5 s). */
export function apiModel(): ApiModel {
  cached ??= buildModel();
  return cached;
}

export interface StrictApiCheck {
  /** For RuntimeOptions.wrapGlobals. */
  wrapGlobals: (name: string, value: unknown) => unknown;
  violations(): Violation[];
  /** Declared `Type.member`s the bundle read so far (sorted): shows what a run exercised. */
  covered(): string[];
  /** One line per violation (type.member: problem, where). */
  report(): string;
  clear(): void;
}

/** A fresh check: its own violation log over the shared model. */
export function strictApiCheck(model: ApiModel = apiModel()): StrictApiCheck {
  const log = new ViolationLog();
  const wrapper = new ApiWrapper(model, log);
  return {
    wrapGlobals: wrapper.wrapGlobal,
    violations: () => log.list(),
    covered: () => [...wrapper.covered].sort(),
    report: () => log.report(),
    clear: () => log.clear(),
  };
}
