/** What Schedule sale prices would do, before it is pressed: the windows read, the rows refused, what starts now. Sends and writes nothing. */
import type { Context } from '../kernel/context';
import { localDateTime } from '../kernel/time';
import { loadStockSheet } from '../pipeline/load';
import { pushContext } from '../pipeline/sheet-choice';
import { nextSaleChange, saleEvents } from './events';
import { refuseMove, scheduleWhen } from './run';
import { hubNow } from '../pipeline/dry-run/read-hub';
import { hubClient } from '../settings/context';
import type { SaleWindow } from './events';
import { beyondGuard, checkKey } from './guard';
import { readRunning, readSchedule } from './store';
import { sheetWindows, windowText } from './windows';

export interface SaleCheck {
  sheet: string;
  windows: number;
  refused: Array<{ row: number; reasons: string[] }>;
  /** Values beyond the price guard rail not yet released (guard.ts checkKey): Yes to the question checks them. */
  beyond: string[];
  /** The question to confirm, with its details. */
  question: string;
}

const SHOWN = 5;
/** Values beyond the guard rail one question lists, every one of them (Yes checks exactly those). */
const CHECKED_AT_ONCE = 20;

export function checkSaleSchedule(ctx: Context): SaleCheck {
  const { ctx: on, choice } = pushContext(ctx);
  refuseMove(ctx, readSchedule(ctx.ports.documentStore), choice.sheet);
  const loaded = loadStockSheet(on, 'byChannel');
  const zone = ctx.ports.session.timeZone();
  const now = ctx.ports.clock.now();
  const running = readRunning(ctx.ports.workbook);
  const found = sheetWindows(loaded, zone, running);
  // What starts and what ends now, as the run works it out (plan.ts): running sales with no window in
  // force any more (dates edited, cells emptied, row refused) end.
  const { start: starting, end: ending } = saleEvents(
    found.windows,
    running.filter((r) => !r.ending),
    now,
    null,
  );
  // One by-channel update per SKU (hub-api §4.3), and the hub read first.
  const requests = new Set([...starting, ...ending].map((x) => x.sku)).size;
  const refused = [...found.refused].map(([row, reasons]) => ({ row, reasons }));
  const nextAt = nextSaleChange(found.windows, running, now);
  const beyond = beyondNow(
    on,
    found.windows.filter((w) => w.window.end > now),
  );
  const list = (texts: string[]): string =>
    texts.slice(0, SHOWN).join('; ') + (texts.length > SHOWN ? `; and ${texts.length - SHOWN} more` : '');
  const lines = [
    `${found.windows.length} scheduled sale price${found.windows.length === 1 ? '' : 's'} on "${choice.sheet}".`,
    starting.length > 0 ? `Starting now: ${list(starting.map((w) => `${w.sku}: ${windowText(w, zone)}`))}.` : '',
    ending.length > 0
      ? `Ending now (their window is no longer in the sheet as it was): ${list(ending.map((r) => `${r.sku} on ${r.channel} (sale price ${r.salePrice})`))}; each puts back what the hub held before its sale.`
      : '',
    requests > 0 ? `That is ${requests} hub request${requests === 1 ? '' : 's'} now (one per SKU), after reading what the hub holds.` : '',
    nextAt !== null
      ? `Next start or end: ${localDateTime(nextAt, zone)}; each is sent ${scheduleWhen(ctx)}, and each end puts back what the hub held before the sale.`
      : '',
    refused.length > 0
      ? `Refused (nothing is scheduled for them): ${list(refused.map((r) => `row ${r.row}: ${r.reasons.join('; ')}`))}.`
      : '',
    beyond.lines.length > 0 ? guardQuestion(ctx, beyond.lines) : '',
  ];
  return {
    sheet: choice.sheet,
    windows: found.windows.length,
    refused,
    // Yes checks the values the question listed, and only those.
    beyond: beyond.keys.slice(0, CHECKED_AT_ONCE),
    question: lines.filter(Boolean).join('\n\n'),
  };
}

/** What Yes does to the values beyond the guard rail: checks them, or asks (or gives) a second editor's approval. */
function guardQuestion(ctx: Context, lines: readonly string[]): string {
  const more =
    lines.length > CHECKED_AT_ONCE ? `; and ${lines.length - CHECKED_AT_ONCE} more, listed at your next Schedule sale prices` : '';
  const rail = `Beyond the \u00b1${ctx.settings.guards.pricePct} % price guard rail: ${lines.slice(0, CHECKED_AT_ONCE).join('; ')}${more}.`;
  return ctx.settings.guards.approve.includes('price')
    ? `${rail} They need a second editor\u2019s approval: Yes asks for it, or gives it when another editor asked.`
    : `${rail} Yes means you checked them.`;
}

/** The windows to come or in force whose sale price the guard rail holds now, against what the hub holds (one read). */
function beyondNow(ctx: Context, windows: readonly SaleWindow[]): { keys: string[]; lines: string[] } {
  const pricePct = ctx.settings.guards.pricePct;
  if (pricePct <= 0 || windows.length === 0) return { keys: [], lines: [] };
  const hub = hubNow(ctx, hubClient(ctx), [...new Set(windows.map((w) => w.sku))], false, 'Schedule sale prices').hub;
  const checked = new Map(readSchedule(ctx.ports.documentStore)?.checked ?? []);
  const me = ctx.ports.session.userKey();
  const out = { keys: [] as string[], lines: [] as string[] };
  for (const w of windows) {
    const held = hub.get(w.sku)?.[`salePrice:${w.channel}`] ?? null;
    const why = beyondGuard(w, held, pricePct);
    const by = checked.get(checkKey(w)) ?? [];
    if (why === null || by.includes(me) || out.keys.includes(checkKey(w))) continue;
    out.keys.push(checkKey(w));
    out.lines.push(`${w.sku} on ${w.channel}: ${why}`);
  }
  return out;
}
