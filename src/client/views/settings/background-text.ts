/**
 * The add-on's background list in words: the spreadsheets whose work this user's hourly run
 * does (it runs with no document open and opens each by id), and what is due in each.
 */
import type { SidebarState } from '../../state';
import { formatDateTime, formatRelative, type Zone } from '../../format';

export type BackgroundDocumentView = NonNullable<SidebarState['background']>[number];

/** One line per spreadsheet: `This spreadsheet: order import every 60 min · last run 2026-11-20 16:01 (5 min ago)`. */
export function backgroundLines(documents: readonly BackgroundDocumentView[], now: number, zone?: Zone): string[] {
  return documents.map((d) => {
    const name = d.here ? 'This spreadsheet' : `\u201c${d.name}\u201d`;
    const due = d.due.length > 0 ? d.due.join(', ') : 'nothing due';
    const last =
      d.lastRunAt === null ? 'not run yet' : `last run ${formatDateTime(d.lastRunAt, zone)} (${formatRelative(d.lastRunAt, now)})`;
    return `${name}: ${due} \u00b7 ${last}`;
  });
}

/** The sentence under the list. */
export function backgroundNote(count: number): string {
  return count === 0
    ? 'No background work: nothing is scheduled, followed or waiting to finish in any of your spreadsheets.'
    : 'Your background run opens these spreadsheets once an hour. To stop one, open it and switch its order import off (jobs and pushes end by themselves).';
}
