/** The ledger's hidden sheet opened as a sheet: shown and made active (created empty when no value was pushed yet). */
import type { Context } from '../kernel/context';
import { DATE_TIME_FORMAT } from '../../sheet/date-format';
import { LEDGER_HEADER, LEDGER_SHEET } from '../pipeline/ledger/store';

/** Shows the ledger's sheet and takes the seller to it; returns what to tell them. */
export function openLedgerSheet(ctx: Context): string {
  const existed = ctx.ports.workbook.sheet(LEDGER_SHEET) !== null;
  ctx.ports.workbook.ensureSheet(LEDGER_SHEET, LEDGER_HEADER, {
    show: true,
    activate: true,
    dateColumns: [0],
    dateFormat: DATE_TIME_FORMAT,
  });
  const what = `The ${LEDGER_SHEET} sheet is open: one row per batch of values a push sent, its values in the Records column (SKU, channel, field, before, how it was known, sent, the hub's answer, source, job).`;
  return existed ? `${what} Hide it again from its tab's menu.` : `No value has been pushed since the history began. ${what}`;
}
