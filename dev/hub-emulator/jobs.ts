/**
 * Asynchronous jobs. Update Stock / Update Price queue one job per request (sku × active
 * channel); Update Price And Stock Async queues one whose changes are applied only when each
 * item is processed. Items are processed in order, `jobItemsPerSecond` per emulator second,
 * after `jobStartDelayMs`; jobs run side by side. Processing is lazy (every request ticks) plus
 * a background timer, so moving the emulator clock forward finishes jobs at once.
 */
import { displayName, type WriteChannel } from './channels';
import type { Hub } from './hub';
import type { PerJobReadFault } from './read-faults';
import { JOB_DONE, JOB_ERROR, JOB_PENDING, type JobItemRec, type JobKind, type JobRec } from './types';

export const JOB_IN_PROGRESS = 'En proceso';

/** A pending job item on a channel (or the hub-level "General" item when `channel` is null). */
export function jobItem(sku: string, channel: WriteChannel | null, fields: Partial<JobItemRec> = {}): JobItemRec {
  return {
    sku,
    stock: null,
    price: null,
    priceOffer: null,
    status: JOB_PENDING,
    integration: channel ? displayName(channel) : 'General',
    channel,
    message: null,
    processedAt: null,
    ...fields,
  };
}

export class JobRunner {
  private pending = new Set<JobRec>();

  constructor(private hub: Hub) {
    this.rescan();
  }

  /** Rebuilds the set of unfinished jobs (after a reset or a state load). */
  rescan(): void {
    this.pending = new Set(this.hub.state.jobs.filter((j) => j.finishedAt === null));
  }

  /** Queues a job; `readFaults` are the per-job read edges drawn for it (none: the field is left out). */
  create(kind: JobKind, items: JobItemRec[], readFaults: readonly PerJobReadFault[] = []): JobRec {
    const st = this.hub.state;
    const job: JobRec = { id: st.nextJobId(), kind, createdAt: this.hub.clock.now(), items, processed: 0, finishedAt: null };
    if (readFaults.length > 0) job.readFaults = Object.fromEntries(readFaults.map((f) => [f, true]));
    st.addJob(job, this.hub.settings.jobLimit);
    this.pending.add(job);
    this.tick();
    return job;
  }

  /** Processes every item that is due on the emulator clock. */
  tick(): void {
    if (this.pending.size === 0) return;
    const now = this.hub.clock.now();
    const { jobItemsPerSecond: rate, jobStartDelayMs: delay } = this.hub.settings;
    let touched = false;
    for (const job of this.pending) {
      // `jobNeverFinishes`: the hub never gets to it; its items stay pending and change nothing.
      if (job.readFaults?.jobNeverFinishes) continue;
      const elapsed = now - job.createdAt - delay;
      if (elapsed < 0) continue;
      const due = rate <= 0 ? job.items.length : Math.min(job.items.length, Math.floor((elapsed * rate) / 1000));
      const at = new Date(now).toISOString();
      while (job.processed < due) {
        this.process(job.items[job.processed], at);
        job.processed++;
        touched = true;
      }
      if (job.processed >= job.items.length) {
        job.finishedAt = now;
        this.pending.delete(job);
        touched = true;
      }
    }
    if (touched) this.hub.state.changed();
  }

  private process(item: JobItemRec, at: string): void {
    if (item.status !== JOB_PENDING) return; // failed when queued (an injected channel error)
    item.processedAt = at;
    if (item.message) {
      item.status = JOB_ERROR;
      return;
    }
    if (!item.op) {
      item.status = JOB_DONE;
      return;
    }
    const p = this.hub.state.product(item.sku);
    const err = !p ? 'Producto no encontrado' : item.channel ? this.hub.faults.channelError(item.channel) : null;
    if (!p || err) {
      item.status = JOB_ERROR;
      item.message = err;
      return;
    }
    const { quantity, price, publishingPrice, general } = item.op;
    if (general) {
      p.quantity = quantity;
      if (price !== null) p.price = price;
    }
    const listing = item.channel ? p.listings[item.channel] : undefined;
    if (listing) {
      listing.quantity = quantity;
      const lp = publishingPrice ?? price;
      if (lp !== null) listing.price = lp;
    }
    item.status = JOB_DONE;
  }

  /** Overall state for Get Status Request. */
  summary(job: JobRec): { jobId: string; status: string; total: number; processed: number } {
    const processed = job.items.filter((i) => i.status !== JOB_PENDING).length;
    const status = processed >= job.items.length ? JOB_DONE : processed === 0 ? JOB_PENDING : JOB_IN_PROGRESS;
    return { jobId: String(job.id), status, total: job.items.length, processed };
  }
}
