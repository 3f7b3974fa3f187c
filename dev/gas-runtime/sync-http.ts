import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import * as path from 'node:path';

/** One HTTP request as the synchronous client sends it. */
export interface SyncHttpRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string | null;
  followRedirects?: boolean;
  validateHttpsCertificates?: boolean;
  /** Real milliseconds before the request is abandoned as a timeout. */
  timeoutMs?: number;
  /**
   * Take a server's announcement that it will never answer (an informational 103 with
   * `X-Emulator-Fault: timeout`, sent by the hub emulator's timeout fault) as the timeout at once.
   */
  announcedTimeouts?: boolean;
}

/** A request that was answered 3xx and whose `Location` was followed (`followRedirects`). */
export interface RedirectHop {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | string | null;
  status: number;
  /** The absolute URL the next request went to. */
  location: string;
  elapsedMs: number;
}

/** What a followed redirect adds to an outcome: the hops before it and the request that got it. */
interface AfterRedirects {
  redirects?: RedirectHop[];
  finalUrl?: string;
  finalMethod?: string;
  finalBody?: Uint8Array | string | null;
}

/** The outcome of one request: an HTTP answer (any status) or a transport failure. */
export type SyncHttpResult =
  | ({ ok: true; status: number; rawHeaders: string[]; body: Uint8Array; elapsedMs: number } & AfterRedirects)
  | ({ ok: false; error: 'timeout' | 'network' | 'invalid-url'; message: string; elapsedMs: number; announced?: boolean } & AfterRedirects);

/**
 * Synchronous HTTP for code that cannot await (the Apps Script emulator, sync transports).
 * The requests run concurrently on a worker thread while the caller blocks in Atomics.wait, so
 * the server being called must live on another thread or process, never on the caller's.
 */
export class SyncHttp {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag: Int32Array;
  private nextId = 1;

  constructor() {
    const signal = new SharedArrayBuffer(4);
    this.flag = new Int32Array(signal);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(path.join(__dirname, 'sync-http-worker.js'), {
      workerData: { port: port2, signal },
      transferList: [port2],
    });
    // A blocked-on worker must not keep the process alive after the caller is done with it.
    this.worker.unref();
  }

  /**
   * Sends the requests concurrently, at most `maxParallel` in flight (the others queue until one
   * finishes; default: all at once), and returns their results in order; blocks the calling thread.
   */
  requestAll(
    requests: SyncHttpRequest[],
    hardTimeoutMs = 10 * 60_000,
    maxParallel = Infinity,
  ): { results: SyncHttpResult[]; elapsedMs: number } {
    if (requests.length === 0) return { results: [], elapsedMs: 0 };
    const id = this.nextId++;
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage({ id, requests, maxParallel: Number.isFinite(maxParallel) ? maxParallel : requests.length });
    const waited = Atomics.wait(this.flag, 0, 0, hardTimeoutMs);
    if (waited === 'timed-out') throw new Error(`SyncHttp: no answer from the worker within ${hardTimeoutMs} ms`);
    for (let pauses = 0; ; ) {
      const received = receiveMessageOnPort(this.port);
      if (!received) {
        // On a loaded machine the worker's message can reach this port a moment after its signal:
        // wait for it (1 ms at a time, at most 5 s) instead of failing the test that asked.
        if (++pauses > 5000) throw new Error('SyncHttp: worker signalled but sent no result within 5 s');
        Atomics.wait(this.flag, 0, Atomics.load(this.flag, 0), 1);
        continue;
      }
      const msg = received.message as { id: number; results: SyncHttpResult[]; elapsedMs: number };
      if (msg.id === id) return { results: msg.results, elapsedMs: msg.elapsedMs };
    }
  }

  /** Stops the worker thread. */
  close(): Promise<number> {
    this.port.close();
    return this.worker.terminate();
  }
}
