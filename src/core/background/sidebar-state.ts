/**
 * The sidebar's read model: everything it shows, with nothing secret in it (the token's status,
 * never the token). Its type is written out: it is the contract between the server and the
 * sidebar, not whatever the implementation happens to return.
 */
import { alertsView, type AlertShown } from '../alerts/open';
import { readDocuments } from './documents';
import { reviveStoppedTrigger } from './trigger';
import type { Context } from '../kernel/context';
import { hubMovedFor } from '../settings/context';
import { readOpenJobs, type OpenJob } from '../pipeline/jobs/open-jobs';
import { recentLog } from '../kernel/log';
import { LIVE_SECTIONS, liveStamps, type LiveSection } from '../kernel/live';
import { readNotices } from '../kernel/notices';
import { ordersStatusView, type OrdersStatusView } from '../orders/status-view';
import { rulesStatus, type RulesStatus } from '../rules/status';
import { activePushProgress } from '../push/run';
import { waitingRequests, type ApprovalListed } from '../preview/approvals/request';
import type { PushProgress } from '../pipeline/types';
import { chooseStockSheet, type SheetChoice } from '../pipeline/sheet-choice';
import { checkBaseUrl } from '../settings/base-url';
import type { Settings } from '../kernel/settings-schema';
import { readToken, tokenStatus, type TokenStatus } from '../settings/token';
import { ADDON_NAME, VERSION } from '../../version';

export interface SidebarState {
  addonName: string;
  version: string;
  user: string;
  settings: Settings;
  token: TokenStatus;
  /** Set when this user's token is bound to another hub address than the settings name: nothing is sent until they sign in again. */
  hubMoved: string | null;
  push: PushProgress | null;
  /** Requests for approval waiting for a second editor (preview/approvals), oldest first. */
  approvals: ApprovalListed[];
  /** The stock sheet the Push section pushes: the sheet the seller is on when it is one (pipeline/sheet-choice.ts). */
  stockSheet: SheetChoice;
  jobs: OpenJob[];
  orders: OrdersStatusView;
  /** The per-channel rules in use and what they change at the next Push changes; null: no Rules sheet. */
  rules: RulesStatus | null;
  log: Array<Record<string, string | number>>;
  /** Notices from background work, kept until the seller dismisses them (dismissNotices): reading the state changes nothing. */
  notices: string[];
  /** Alerts from background work: kept (not taken) until dismissed or cleared by the work's next success. */
  alerts: AlertShown[];
  /** The add-on's spreadsheets with background work (null for the bound script). */
  background: Array<{ name: string; due: string[]; lastRunAt: number | null; here: boolean }> | null;
  /** The spreadsheet's time zone: the sidebar shows times in it, as the sheets do. */
  timeZone: string;
  /** Each live section's stamp when this state was read: the sidebar's poll compares them (kernel/live.ts). */
  revisions: Record<LiveSection, string>;
  now: number;
}

/** The parts of the state each live section shows (kernel/live.ts): a section is fetched again on its own. */
type SectionParts = {
  status: Pick<SidebarState, 'addonName' | 'version' | 'user' | 'settings' | 'token' | 'hubMoved' | 'background' | 'timeZone'>;
  push: Pick<SidebarState, 'push' | 'approvals' | 'stockSheet' | 'rules'>;
  jobs: Pick<SidebarState, 'jobs'>;
  orders: Pick<SidebarState, 'orders'>;
  alerts: Pick<SidebarState, 'alerts' | 'notices'>;
  log: Pick<SidebarState, 'log'>;
};

const SECTION_PARTS: { [S in LiveSection]: (ctx: Context, now: number) => SectionParts[S] } = {
  status: (ctx, now) => ({
    addonName: ADDON_NAME,
    version: VERSION,
    user: ctx.ports.session.userEmail(),
    settings: ctx.settings,
    token: tokenStatus(readToken(ctx.ports.userStore), now),
    hubMoved: hubMovedNow(ctx),
    background: backgroundDocumentsView(ctx),
    timeZone: ctx.ports.session.timeZone(),
  }),
  push: (ctx, now) => ({
    push: activePushProgress(ctx),
    approvals: waitingRequests(ctx, now),
    stockSheet: chooseStockSheet(ctx),
    rules: rulesStatus(ctx),
  }),
  jobs: (ctx) => ({ jobs: readOpenJobs(ctx.ports.documentStore) }),
  orders: (ctx) => ({ orders: ordersStatusView(ctx) }),
  alerts: (ctx) => ({
    // The add-on's hourly run keeps what concerns other spreadsheets (or none it could open) with the user.
    notices: [...readNotices(ctx.ports.userStore), ...readNotices(ctx.ports.documentStore)],
    alerts: alertsView(ctx.ports.documentStore, ctx.ports.session.timeZone()),
  }),
  log: (ctx) => ({ log: recentLog(ctx.ports.workbook, ctx.settings.sheetNames.log, 10) }),
};

/** Some sections of the state, with the stamps they were read at (read first: a change after it moves a stamp again). */
export type SidebarSections = Partial<SidebarState> & Pick<SidebarState, 'revisions' | 'now'>;

/** The given sections' parts of the state (unknown names are left out), with every stamp and the time. */
export function sidebarSections(ctx: Context, sections: readonly string[]): SidebarSections {
  const revisions = liveStamps(ctx);
  const now = ctx.ports.clock.now();
  const out: SidebarSections = { revisions, now };
  for (const section of LIVE_SECTIONS) if (sections.includes(section)) Object.assign(out, SECTION_PARTS[section](ctx, now));
  return out;
}

/** Everything the sidebar shows, with nothing secret in it. */
export function sidebarState(ctx: Context): SidebarState {
  return sidebarSections(ctx, LIVE_SECTIONS) as SidebarState;
}

/**
 * The add-on's list of this user's spreadsheets with background work (null for the bound
 * script, whose trigger serves only its own spreadsheet): what its hourly run will open.
 */
function backgroundDocumentsView(ctx: Context): Array<{ name: string; due: string[]; lastRunAt: number | null; here: boolean }> | null {
  if (ctx.settings.deployment !== 'addon') return null;
  // The trigger serving these spreadsheets may have stopped where it was created: it comes back here.
  reviveStoppedTrigger(ctx);
  const here = ctx.ports.workbook.documentId();
  return readDocuments(ctx.ports.userStore).map((d) => ({ name: d.name, due: d.due, lastRunAt: d.lastRunAt, here: d.id === here }));
}

/** The message for a token bound to another address than the base URL now names, or null. */
function hubMovedNow(ctx: Context): string | null {
  const token = readToken(ctx.ports.userStore);
  const base = checkBaseUrl(ctx.settings.baseUrl);
  return token && base.ok ? hubMovedFor(ctx, token, base.url) : null;
}
