import type { SentValue } from './sent-values';

/**
 * The request log the admin API exposes: tests assert on what the add-on actually sent (which
 * SKUs, which headers, how many retries) and on which faults were injected. Only hub calls
 * (/api, /login) are logged, never the admin API itself.
 */
export interface LogEntry {
  id: number;
  /** Emulator time the request arrived. */
  time: string;
  method: string;
  /** Path as received (not lower-cased, still percent-encoded). */
  path: string;
  query: Record<string, string>;
  /** Null while pending, and for `timeout` faults (no answer is ever sent). */
  status: number | null;
  /** The injected fault, if any. */
  fault: string | null;
  contentType: string | null;
  /** Whether an Authorization header was sent (its value is never logged). */
  authorization: boolean;
  /** For stock/price calls: the SKUs (or ERP ids) in the body. */
  skus?: string[];
  /**
   * For stock/price/job writes, while the `logSentValues` setting is on: every value the body
   * carried (SKU or ERP id, channel or general, field, value), also when the call was faulted.
   */
  values?: SentValue[];
  /**
   * Contrary answer faults applied to this answer, as `fault` or `fault:key` (`drop:SKU-1`,
   * `duplicate:amazon`, `reorder`). Present only when answer faults were on for the request:
   * `[]` = on, none injected.
   */
  answerFaults?: string[];
  /**
   * Read edges applied by this call (read-faults.ts), as `mode` or `mode:key` (`deleteOrder:1000042`,
   * `shortPage:3`, `jobLowerCase:7`). Present only on the calls that have read edges (Get Orders,
   * Get Job Status, Update Price And Stock Async, Get Products Stock Price) while some are on.
   */
  readFaults?: string[];
  durationMs: number | null;
}

export class RequestLog {
  entries: LogEntry[] = [];
  private nextId = 1;

  constructor(private limit: () => number) {}

  start(req: Request, time: string): LogEntry {
    const url = new URL(req.url);
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) if (!(k in query)) query[k] = v;
    const entry: LogEntry = {
      id: this.nextId++,
      time,
      method: req.method,
      path: url.pathname,
      query,
      status: null,
      fault: null,
      contentType: req.headers.get('content-type'),
      authorization: req.headers.has('authorization'),
      durationMs: null,
    };
    this.entries.push(entry);
    const excess = this.entries.length - this.limit();
    if (excess > 0) this.entries.splice(0, excess);
    return entry;
  }

  /** Entries with an id above `since` (ids keep growing across `clear()`). */
  since(since = 0): LogEntry[] {
    return since > 0 ? this.entries.filter((e) => e.id > since) : this.entries;
  }

  clear(): void {
    this.entries = [];
  }

  lastId(): number {
    return this.nextId - 1;
  }
}
