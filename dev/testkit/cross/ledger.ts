/**
 * What each step of a scenario did, as the checks need it: when it ran, who ran it, the hub's
 * values before and after its action, the values that left the add-on (from the hub's request log),
 * the changes made on the hub behind the add-on's back, and the snapshot of confirmed values
 * before it. The checks read the whole history through the queries here.
 */
import type { LogEntry } from '../../hub-emulator/reqlog';
import type { SentValue } from '../../hub-emulator/sent-values';
import { keyOf, type HubValues } from './hub-values';
import type { PushOperation, Step, User } from './scenario';

/** A value that left the add-on, by its hub key (an ERP id resolved to the SKU it priced). */
export interface Sent {
  requestId: number;
  path: string;
  /** The request's status (null: no answer, a timeout) and injected fault. */
  status: number | null;
  fault: string | null;
  sku: string;
  key: string;
  field: string;
  channel: string | null;
  value: number | string;
}

/** The snapshot of confirmed values: SKU → value key → value. */
export type Snapshot = Map<string, Record<string, number>>;

export interface StepRecord {
  index: number;
  step: Step;
  /** A check step the runner added (Push changes right after a clean push), not the scenario's. */
  check: boolean;
  user: User | null;
  /** Virtual time the step began (before the time passing ahead of its action). */
  from: number;
  /** Virtual time the step's action started and ended. */
  start: number;
  end: number;
  /** Faults were on during the action. */
  faulted: boolean;
  /** Hub requests from the end of the step before (background runs included) to the end of this one. */
  requests: LogEntry[];
  /** Values that left during this step (its action and any background run before it). */
  sent: Sent[];
  hubBefore: HubValues;
  hubAfter: HubValues;
  /** Keys changed on the hub behind the add-on's back by this step. */
  external: string[];
  snapshotBefore: Snapshot;
  /** A push of values (push, preview's push, Push changes), with its operation. */
  pushOf: PushOperation | null;
  /** Push ids the change ledger gained in this step (the pushes this step made). */
  pushIds?: string[];
  /**
   * Pushes of the change ledger first seen before this step's action: made by the time trigger
   * between steps (the sale schedule's starts and ends), before `hubBefore` was read.
   */
  betweenPushIds?: string[];
  /** A revert from the History: what it named (null: the History listed nothing). */
  reverted?: { target: { push: string; sku?: string; field?: string; channel?: string }; overwrite: boolean } | null;
  /** An undo: the push it named (step index), null when it named none or none could be told. */
  undid?: { named: number | null; at: string | null; overwrite: boolean; whose: 'mine' | 'anyone' };
  /** What the action returned or said (sidebar results, dialog texts), for the report. */
  said: string[];
}

/** The values a request log entry carried, by hub key; `erpSku` resolves an ERP id. */
export function sentOf(entry: LogEntry, erpSku: (erpId: string) => string | undefined): Sent[] {
  return (entry.values ?? []).map((v: SentValue) => {
    const sku = v.byErpId ? (erpSku(v.sku) ?? `ERP?${v.sku}`) : v.sku;
    return {
      requestId: entry.id,
      path: entry.path.toLowerCase(),
      status: entry.status,
      fault: entry.fault,
      sku,
      key: keyOf(sku, v.field, v.channel),
      field: v.field,
      channel: v.channel,
      value: v.value,
    };
  });
}

export class Ledger {
  readonly steps: StepRecord[] = [];

  add(record: StepRecord): void {
    this.steps.push(record);
  }

  /** The latest step at or before `index` that sent a value for `sku`. */
  lastSending(sku: string, index: number): StepRecord | null {
    for (let i = index; i >= 0; i--) if (this.steps[i].sent.some((s) => s.sku === sku)) return this.steps[i];
    return null;
  }

  /** True when `key` was changed behind the add-on's back in a step after `after` up to `upTo` (inclusive). */
  changedExternally(key: string, after: number, upTo: number): boolean {
    for (let i = after + 1; i <= upTo && i < this.steps.length; i++) if (this.steps[i].external.includes(key)) return true;
    return false;
  }

  /** The push steps, oldest first. */
  pushes(): StepRecord[] {
    return this.steps.filter((s) => s.pushOf !== null);
  }
}
