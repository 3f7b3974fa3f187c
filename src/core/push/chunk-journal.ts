/**
 * A chunk's journal of confirmed rows (journal.ts): rows confirmed since the last write, written
 * once enough rows are finished, so that an execution killed mid-chunk sends at most those again.
 */
import { QuotaError } from '../kernel/errors';
import type { PushStop } from './chunk';
import { JOURNAL_FLUSH_CHARS, toRanges, type JournalEntry, type JournalWriter } from './journal';

export class ChunkJournal {
  /** Rows finished since the journal was last written (confirmed or not). */
  settled = 0;
  /** Confirmed rows not in the journal yet: an execution killed now sends at most these again. */
  private unjournalled: Array<{ rowNumber: number; key: string; entry: JournalEntry }> = [];
  private chars = 0;
  private on = true;

  constructor(
    private readonly writer: JournalWriter,
    /** Rows finished after which the journal is written (journalCadence). */
    private readonly every: number,
    /** Writes the results waiting (when the journal can no longer be kept). */
    private readonly flush: () => void,
  ) {}

  /** A row the hub confirmed, to journal. */
  confirmed(rowNumber: number, key: string): void {
    this.unjournalled.push({ rowNumber, key, entry: 'OK' });
  }

  /** True when enough rows finished since the last write (a round of 50-row requests reaches it at once). */
  due(): boolean {
    return this.settled >= this.every;
  }

  /** True when the journal grew large (scattered rows): the results are written before it fills the store. */
  full(): boolean {
    return this.chars > JOURNAL_FLUSH_CHARS;
  }

  /**
   * Records the rows confirmed since the last write. A daily properties quota stops the push (after
   * writing what is known: the returned stop); a full store only turns the journal off (an
   * interruption would then re-send these rows, which is safe for stock and prices) and writes
   * results sooner.
   */
  write(): PushStop | null {
    if (!this.on || this.unjournalled.length === 0) return null;
    try {
      this.chars = this.writer.append(toRanges(this.unjournalled));
      this.unjournalled = [];
      this.settled = 0;
      return null;
    } catch (e) {
      this.on = false;
      this.flush();
      return e instanceof QuotaError ? { kind: 'quota', message: e.message } : null;
    }
  }

  /** After the results were written: the journal starts again empty. */
  reset(): void {
    this.chars = 0;
    this.unjournalled = [];
    this.settled = 0;
  }
}
