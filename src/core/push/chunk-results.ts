/**
 * A chunk's results waiting to be written, and their write: the sheet read again first (rows and
 * columns may have moved since the chunk read them), each result placed on its row by identity,
 * written into the add-on's own columns, then told to the features (resultsWritten), recorded in
 * the snapshot of confirmed values and told again as quantities known.
 */
import type { PushedValues } from '../../sheet';
import type { Context } from '../kernel/context';
import { quantitiesKnown } from '../kernel/due';
import { QuotaError } from '../kernel/errors';
import { isKeyless, rowIdentity, type LoadedSheet } from '../pipeline/load';
import { confirmedQuantities } from '../pipeline/low-stock';
import { applyConfirmed, forgetSent, snapshotSteps } from '../pipeline/order';
import type { RowPlan } from '../pipeline/parts';
import { placeResults, valuesNow, type PendingResult, type SnapshotStep } from '../pipeline/relocate';
import { undoneResult, type RestoreWord } from '../pipeline/restore';
import type { ConfirmedValues } from '../pipeline/snapshot';
import { readStockTable } from '../pipeline/stock-table';
import type { RowResult } from '../pipeline/types';
import { resultOptions, writeResults } from '../pipeline/writeback';
import { resultsWritten } from './hooks';
import type { JournalWriter } from './journal';
import { sentValues } from './pending';
import { restoreWord, type PushRun, type RunRows } from './run-store';

/** Operations whose value the hub passes on to every channel with a listing: every Status [channel] is about them. */
const ALL_CHANNELS: ReadonlySet<PushRun['operation']> = new Set(['stock', 'async', 'erp']);

export class ChunkResults {
  /** The results written, by planned row, for the counts. */
  readonly written = new Map<number, RowResult>();
  /** Identities of the rows written (the run sheet's record when the run goes on). */
  readonly doneHere: string[] = [];
  /** When rows with no key were written (their Synced at) and how many, for PushRun.keylessWrittenAt. */
  readonly keylessWrittenAt: Array<{ at: number; rows: number }> = [];
  /** Results not written: their SKU is no longer in the sheet, or is in it more than once. */
  unplaced = 0;
  /** Called after each write (the chunk's journal starts again). */
  onFlush: () => void = () => {};
  private waiting: PendingResult[] = [];
  /** The first and last rows of the results waiting (write-time.ts). */
  private span = { lo: Number.POSITIVE_INFINITY, hi: 0 };
  private readonly keylessAt: ReadonlySet<number>;
  private readonly rowAt: ReadonlyMap<number, LoadedSheet['table']['rows'][number]>;

  constructor(
    private readonly ctx: Context,
    private readonly loaded: LoadedSheet,
    private readonly run: PushRun,
    private readonly kept: RunRows,
    private readonly planAt: ReadonlyMap<number, RowPlan>,
    private readonly journal: JournalWriter,
    private readonly aliases: Readonly<Record<string, string>>,
  ) {
    this.keylessAt = new Set([...planAt.values()].filter((p) => isKeyless(p, run.operation)).map((p) => p.rowNumber));
    this.rowAt = new Map(loaded.table.rows.map((r) => [r.rowNumber, r]));
  }

  /** Rows the waiting results span (0: none waiting). */
  spanRows(): number {
    return this.waiting.length > 0 ? this.span.hi - this.span.lo + 1 : 0;
  }

  /** A row's result, to be written with the next flush. */
  wait(rowNumber: number, result: RowResult, snapshot: SnapshotStep[] = [], sent?: PushedValues): void {
    const { run, loaded } = this;
    this.span.lo = Math.min(this.span.lo, rowNumber);
    this.span.hi = Math.max(this.span.hi, rowNumber);
    const plan = this.planAt.get(rowNumber) as RowPlan;
    const read = this.rowAt.get(rowNumber);
    const restored = restoreWord(run) ?? this.valueWord(rowIdentity(plan, run.operation), rowNumber);
    this.waiting.push({
      rowNumber,
      identity: rowIdentity(plan, run.operation),
      // An undo's OK is not the row's: the hub holds the values from before, not the row's cells.
      result: restored ? undoneResult(result, restored) : result,
      ...(plan.send
        ? {
            sent: sent ?? sentValues(plan),
            held: sent ?? (read ? valuesNow(read, loaded.table, run.operation) : sentValues(plan)),
            snapshot,
          }
        : {}),
    });
  }

  /** The word a limited run's values give their row instead of OK (a scheduled sale's start wins over an end). */
  private valueWord(identity: string, rowNumber: number): RestoreWord | undefined {
    const values = Object.values(this.kept.only?.get(identity) ?? {}).filter((v) => v.row === undefined || v.row === rowNumber);
    const words = values.flatMap((v) => (v.word ? [v.word] : []));
    return words.includes('On sale') ? 'On sale' : words[0];
  }

  /** Writes the results waiting, each on its row as the sheet is now, and records what the hub confirmed. */
  flush(): void {
    const { ctx, loaded, run, waiting } = this;
    if (waiting.length === 0) return;
    // Read again now, after the requests: rows and columns may have moved since the chunk read them.
    const fresh = loaded.reread?.() ?? readStockTable(ctx, loaded.sheet, loaded.mapping);
    // A scheduled sale's values belong to their own row: its SKU may be on another row too.
    const placement = placeResults(fresh.table, waiting, run.operation, 'push', run.limited?.kind === 'sale');
    const now = ctx.ports.clock.now();
    writeResults({
      ...resultOptions(ctx, fresh.table.columns),
      sheet: loaded.sheet,
      values: fresh.values,
      results: placement.results,
      now,
      allChannels: ALL_CHANNELS.has(run.operation),
      channelAliases: this.aliases,
    });
    const skuOf = (n: number): string | null => this.planAt.get(n)?.sku ?? null;
    // Said before the snapshot moves on: what the hub held before these values (undo) is read from it.
    const ruledOf = (n: number): Readonly<Record<string, string>> | undefined => {
      const plan = this.planAt.get(n);
      return plan?.send ? plan.ruled : undefined;
    };
    resultsWritten.emit(ctx, { run, results: waiting, skuOf, ruledOf, only: this.kept.only, confirmedBefore: loaded.confirmed });
    this.confirm(now);
    // What the hub now confirms of the SKUs' stock (the low-stock alert subscribes).
    quantitiesKnown.emit(ctx, {
      quantities: () =>
        run.operation === 'erp' ? [] : confirmedQuantities(waiting.map((p) => ({ sku: skuOf(p.rowNumber), snapshot: p.snapshot }))),
    });
    this.count(placement, now);
    this.clearJournalQuietly();
    this.onFlush();
    this.waiting = [];
    this.span = { lo: Number.POSITIVE_INFINITY, hi: 0 };
  }

  /**
   * What the hub confirmed is true of the SKU wherever its row went: the snapshot is keyed by SKU.
   * Each part in the order it reached the hub: confirmed values recorded, values sent and not
   * confirmed no longer known either way. Prices by ERP id: the hub prices the product of that
   * ERP id, which may not be the row's SKU, so what the SKU held is forgotten (snapshotSteps).
   */
  private confirm(now: number): void {
    const { loaded } = this;
    const entries = new Map<string, ConfirmedValues>();
    for (const p of this.waiting) {
      const sku = this.planAt.get(p.rowNumber)?.sku;
      if (!sku || !p.snapshot || p.snapshot.length === 0) continue;
      let entry = entries.get(sku) ?? loaded.confirmed.get(sku) ?? {};
      for (const step of snapshotSteps(this.run.operation, p.snapshot))
        entry = 'confirm' in step ? applyConfirmed(entry, step.confirm) : forgetSent(entry, step.forget);
      entries.set(sku, entry);
    }
    loaded.snapshot.replace(entries, loaded.confirmed, now);
  }

  /**
   * The rows written, for the counts; those with no place are sent again by a later chunk — but a
   * scheduled sale's (its row gone mid-run): the sale schedule already knows what the hub answered
   * (resultsWritten) and decides itself what to send again, at its next run.
   */
  private count(placement: ReturnType<typeof placeResults>, now: number): void {
    const unplacedRows = new Set(placement.unplaced.map((p) => p.rowNumber));
    const placed = this.waiting.filter((p) => !unplacedRows.has(p.rowNumber));
    for (const p of placed) this.written.set(p.rowNumber, placement.placedFrom.get(p.rowNumber) ?? p.result);
    this.unplaced += placement.unplaced.length;
    for (const p of placed) this.doneHere.push(p.identity);
    if (this.run.limited?.kind === 'sale') for (const p of placement.unplaced) this.doneHere.push(p.identity);
    const keyless = placed.filter((p) => this.keylessAt.has(p.rowNumber)).length;
    if (keyless > 0) this.keylessWrittenAt.push({ at: now, rows: keyless });
  }

  /**
   * A properties quota must not lose results already in the sheet; the journal of this run is
   * ignored by any other run, and cleared when the next one starts.
   */
  private clearJournalQuietly(): void {
    try {
      this.journal.clear();
    } catch (e) {
      if (!(e instanceof QuotaError)) throw e;
    }
  }
}
