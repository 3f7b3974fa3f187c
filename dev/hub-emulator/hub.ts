/**
 * The emulator's runtime: state, clock, settings, faults, tokens, request log, jobs and the
 * Get Orders rate limiter, created from the start options. The HTTP layer (server.ts) and the
 * persistence (persist.ts) sit on top of it.
 */
import { Clock } from './clock';
import { Faults, parseFaults, type FaultInput } from './faults';
import { JobRunner } from './jobs';
import { RateLimiter } from './ratelimit';
import { RequestLog } from './reqlog';
import { buildSeed, type SeedName } from './seed';
import { mergeSettings } from './settings';
import { HubState } from './state';
import { TokenStore } from './tokens';
import { DEFAULT_SETTINGS, type Settings } from './types';

export interface HubOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** `demo` (default) or `empty`. */
  seed?: SeedName;
  /** Extra bearer tokens that are valid and never expire (`--token`). */
  token?: string | string[];
  /** Accounts accepted by /login (default `{demo: "demo"}`). */
  users?: Record<string, string>;
  /** Shorthand for `faults.latencyMs` (`--latency-ms`). */
  latencyMs?: number;
  faults?: FaultInput;
  /** Enables the /__admin API (`--admin`). */
  admin?: boolean;
  /** Load state from this JSON file if it exists; save to it after changes (`--state-file`). */
  stateFile?: string;
  settings?: Partial<Settings>;
  /** Initial emulator time (epoch ms); default: real time. */
  now?: number;
}

export class Hub {
  readonly clock: Clock;
  readonly faults = new Faults();
  readonly tokens = new TokenStore();
  readonly rate = new RateLimiter();
  readonly log: RequestLog;
  readonly jobs: JobRunner;
  readonly users: Record<string, string>;
  readonly admin: boolean;
  settings: Settings;
  seedName: SeedName;
  state: HubState;
  private changeListeners: (() => void)[] = [];

  constructor(readonly options: HubOptions = {}) {
    this.clock = new Clock(options.now);
    this.settings = mergeSettings(DEFAULT_SETTINGS, options.settings ?? {});
    this.faults.set(parseFaults({ ...options.faults, ...(options.latencyMs !== undefined ? { latencyMs: options.latencyMs } : {}) }));
    this.users = options.users ?? { demo: 'demo' };
    this.admin = options.admin ?? false;
    this.log = new RequestLog(() => this.settings.requestLogLimit);
    const fixed = options.token === undefined ? [] : Array.isArray(options.token) ? options.token : [options.token];
    for (const t of fixed) this.tokens.add(t, null);
    this.seedName = options.seed ?? 'demo';
    this.state = this.adopt(HubState.from(buildSeed(this.seedName, this.clock.now())));
    this.jobs = new JobRunner(this);
  }

  /** Back to the seed (optionally another one). Tokens, settings, faults and the clock stay. */
  reset(seed: SeedName = this.seedName): void {
    this.seedName = seed;
    this.state = this.adopt(HubState.from(buildSeed(seed, this.clock.now())));
    this.rate.reset();
    this.jobs.rescan();
    this.changed();
  }

  /** Replaces the state (the state file loader). */
  replaceState(state: HubState): void {
    this.state = this.adopt(state);
    this.jobs.rescan();
  }

  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  changed(): void {
    for (const l of this.changeListeners) l();
  }

  private adopt(state: HubState): HubState {
    state.onChange(() => this.changed());
    return state;
  }
}
