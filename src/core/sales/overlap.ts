/**
 * One SKU and channel has one sale at a time: two windows of the same SKU and channel that share
 * any moment are both refused, each naming the other row, so that neither end restores a price
 * the other one set. A general window (every channel) shares every channel.
 */
import { localDateTime } from '../kernel/time';
import type { Window } from './window';

/** A row's window for one SKU and channel ('' for the general sale price). */
export interface PlacedWindow {
  row: number;
  sku: string;
  channel: string;
  window: Window;
}

const span = (w: Window, timeZone: string): string => `${localDateTime(w.start, timeZone)} to ${localDateTime(w.end, timeZone)}`;

/** Row number → why its windows are refused (each overlapping window of the row, naming the rows it overlaps). */
export function overlappingWindows(windows: readonly PlacedWindow[], timeZone: string): Map<number, string[]> {
  const bySku = new Map<string, PlacedWindow[]>();
  for (const w of windows) bySku.set(w.sku, [...(bySku.get(w.sku) ?? []), w]);
  // The general sale price passes on to every channel: it shares a channel with any of them.
  const shareChannel = (a: PlacedWindow, b: PlacedWindow): boolean => a.channel === b.channel || a.channel === '' || b.channel === '';
  const clashes = new Map<PlacedWindow, PlacedWindow[]>();
  for (const group of bySku.values()) {
    const sorted = [...group].sort((a, b) => a.window.start - b.window.start || a.row - b.row);
    for (let i = 0; i < sorted.length; i++) {
      // Sorted by start: only the windows starting before this one ends can overlap it.
      for (let j = i + 1; j < sorted.length && sorted[j].window.start < sorted[i].window.end; j++) {
        const [a, b] = [sorted[i], sorted[j]];
        if (!shareChannel(a, b)) continue;
        clashes.set(a, [...(clashes.get(a) ?? []), b]);
        clashes.set(b, [...(clashes.get(b) ?? []), a]);
      }
    }
  }
  const out = new Map<number, string[]>();
  for (const [self, others] of clashes) {
    const on = self.channel ? ` on ${self.channel}` : '';
    const named = others
      .sort((a, b) => a.row - b.row)
      .map((o) => `row ${o.row} (${span(o.window, timeZone)})`)
      .join(', ');
    const reason = `The sale ${span(self.window, timeZone)} for ${self.sku}${on} overlaps ${named}: one SKU has one sale at a time on a channel; change the dates of one of them`;
    out.set(self.row, [...(out.get(self.row) ?? []), reason]);
  }
  return out;
}
