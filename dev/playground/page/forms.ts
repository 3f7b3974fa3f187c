/**
 * The playground's own menu: fill the stock sheet from the hub, add generated products to the
 * hub, create the SKUs of the sheet on screen in the hub (an export's products, so its round
 * trip works), type a sale schedule example.
 */
import { localDateTime } from '../../../src/core/kernel/time';
import { api } from './api';
import { openModal, showMessage } from './modal';
import { showToast } from './toasts';
import type { PageMenu } from './menus';

const MAX_ROWS = 20_000;

function wholeNumber(text: string, min: number, max: number): number | null {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

async function fillFromHub(): Promise<void> {
  const stockSheet = 'Stock & Prices';
  const r = await openModal({
    id: 'fill',
    title: `Fill \u201c${stockSheet}\u201d from the hub`,
    message: `Replaces every cell of \u201c${stockSheet}\u201d (the add-on\u2019s stock sheet) with products from the hub emulator (SKU, Title, Quantity, Price and per-channel prices), in the hub's order.`,
    fields: [
      { name: 'prefix', label: 'SKU starts with (blank: any)', value: '' },
      { name: 'rows', label: `Rows (1\u2013${MAX_ROWS.toLocaleString('en-US')})`, value: '300', type: 'number' },
    ],
    buttons: [
      { label: 'Cancel', value: 'CANCEL' },
      { label: 'Fill', value: 'OK', primary: true },
    ],
    closeValue: 'CANCEL',
    validate: (_, f) => (wholeNumber(f.rows, 1, MAX_ROWS) === null ? `Rows must be a whole number from 1 to ${MAX_ROWS}.` : null),
  });
  if (r.value !== 'OK') return;
  try {
    const done = await api.fill(r.fields.prefix, wholeNumber(r.fields.rows, 1, MAX_ROWS)!);
    showToast(
      `${done.value.rows.toLocaleString('en-US')} products written to \u201c${done.value.sheet}\u201d.`,
      'Playground',
      6,
      'playground',
    );
  } catch (e) {
    await showMessage('Could not fill the sheet', e instanceof Error ? e.message : String(e));
  }
}

async function generateProducts(): Promise<void> {
  const r = await openModal({
    id: 'generate',
    title: 'Add generated products to the hub',
    message:
      'Adds products to the hub emulator, listed on mercadolibre, amazon and walmart with the demo\u2019s mix of listing statuses. Then fill the sheet with that SKU prefix to try a large push.',
    fields: [
      { name: 'count', label: `How many (1\u2013${MAX_ROWS.toLocaleString('en-US')})`, value: '5000', type: 'number' },
      { name: 'prefix', label: 'SKU prefix', value: 'GEN-' },
    ],
    buttons: [
      { label: 'Cancel', value: 'CANCEL' },
      { label: 'Add', value: 'OK', primary: true },
    ],
    closeValue: 'CANCEL',
    validate: (_, f) =>
      wholeNumber(f.count, 1, MAX_ROWS) === null
        ? `How many must be a whole number from 1 to ${MAX_ROWS}.`
        : /^[A-Za-z0-9._-]{1,40}$/.test(f.prefix)
          ? null
          : 'The prefix takes letters, digits, dot, dash or underscore.',
  });
  if (r.value !== 'OK') return;
  try {
    const done = await api.generate(r.fields.prefix, wholeNumber(r.fields.count, 1, MAX_ROWS)!);
    showToast(
      `${done.value.added.toLocaleString('en-US')} products added to the hub: ${done.value.first} \u2026 ${done.value.last}.`,
      'Playground',
      6,
      'playground',
    );
  } catch (e) {
    await showMessage('Could not add products', e instanceof Error ? e.message : String(e));
  }
}

/** A few SKUs, then how many more. */
function someSkus(skus: readonly string[]): string {
  const shown = skus.slice(0, 5).join(', ');
  return skus.length > 5 ? `${shown} and ${(skus.length - 5).toLocaleString('en-US')} more` : shown;
}

/** Creates the sheet's SKUs in the hub emulator, so an export's round trip can start. */
async function addSheetSkus(sheet: string | null, track: <T>(p: Promise<T>) => Promise<T>): Promise<void> {
  if (!sheet) return;
  try {
    const done = (await track(api.addSkus(sheet))).value;
    const n = (x: readonly string[]): string => x.length.toLocaleString('en-US');
    const on = done.channels.join(', ');
    const lines: string[] = [];
    if (done.added.length > 0)
      lines.push(
        `${n(done.added)} SKUs of \u201c${done.sheet}\u201d created in the hub emulator, listed on ${on}: ${someSkus(done.added)}.`,
      );
    if (done.listed.length > 0) lines.push(`Already in the hub, now listed on ${on} too: ${someSkus(done.listed)}.`);
    if (done.alreadyInHub.length > 0) lines.push(`Already in the hub and on ${on}, left as they are: ${n(done.alreadyInHub)}.`);
    if (lines.length === 0) lines.push(`No SKU in \u201c${done.sheet}\u201d that the add-on would send.`);
    if (done.leftOut > 0)
      lines.push(
        `${done.leftOut.toLocaleString('en-US')} rows without a SKU the add-on would send (skipped by the export's row rule, or no SKU) were left out.`,
      );
    showToast(lines.join(' '), 'Playground', 10, 'playground');
  } catch (e) {
    await showMessage('Could not add the SKUs', e instanceof Error ? e.message : String(e));
  }
}

/**
 * Playground › Add a sale schedule example: three sale windows typed into the stock sheet, as a
 * seller would — one in force now, one starting in 3 minutes and ending 5 minutes later, one
 * tomorrow — in new columns `Sale price [channel]`, `Sale start`, `Sale end` after the last one.
 */
async function addSaleExample(): Promise<void> {
  const sheet = 'Stock & Prices';
  try {
    const [{ snapshot }, top] = await Promise.all([api.status(), api.window(sheet, 1, 4)]);
    if (!snapshot) throw new Error('The add-on is still starting: try again in a moment.');
    const header = (top.rows[0] ?? []).map((c) => c?.t ?? '');
    const priceAt = header.findIndex((h) => /^Price \[[a-z0-9_.-]+\]$/.test(h));
    if (priceAt < 0) throw new Error(`\u201c${sheet}\u201d has no Price [channel] column: fill it from the hub first.`);
    const channel = header[priceAt].slice('Price ['.length, -1);
    const last = header.reduce((end, h, i) => (h ? i + 1 : end), 0);
    const minute = 60_000;
    const now = Math.floor(snapshot.now / minute) * minute;
    const at = (ms: number): string => localDateTime(ms, snapshot.timeZone);
    const tomorrow = now + 24 * 60 * minute;
    const windows = [
      [now - minute, now + 10 * minute],
      [now + 3 * minute, now + 8 * minute],
      [tomorrow, tomorrow + 24 * 60 * minute],
    ];
    const rows = windows.map(([from, to], i) => {
      const price = Number(top.rows[i + 1]?.[priceAt]?.t?.replace(/[^0-9.]/g, '') || 10);
      return [String(Math.round(price * 90) / 100), at(from), at(to)];
    });
    const text = [[`Sale price [${channel}]`, 'Sale start', 'Sale end'], ...rows].map((r) => r.join('\t')).join('\n');
    await api.paste(sheet, 1, last + 1, text);
    showToast(
      `Three sales typed into rows 2\u20134 of \u201c${sheet}\u201d (10 % off on ${channel}): one now, one in 3 minutes for 5 minutes, one tomorrow. Extensions \u203a Hub Sync \u203a Schedule sale prices\u2026 starts the schedule; watch rows 2\u20133 change as the clock passes their times.`,
      'Playground',
      12,
      'playground',
    );
  } catch (e) {
    await showMessage('Could not add the example', e instanceof Error ? e.message : String(e));
  }
}

/** The other editor the page can work as (runtime/host.ts OTHER_EDITOR). */
const OTHER_EDITOR = 'colleague@example.com';

async function switchUser(track: <T>(p: Promise<T>) => Promise<T>): Promise<void> {
  try {
    const { user } = (await track(api.switchUser())).value;
    showToast(
      user === OTHER_EDITOR
        ? `You now work as ${user}, another editor of this spreadsheet: the menu and the sidebar run as them (their own sign-in, their own pushes). Approve a request for approval here. Playground \u203a Work as the owner goes back.`
        : `You work as ${user} again, the spreadsheet's owner.`,
      'Playground',
      10,
      'playground',
    );
  } catch (e) {
    await showMessage('Could not switch users', e instanceof Error ? e.message : String(e));
  }
}

export interface PlaygroundMenuContext {
  /** Who the page works as now. */
  user(): string;
  hubUrl(): string;
  /** The sheet on screen. */
  sheet(): string | null;
  track<T>(work: Promise<T>): Promise<T>;
}

export function playgroundMenu(ctx: PlaygroundMenuContext): PageMenu {
  const hubUrl = ctx.hubUrl;
  return {
    caption: 'Playground',
    items: [
      { caption: `Fill \u201cStock & Prices\u201d from the hub\u2026`, functionName: 'playground:fill', run: () => void fillFromHub() },
      { caption: 'Add generated products to the hub\u2026', functionName: 'playground:generate', run: () => void generateProducts() },
      {
        caption: 'Add these SKUs to the hub',
        functionName: 'playground:add-skus',
        run: () => void addSheetSkus(ctx.sheet(), ctx.track),
      },
      { caption: 'Add a sale schedule example', functionName: 'playground:sale-example', run: () => void addSaleExample() },
      { separator: true },
      {
        // Approvals need a different editor: the page can work as a second user of the spreadsheet.
        caption: ctx.user() === OTHER_EDITOR ? 'Work as the owner (user@example.com)' : `Work as another editor (${OTHER_EDITOR})`,
        functionName: 'playground:switch-user',
        run: () => void switchUser(ctx.track),
      },
      {
        caption: 'Show the hub emulator\u2019s address',
        functionName: 'playground:hub',
        run: () => void showMessage('Hub emulator', `${hubUrl()}\nAdmin API (state, faults, clock): ${hubUrl()}/__admin`),
      },
    ],
  };
}
