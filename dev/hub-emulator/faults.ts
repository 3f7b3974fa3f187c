/**
 * Fault injection. Every hub call whose path matches `pathPattern` draws from a seeded PRNG,
 * so a run with the same seed and the same request sequence injects the same faults.
 *
 * - `rates["500"|"502"|"503"|"429"]`: answered BEFORE processing, state unchanged
 *   (429 and 503 carry `Retry-After: 1`).
 * - `htmlRate`: an HTML page as a misconfigured proxy sends it (status 200 or 502), also before
 *   processing.
 * - `timeoutRate`: the request IS processed, but no answer is ever sent; the connection is held
 *   until the client gives up or the server closes.
 * - `malformedRate`: processed, then answered 200 with the body cut in half (broken JSON).
 * - `latencyMs` + up to `jitterMs`: delay before processing.
 * - `channelErrors`: `{walmart: "reason"}` makes every propagation to that channel fail with
 *   `walmart: Error - reason` (not path-bound).
 * - `successNotFound`: SKUs and ERP ids that the synchronous stock/price writes answer as an
 *   unknown product, but with the success word (`success` + `Producto no encontrado`), and do not
 *   process (not path-bound).
 * - `answerFaults`: contrary answers of the stock/price calls (answer-faults.ts), drawn from the
 *   same PRNG after the draw above, and only for faults whose probability is above 0.
 * - `readFaults`: read edges of Get Orders, the job reads and the catalogue (read-faults.ts), drawn
 *   the same way (before the answer faults of the same call).
 * - `redirect`: `{status: 301|302|303|307|308, to, pathPattern?, keepPath?}` answers every /api call
 *   matching its own `pathPattern` with that status and `Location: to` (+ the request's path and
 *   query unless `keepPath: false`), before auth and processing: a hub that moved, or a proxy
 *   sending the client (and its bearer token) to another host. No draw, not path-bound by the
 *   top-level `pathPattern`.
 */
import { Rng } from './rng';
import { isWriteChannel, type WriteChannel } from './channels';
import { AnswerPlan, NO_ANSWER_FAULTS, anyAnswerFault, headerText, parseAnswerFaults, type AnswerFaultConfig } from './answer-faults';
import { NO_READ_FAULTS, ReadPlan, parseReadFaults, type ReadFault, type ReadFaultConfig } from './read-faults';
import { NO_ECHO, echoIntoAnswer, echoTarget, parseEcho, type EchoConfig } from './echo-faults';
import type { LogEntry } from './reqlog';

export const STATUS_FAULTS = ['500', '502', '503', '429'] as const;
export type StatusFault = (typeof STATUS_FAULTS)[number];
export type FaultKind = StatusFault | 'timeout' | 'malformed' | 'html';

/** The hub answers 3xx to another place (see `redirect` above). */
export interface RedirectConfig {
  status: 301 | 302 | 303 | 307 | 308;
  /** Absolute http(s) URL; with `keepPath` the request's path and query are appended to it. */
  to: string;
  /** Case-insensitive regular expression on the request path; null = every /api path. */
  pathPattern: string | null;
  /** Append the request's path and query to `to` (default true). */
  keepPath: boolean;
}

export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;

/** Validates `redirect` (null/undefined = off); throws with a message. */
export function parseRedirect(input: unknown): RedirectConfig | null {
  if (input === undefined || input === null) return null;
  if (typeof input !== 'object' || Array.isArray(input))
    throw new Error('redirect must be an object {status, to, pathPattern?, keepPath?}');
  const r = input as Record<string, unknown>;
  for (const k of Object.keys(r))
    if (!['status', 'to', 'pathPattern', 'keepPath'].includes(k))
      throw new Error(`redirect: unknown key '${k}' (use status, to, pathPattern, keepPath)`);
  const status = r.status === undefined ? 302 : r.status;
  if (!(REDIRECT_STATUSES as readonly unknown[]).includes(status))
    throw new Error(`redirect.status must be one of ${REDIRECT_STATUSES.join(', ')}`);
  if (typeof r.to !== 'string' || !/^https?:\/\/[^/]/i.test(r.to)) throw new Error('redirect.to must be an absolute http(s) URL');
  new URL(r.to); // throws on a bad URL
  const pathPattern = r.pathPattern === undefined || r.pathPattern === null ? null : String(r.pathPattern);
  if (pathPattern !== null) new RegExp(pathPattern, 'i');
  if (r.keepPath !== undefined && typeof r.keepPath !== 'boolean') throw new Error('redirect.keepPath must be a boolean');
  return { status: status as RedirectConfig['status'], to: r.to, pathPattern, keepPath: r.keepPath !== false };
}

export interface FaultConfig {
  latencyMs: number;
  jitterMs: number;
  rates: Partial<Record<StatusFault, number>>;
  timeoutRate: number;
  malformedRate: number;
  htmlRate: number;
  seed: number;
  /** Case-insensitive regular expression on the request path; null = every /api path. */
  pathPattern: string | null;
  channelErrors: Partial<Record<WriteChannel, string>>;
  /** SKUs (NFC) and ERP ids answered `success` + `Producto no encontrado`, unprocessed, by the synchronous writes. */
  successNotFound: string[];
  /** Probabilities in [0, 1] of each contrary answer fault (answer-faults.ts); default 0. */
  answerFaults: AnswerFaultConfig;
  /** Probabilities in [0, 1] of each read edge (read-faults.ts); default 0. */
  readFaults: ReadFaultConfig;
  /** Answer 3xx to another place instead of processing (null = off). */
  redirect: RedirectConfig | null;
  /** Echo the request's headers into job item messages / order fields (echo-faults.ts). */
  echoInto: EchoConfig;
}

/** A config as callers write it: every field optional, `answerFaults` and `readFaults` partial. */
export type FaultInput = Partial<Omit<FaultConfig, 'channelErrors' | 'answerFaults' | 'readFaults' | 'redirect' | 'echoInto'>> & {
  echoInto?: Partial<EchoConfig>;
  channelErrors?: Record<string, string>;
  redirect?: { status?: RedirectConfig['status']; to: string; pathPattern?: string | null; keepPath?: boolean } | null;
  answerFaults?: Partial<AnswerFaultConfig>;
  readFaults?: Partial<ReadFaultConfig>;
};

export const NO_FAULTS: FaultConfig = {
  latencyMs: 0,
  jitterMs: 0,
  rates: {},
  timeoutRate: 0,
  malformedRate: 0,
  htmlRate: 0,
  seed: 1,
  pathPattern: null,
  channelErrors: {},
  successNotFound: [],
  answerFaults: NO_ANSWER_FAULTS,
  readFaults: NO_READ_FAULTS,
  redirect: null,
  echoInto: NO_ECHO,
};

const num = (v: unknown, name: string, max = Infinity): number => {
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) throw new Error(`${name} must be a number between 0 and ${max}`);
  return v;
};

/** Validates a partial config from the admin API or the options; throws with a message. */
export function parseFaults(input: unknown): FaultConfig {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new Error('faults must be an object');
  const i = input as Record<string, unknown>;
  const known = [
    'latencyMs',
    'jitterMs',
    'rates',
    'timeoutRate',
    'malformedRate',
    'htmlRate',
    'seed',
    'pathPattern',
    'channelErrors',
    'successNotFound',
    'answerFaults',
    'readFaults',
    'redirect',
    'echoInto',
  ];
  for (const k of Object.keys(i)) if (!known.includes(k)) throw new Error(`unknown fault setting '${k}' (use ${known.join(', ')})`);
  const rates: FaultConfig['rates'] = {};
  if (i.rates !== undefined) {
    if (!i.rates || typeof i.rates !== 'object') throw new Error('rates must be an object');
    for (const [k, v] of Object.entries(i.rates as Record<string, unknown>)) {
      if (!(STATUS_FAULTS as readonly string[]).includes(k)) throw new Error(`rates: unknown status '${k}' (use 500, 502, 503, 429)`);
      rates[k as StatusFault] = num(v, `rates.${k}`, 1);
    }
  }
  const channelErrors: FaultConfig['channelErrors'] = {};
  if (i.channelErrors !== undefined) {
    for (const [k, v] of Object.entries((i.channelErrors ?? {}) as Record<string, unknown>)) {
      const ch = k === 'meli' ? 'mercadolibre' : k;
      if (!isWriteChannel(ch)) throw new Error(`channelErrors: unknown channel '${k}'`);
      if (typeof v !== 'string' || !v) throw new Error(`channelErrors.${k} must be a non-empty string`);
      channelErrors[ch] = v;
    }
  }
  const successNotFound = i.successNotFound ?? [];
  if (!Array.isArray(successNotFound) || successNotFound.some((k) => typeof k !== 'string' || k === ''))
    throw new Error('successNotFound must be an array of SKUs or ERP ids (non-empty strings)');
  const pathPattern = i.pathPattern === undefined || i.pathPattern === null ? null : String(i.pathPattern);
  if (pathPattern !== null) new RegExp(pathPattern, 'i'); // throws on a bad pattern
  const cfg: FaultConfig = {
    latencyMs: num(i.latencyMs, 'latencyMs'),
    jitterMs: num(i.jitterMs, 'jitterMs'),
    rates,
    timeoutRate: num(i.timeoutRate, 'timeoutRate', 1),
    malformedRate: num(i.malformedRate, 'malformedRate', 1),
    htmlRate: num(i.htmlRate, 'htmlRate', 1),
    seed: i.seed === undefined ? 1 : num(i.seed, 'seed'),
    pathPattern,
    channelErrors,
    successNotFound: successNotFound.map((k: string) => k.normalize('NFC')),
    answerFaults: parseAnswerFaults(i.answerFaults),
    readFaults: parseReadFaults(i.readFaults),
    redirect: parseRedirect(i.redirect),
    echoInto: parseEcho(i.echoInto),
  };
  const total = Object.values(rates).reduce((s, r) => s + (r ?? 0), 0) + cfg.timeoutRate + cfg.malformedRate + cfg.htmlRate;
  if (total > 1) throw new Error('the fault rates add up to more than 1');
  return cfg;
}

export class Faults {
  config: FaultConfig = NO_FAULTS;
  /**
   * How many faults of each kind were injected since the config was set: `FaultKind` keys,
   * `answer:<fault>` for contrary answers and `read:<mode>` for read edges (one per label in the
   * request log).
   */
  injected: Record<string, number> = {};
  private rng = new Rng(1);
  private re: RegExp | null = null;
  private redirectRe: RegExp | null = null;

  set(cfg: FaultConfig): void {
    this.config = cfg;
    this.rng = new Rng(cfg.seed);
    this.re = cfg.pathPattern === null ? null : new RegExp(cfg.pathPattern, 'i');
    this.redirectRe = cfg.redirect?.pathPattern ? new RegExp(cfg.redirect.pathPattern, 'i') : null;
    this.injected = {};
  }

  /**
   * Where a request to this /api path (raw path + query) is sent instead, or null. Counted as
   * `injected.redirect`.
   */
  redirectFor(path: string, search: string): { status: RedirectConfig['status']; location: string } | null {
    const r = this.config.redirect;
    if (!r || (this.redirectRe !== null && !this.redirectRe.test(path))) return null;
    this.injected.redirect = (this.injected.redirect ?? 0) + 1;
    return { status: r.status, location: r.keepPath ? `${r.to.replace(/\/+$/, '')}${path}${search}` : r.to };
  }

  /** Whether a hub path is subject to latency and faults. */
  applies(path: string): boolean {
    return this.re === null || this.re.test(path);
  }

  /**
   * A 200 answer's body with the request's headers echoed into it (`echoInto`), or null when
   * no echo is on for this call. Counted as `echo:<target>`.
   */
  echo(path: string, method: string, body: unknown, headerLine: string): unknown | null {
    const target = echoTarget(path, method);
    if (target === null || !this.config.echoInto[target] || !this.applies(path)) return null;
    this.injected[`echo:${target}`] = (this.injected[`echo:${target}`] ?? 0) + 1;
    return echoIntoAnswer(target, body, headerLine);
  }

  /** Latency (ms) for this request; draws from the PRNG only when there is jitter. */
  latency(): number {
    const { latencyMs, jitterMs } = this.config;
    return latencyMs + (jitterMs > 0 ? Math.floor(this.rng.next() * jitterMs) : 0);
  }

  /** One draw per request; null = no fault. */
  draw(): FaultKind | null {
    const c = this.config;
    const table: [FaultKind, number][] = [
      ...STATUS_FAULTS.map((s) => [s, c.rates[s] ?? 0] as [FaultKind, number]),
      ['timeout', c.timeoutRate],
      ['malformed', c.malformedRate],
      ['html', c.htmlRate],
    ];
    if (table.every(([, p]) => p === 0)) return null;
    let r = this.rng.next();
    for (const [kind, p] of table) {
      if (r < p) {
        this.injected[kind] = (this.injected[kind] ?? 0) + 1;
        return kind;
      }
      r -= p;
    }
    return null;
  }

  /** A second draw, for the variant of an HTML fault (status 200 or 502). */
  coin(): boolean {
    return this.rng.next() < 0.5;
  }

  channelError(channel: WriteChannel): string | null {
    return this.config.channelErrors[channel] ?? null;
  }

  /**
   * Whether a write answers this SKU or ERP id `success` + `Producto no encontrado` without
   * processing it (`successNotFound`). Counted as `injected.successNotFound`.
   */
  successNotFound(key: string): boolean {
    if (!this.config.successNotFound.includes(key.normalize('NFC'))) return false;
    this.injected.successNotFound = (this.injected.successNotFound ?? 0) + 1;
    return true;
  }

  /**
   * The contrary-answer plan of one /api request, or null when no answer fault is on for its
   * path. Injections are marked in the request log entry and counted.
   */
  answerPlan(path: string, headers: Headers, entry: LogEntry | undefined): AnswerPlan | null {
    const cfg = this.config.answerFaults;
    if (!anyAnswerFault(cfg) || !this.applies(path)) return null;
    if (entry) entry.answerFaults ??= [];
    return new AnswerPlan(cfg, this.rng, headerText(headers), (fault, label) => {
      const key = `answer:${fault}`;
      this.injected[key] = (this.injected[key] ?? 0) + 1;
      entry?.answerFaults?.push(label);
    });
  }

  /**
   * The read-edge plan of one /api request (Get Orders, Get Job Status, async job creation, the
   * catalogue), or null when none of `modes` (the ones that endpoint has) is on for its path.
   * Injections are marked in the request log entry (`readFaults`) and counted (`read:<mode>`).
   */
  readPlan(path: string, entry: LogEntry | undefined, modes: readonly ReadFault[]): ReadPlan | null {
    const cfg = this.config.readFaults;
    if (!modes.some((m) => cfg[m] > 0) || !this.applies(path)) return null;
    if (entry) entry.readFaults ??= [];
    return new ReadPlan(cfg, this.rng, (fault, label) => {
      const key = `read:${fault}`;
      this.injected[key] = (this.injected[key] ?? 0) + 1;
      entry?.readFaults?.push(label);
    });
  }
}
