/**
 * Puts the add-on in the state a seller would leave it in: installed (menu built), the base URL
 * pointing at the playground's hub, a token stored, and the sidebar open. A restart reopens the
 * document and moves a base URL that still points at the previous hub to the new one (the hub's
 * port may change), leaving any other URL the seller typed alone.
 */
import type { Runtime } from '../../gas-runtime';
import { columnLetters } from '../../gas-runtime/a1';
import type { InitArgs } from '../protocol';
import { savedBaseUrl, stockSheetName } from './addon-settings';

function expectOk(name: string, result: unknown): void {
  const r = result as { ok?: boolean; value?: { saved?: boolean; errors?: Record<string, string> }; error?: string };
  const errors = r.value?.errors ?? {};
  if (!r.ok || r.value?.saved === false || Object.keys(errors).length > 0)
    throw new Error(`${name} failed while setting up the playground: ${JSON.stringify(r)}`);
}

/**
 * Header row bold and frozen, as the add-on creates its own sheets; the demo's SKU column (A)
 * frozen too, as after answering Yes to the add-on's one-time question (a sheet of your own that
 * you make the stock sheet gets the question at its first push).
 */
export function styleHeader(rt: Runtime, sheet: string): void {
  const s = rt.sheet(sheet);
  s.setFrozenRows(1);
  s.setFrozenColumns(1);
  if (s.lastColumn() > 0) s.setFontWeight(`A1:${columnLetters(s.lastColumn())}1`, 'bold');
}

export function setUp(rt: Runtime, args: InitArgs, firstStart: boolean): void {
  if (firstStart) {
    styleHeader(rt, stockSheetName(rt));
    rt.install();
    expectOk('saveSettings', rt.call('saveSettings', { baseUrl: args.hubUrl }));
    expectOk('saveToken', rt.call('saveToken', args.token));
  } else {
    rt.open({ authMode: 'LIMITED' });
    const base = savedBaseUrl(rt);
    if (!base || base === args.previousHubUrl) {
      expectOk('saveSettings', rt.call('saveSettings', { baseUrl: args.hubUrl }));
      // The hub moved to a new port: its token is bound to the old address, so — as a seller would
      // after "The hub address was changed" — the seller signs out and saves the token for the new one.
      rt.call('signOut');
      expectOk('saveToken', rt.call('saveToken', args.token));
    }
  }
  const names = rt.sheetNames();
  const stock = stockSheetName(rt);
  if (!rt.selection()) rt.select(names.includes(stock) ? stock : names[0], 'A1');
  rt.call('showSidebar');
}
