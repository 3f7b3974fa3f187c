/** What Schedule sale prices would do, before it is pressed: the windows read, the rows refused, what starts now. Sends and writes nothing. */
import type { Context } from '../kernel/context';
import { localDateTime } from '../kernel/time';
import { loadStockSheet } from '../pipeline/load';
import { pushContext } from '../pipeline/sheet-choice';
import { nextSaleChange } from './events';
import { scheduleWhen } from './run';
import { readRunning } from './store';
import { sheetWindows, windowText } from './windows';

export interface SaleCheck {
  sheet: string;
  windows: number;
  /** Windows in force now and not running: Schedule sale prices starts them at once. */
  startNow: number;
  refused: Array<{ row: number; reasons: string[] }>;
  nextAt: number | null;
  /** The question to confirm, with its details. */
  question: string;
}

const SHOWN = 5;

export function checkSaleSchedule(ctx: Context): SaleCheck {
  const { ctx: on, choice } = pushContext(ctx);
  const loaded = loadStockSheet(on, 'byChannel');
  const zone = ctx.ports.session.timeZone();
  const now = ctx.ports.clock.now();
  const found = sheetWindows(loaded, zone);
  const running = readRunning(ctx.ports.workbook);
  const inForce = found.windows.filter((w) => w.window.start <= now && now < w.window.end);
  const starting = inForce.filter((w) => !running.some((r) => r.sku === w.sku && r.channel === w.channel));
  const refused = [...found.refused].map(([row, reasons]) => ({ row, reasons }));
  const nextAt = nextSaleChange(found.windows, running, now);
  const list = (texts: string[]): string =>
    texts.slice(0, SHOWN).join('; ') + (texts.length > SHOWN ? `; and ${texts.length - SHOWN} more` : '');
  const lines = [
    `${found.windows.length} scheduled sale price${found.windows.length === 1 ? '' : 's'} on "${choice.sheet}".`,
    starting.length > 0 ? `Starting now: ${list(starting.map((w) => `${w.sku}: ${windowText(w, zone)}`))}.` : '',
    nextAt !== null
      ? `Next start or end: ${localDateTime(nextAt, zone)}; each is sent ${scheduleWhen(ctx)}, and each end puts back what the hub held before the sale.`
      : '',
    refused.length > 0
      ? `Refused (nothing is scheduled for them): ${list(refused.map((r) => `row ${r.row}: ${r.reasons.join('; ')}`))}.`
      : '',
  ];
  return {
    sheet: choice.sheet,
    windows: found.windows.length,
    startNow: starting.length,
    refused,
    nextAt,
    question: lines.filter(Boolean).join('\n\n'),
  };
}
