/**
 * The HTTP thread's handle on the runtime thread: requests with promises, the latest snapshot,
 * the dialog waiting for an answer and what is running. Nothing here blocks, so the page keeps
 * being served (and can answer a dialog) while an execution runs.
 */
import * as path from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { DialogAnswer } from '../../gas-runtime/types';
import type { ErrorInfo, InitArgs, Notice, Op, PendingDialog, Reply, Snapshot } from '../protocol';
import { answerDialog } from './dialog-wait';

/** A request the runtime thread refused or failed (an execution's error keeps its name). */
export class RuntimeError extends Error {
  constructor(info: ErrorInfo) {
    super(info.message);
    this.name = info.name;
  }
}

export class RuntimeThread {
  snapshot: Snapshot | null = null;
  dialog: PendingDialog | null = null;
  running: string | null = null;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private dead: Error | null = null;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly dialogPort: MessagePort;
  private readonly worker: Worker;

  private constructor() {
    const { port1, port2 } = new MessageChannel();
    this.dialogPort = port1;
    this.worker = new Worker(path.join(__dirname, 'worker.js'), {
      workerData: { flag: this.flag.buffer, dialogPort: port2 },
      transferList: [port2],
    });
    this.worker.on('message', (m: Reply | Notice) => this.receive(m));
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`the runtime thread stopped (exit code ${code})`)));
  }

  /** Starts the thread; it loads the emulator while the caller starts the hub. */
  static create(): RuntimeThread {
    return new RuntimeThread();
  }

  /** Loads the bundle and the saved world and sets the add-on up. */
  async init(args: InitArgs): Promise<void> {
    await this.request({ op: 'init', args });
  }

  /** True while a request is queued or running (ticks wait for a quiet moment). */
  get idle(): boolean {
    return this.pending.size === 0;
  }

  request<T = unknown>(op: Op): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...op, id });
    });
  }

  /** Hands the page's answer to the waiting dialog; false if that dialog is no longer waiting. */
  answer(id: number, answer: DialogAnswer): boolean {
    if (!this.dialog || this.dialog.id !== id) return false;
    this.dialog = null;
    answerDialog(this.flag, this.dialogPort, { id, answer });
    return true;
  }

  /** Saves the world, closes whatever dialog waits, and stops the thread. */
  async close(): Promise<void> {
    if (this.dialog) this.answer(this.dialog.id, 'CLOSE');
    if (!this.dead) {
      await Promise.race([this.request({ op: 'close' }).catch(() => undefined), new Promise((r) => setTimeout(r, 10_000).unref())]);
    }
    this.dialogPort.close();
    await this.worker.terminate();
  }

  private receive(m: Reply | Notice): void {
    if (m.type === 'snapshot') this.snapshot = m.snapshot;
    else if (m.type === 'dialog') this.dialog = m.dialog;
    else if (m.type === 'busy') this.running = m.running;
    else {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new RuntimeError(m.error));
    }
  }

  private fail(e: Error): void {
    this.dead ??= e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }
}
