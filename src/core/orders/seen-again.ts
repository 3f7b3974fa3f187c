/**
 * An idle run's page: once a stream is caught up, each call lists again only the order it read
 * last (the overlap that proves the page boundary), unchanged. Finding that out from the sheets
 * means reading the order id columns of Orders and of the snapshot — a cost that grows with the
 * sheet, at every run. The stream's own tail already knows: each entry remembers the
 * dateModified with which its order's row was written whole (`written`). A page that lists only
 * such orders again, with the same dates, has nothing to write, and the sheets are not opened.
 * Pure.
 *
 * What this leaves to later runs: a row the seller deleted is not put back by a page that lists
 * its order again unchanged (the next change of the order, or the daily check within its days,
 * writes it again — as for any other deleted row). Anything that changed the order in the hub
 * changes its dateModified, and the page is written as usual.
 */
import type { Seen, StreamCursor } from './stream';
import type { ImportStreams } from './streams-store';

/** What the tail check needs of a record of the page. */
export interface PageOrder {
  id: number;
  /** The stream's date of the order (as in the tail). */
  date: string;
  dateModified: string;
  /** The record was read whole (no field failed the schema). */
  whole: boolean;
}

/** True when every order of the page is in the tail, unchanged and written whole: nothing to write. */
export function onlySeenAgain(tail: readonly Seen[], page: readonly PageOrder[]): boolean {
  return (
    page.length > 0 && page.every((o) => o.whole && tail.some((t) => t.id === o.id && t.date === o.date && t.written === o.dateModified))
  );
}

/**
 * A tail after a page was written: each entry whose order the page listed remembers the
 * dateModified its row now holds (`inSheet`: its row was written whole, or already was), or
 * forgets it (not in the sheet: a status filter did not take it; read in part). By order id
 * alone: what a row holds is the order's, whichever list read it.
 */
export function noteWritten(tail: readonly Seen[], page: readonly PageOrder[], inSheet: (id: number) => boolean): Seen[] {
  return tail.map((t) => {
    const o = page.find((p) => p.id === t.id);
    if (!o) return t;
    const { written: _, ...entry } = t;
    return o.whole && inSheet(o.id) ? { ...entry, written: o.dateModified } : entry;
  });
}

/** Every list's tail after a page was written (another list's last order may be on this page: its row changed too). */
export function noteWrittenInStreams(streams: ImportStreams, page: readonly PageOrder[], inSheet: (id: number) => boolean): ImportStreams {
  const note = (c: StreamCursor): StreamCursor => ({ ...c, tail: noteWritten(c.tail, page, inSheet) });
  return { ...streams, added: note(streams.added), modified: note(streams.modified), sweep: streams.sweep && note(streams.sweep) };
}
