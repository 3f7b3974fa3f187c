/**
 * The settings form as data: its fields, Settings ⇄ form text, the client-side checks and where
 * each error is shown (pure; the Settings view beside it builds the DOM from this).
 */
import { checkBaseUrl } from '../../../core/settings/base-url';
import type { Settings } from '../../../core/kernel/settings-schema';
import { PLAIN_CHANNELS_LABEL, PULL_CHANNELS_LABEL } from '../../../core/kernel/settings-constants';
import { SETTING_LIMITS, type LimitedSetting } from '../../../core/kernel/settings-limits';
import type { GuardName } from '../../../core/pipeline/guards';
import { formatAliasLines, parseAliasLines } from './aliases';
import { formatPlainChannels, parsePlainChannels } from './plain-channels-text';

type SheetRole = keyof Settings['sheetNames'];

/** The sheet roles in form order, with their labels. */
export const SHEET_ROLES: ReadonlyArray<{ role: SheetRole; label: string }> = [
  { role: 'stock', label: 'Stock & prices' },
  { role: 'jobs', label: 'Async jobs' },
  { role: 'orders', label: 'Orders' },
  { role: 'orderItems', label: 'Order items' },
  { role: 'orderDrafts', label: 'Order drafts' },
  { role: 'categories', label: 'Categories' },
  { role: 'log', label: 'Log' },
];

export type FieldKind = 'url' | 'text' | 'integer' | 'decimal' | 'select' | 'aliases' | 'schedule' | 'channelList';

export interface FieldSpec {
  /** The saveSettings error key ("orders.backfillDays"); the element id is derived from it. */
  path: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  min?: number;
  max?: number;
  options?: ReadonlyArray<{ value: string; label: string }>;
}

/** A whole-number field within its setting's limits (the schema's, core/settings/limits.ts). */
function integer(path: LimitedSetting, label: string, hint?: string): FieldSpec {
  return { path, label, kind: 'integer', ...SETTING_LIMITS[path], ...(hint === undefined ? {} : { hint }) };
}

/** A choice among `[value, label]` options. */
function select(path: string, label: string, options: ReadonlyArray<readonly [string, string]>, hint?: string): FieldSpec {
  return {
    path,
    label,
    kind: 'select',
    options: options.map(([value, text]) => ({ value, label: text })),
    ...(hint === undefined ? {} : { hint }),
  };
}

const CHECKED = '\u201cI checked these\u201d';

/** Who releases what a guard rail holds: the pusher's own check, or a different editor's approval. */
function approvalChoice(guard: GuardName, label: string): FieldSpec {
  return select(
    `guards.approve.${guard}`,
    label,
    [
      ['check', `${CHECKED} by whoever pushes`],
      ['approval', 'A different editor\u2019s approval'],
    ],
    guard === 'price'
      ? 'With an approval, the author previews, presses Ask for approval, and another editor approves it in the sidebar (Push \u203a Approvals).'
      : undefined,
  );
}

const GUARD_NAMES: readonly GuardName[] = ['price', 'zeroStock', 'rows'];
const concurrency = SETTING_LIMITS.concurrency;

export const FIELDS = {
  baseUrl: { path: 'baseUrl', label: 'Hub base URL', kind: 'url', hint: 'https:// only (http is allowed for localhost).' },
  sheetNames: SHEET_ROLES.map(({ role, label }): FieldSpec => ({ path: `sheetNames.${role}`, label, kind: 'text' })),
  concurrency: integer('concurrency', 'Requests at once', `${concurrency.min} to ${concurrency.max}.`),
  decimalSeparator: select('decimalSeparator', 'Decimal separator in text numbers', [
    ['auto', 'Automatic (refuse ambiguous 1,234)'],
    ['.', 'Point: 1,234.5'],
    [',', 'Comma: 1.234,5'],
  ]),
  channelAliases: {
    path: 'channelAliases',
    label: 'Channel aliases',
    kind: 'aliases',
    hint: 'One read=written pair per line, e.g. meli=mercadolibre (that one is built in).',
  },
  plainChannels: {
    path: 'plainChannels',
    label: PLAIN_CHANNELS_LABEL,
    kind: 'channelList',
    hint: 'Where a plain Price, Sale price, Quantity or Available days goes when the row\u2019s Channel is empty: channel codes (amazon, walmart), or * for every channel (the hub\u2019s general value; overwrites per-channel values). Empty: such rows are refused, with what to do.',
  },
  pullChannelColumns: {
    path: 'pullChannelColumns',
    label: PULL_CHANNELS_LABEL,
    kind: 'channelList',
    hint: 'Channels whose Quantity, Price and Sale price columns Pull catalogue adds: channel codes (amazon, walmart), or * for every channel. Empty: none \u2014 the pull adds Quantity and each listed channel\u2019s status and link. Per-channel columns already in the sheet are always filled.',
  },
  logMaxRows: integer('logMaxRows', 'Log size (lines kept)'),
  chunkRows: integer('chunkRows', 'Rows per sidebar chunk'),
  guardPricePct: integer(
    'guards.pricePct',
    'Guard rail: hold price changes beyond (\u00B1 %)',
    `A push holds back a price that moves more than this from what the hub last confirmed, until you confirm it (Push when asked, or ${CHECKED} in a preview). 0: off.`,
  ),
  guardZeroStock: integer(
    'guards.zeroStock',
    'Guard rail: hold stock drops to 0 of more than (SKUs)',
    `When more SKUs than this would go to 0 stock, a push holds them back until you confirm them (Push when asked, or ${CHECKED} in a preview). 0: off.`,
  ),
  guardRows: integer(
    'guards.rows',
    'Guard rail: hold pushes changing more than (rows)',
    `A push that would change more rows than this holds them back until it is confirmed (Push when asked, or ${CHECKED} in a preview) or approved. 0: off.`,
  ),
  approvePrice: approvalChoice('price', 'Price guard rail releases with'),
  approveZeroStock: approvalChoice('zeroStock', 'Stock guard rail releases with'),
  approveRows: approvalChoice('rows', 'Rows guard rail releases with'),
  approvalHours: integer(
    'approvals.hours',
    'A request for approval expires after (hours)',
    'Unapproved by then, it goes with a Log line and nothing is sent.',
  ),
  guardConfirmValues: integer(
    'guards.confirmValues',
    'Confirm pushes of more than (values)',
    'A push from the menu or the sidebar that would change more values than this shows what it would send and waits for Push. 0: never ask.',
  ),
  resultColumns: select(
    'resultColumns',
    'New result columns go',
    [
      ['end', 'At the end of the sheet'],
      ['afterInputs', 'Right after the columns a push reads'],
    ],
    'Where Sync status, Status [channel] and the others are created when missing. Columns already there stay where they are.',
  ),
  deployment: select(
    'deployment',
    'Deployment',
    [
      ['addon', 'Marketplace add-on'],
      ['container', 'Bound to this spreadsheet'],
    ],
    'Set by how Hub Sync was installed, not here. The Marketplace add-on runs background work at most hourly; a copy bound to this spreadsheet (clasp) may run every minute.',
  ),
  scheduleMinutes: { path: 'orders.scheduleMinutes', label: 'Import orders', kind: 'schedule' },
  ordersChannel: { path: 'orders.channel', label: 'Only this channel (blank: all)', kind: 'text' },
  ordersStatus: { path: 'orders.status', label: 'Only this order status (blank: all)', kind: 'text' },
  backfillDays: integer('orders.backfillDays', 'First import goes back (days)'),
  callsPerMinute: {
    path: 'orders.callsPerMinute',
    label: 'Get Orders calls per minute',
    kind: 'decimal',
    ...SETTING_LIMITS['orders.callsPerMinute'],
    hint: 'The hub documents 1 per minute.',
  },
  sweepDays: integer(
    'orders.sweepDays',
    'Daily check reads back (days)',
    'Once a day the import re-reads the orders changed in these days and writes any it missed (0: off).',
  ),
  removedLines: select('orders.removedLines', 'Order lines the hub removed', [
    ['delete', 'Delete their rows in Order Items'],
    ['mark', 'Keep the rows, marked "Removed from the order"'],
  ]),
  jobsDailyRequestBudget: integer(
    'jobs.dailyRequestBudget',
    'Requests a day for polling async jobs',
    'Counted per UTC day; 2,000 is 10 % of the 20,000 UrlFetch calls a consumer account has a day.',
  ),
  jobsDeadlineHours: integer('jobs.deadlineHours', 'Stop polling a job after (hours)', 'Then its rows without a result say to push again.'),
  runtimeAccount: select(
    'runtime.account',
    'Account type',
    [
      ['consumer', 'Consumer (Gmail): 90 min a day'],
      ['workspace', 'Google Workspace: 6 h a day'],
    ],
    'Google stops all of your triggers for the rest of the day past this quota. Pick the type of the account that owns the import schedule.',
  ),
  runtimeBudgetMinutes: integer(
    'runtime.budgetMinutes',
    'Trigger runtime budget (min a day)',
    'Background work keeps within this; at most half the quota, as Google counts the quota over any 24 hours. Schedules it cannot carry are not offered.',
  ),
  alertsMail: select(
    'alerts.mail',
    'Send alerts by e-mail',
    [
      ['yes', 'Yes'],
      ['no', 'No'],
    ],
    'When background work fails or stops, its owner gets one mail a day per kind. Off, alerts still show at open and here.',
  ),
  alertsLowStock: integer(
    'alerts.lowStock',
    'Low-stock alert at or below (units)',
    'SKUs at or below this after a push or an order import are listed in the alert (0: off).',
  ),
} satisfies Record<string, FieldSpec | FieldSpec[]>;

/** Every field, in form order. */
export const ALL_FIELDS: readonly FieldSpec[] = [
  FIELDS.baseUrl,
  ...FIELDS.sheetNames,
  FIELDS.concurrency,
  FIELDS.decimalSeparator,
  FIELDS.chunkRows,
  FIELDS.resultColumns,
  FIELDS.logMaxRows,
  FIELDS.guardPricePct,
  FIELDS.guardZeroStock,
  FIELDS.guardRows,
  FIELDS.approvePrice,
  FIELDS.approveZeroStock,
  FIELDS.approveRows,
  FIELDS.approvalHours,
  FIELDS.guardConfirmValues,
  FIELDS.channelAliases,
  FIELDS.plainChannels,
  FIELDS.pullChannelColumns,
  FIELDS.deployment,
  FIELDS.scheduleMinutes,
  FIELDS.ordersChannel,
  FIELDS.ordersStatus,
  FIELDS.backfillDays,
  FIELDS.callsPerMinute,
  FIELDS.sweepDays,
  FIELDS.removedLines,
  FIELDS.jobsDailyRequestBudget,
  FIELDS.jobsDeadlineHours,
  FIELDS.runtimeAccount,
  FIELDS.runtimeBudgetMinutes,
  FIELDS.alertsMail,
  FIELDS.alertsLowStock,
];

/**
 * Settings the server manages itself (not shown in the form): they are sent back as they were
 * loaded, because saveSettings replaces the whole `orders` object; the server keeps its own
 * `freezeSku` whatever is sent.
 */
export const SERVER_MANAGED_PATHS = ['orders.scheduleOwner', 'freezeSku'] as const;

/** Error keys shown next to something other than one field (the sheet names as a group). */
export const GROUP_PATHS = ['sheetNames'] as const;

/** `settings-orders-backfillDays`: the element id of a field path. */
export function fieldId(path: string): string {
  return `settings-${path.replace(/\./g, '-')}`;
}

/** The id of the element that shows a field's (or group's) error. */
export function errorId(path: string): string {
  return `${fieldId(path)}-error`;
}

export type FormValues = Record<string, string>;

/** The form's text for saved settings. */
export function settingsToForm(s: Settings): FormValues {
  const values: FormValues = {
    baseUrl: s.baseUrl,
    concurrency: String(s.concurrency),
    decimalSeparator: s.decimalSeparator,
    channelAliases: formatAliasLines(s.channelAliases),
    plainChannels: formatPlainChannels(s.plainChannels),
    pullChannelColumns: formatPlainChannels(s.pullChannelColumns),
    logMaxRows: String(s.logMaxRows),
    chunkRows: String(s.chunkRows),
    resultColumns: s.resultColumns,
    'guards.pricePct': String(s.guards.pricePct),
    'guards.zeroStock': String(s.guards.zeroStock),
    'guards.confirmValues': String(s.guards.confirmValues),
    'guards.rows': String(s.guards.rows),
    'approvals.hours': String(s.approvals.hours),
    deployment: s.deployment,
    'orders.scheduleMinutes': String(s.orders.scheduleMinutes),
    'orders.channel': s.orders.channel,
    'orders.status': s.orders.status,
    'orders.backfillDays': String(s.orders.backfillDays),
    'orders.callsPerMinute': String(s.orders.callsPerMinute),
    'orders.sweepDays': String(s.orders.sweepDays),
    'orders.removedLines': s.orders.removedLines,
    'jobs.dailyRequestBudget': String(s.jobs.dailyRequestBudget),
    'jobs.deadlineHours': String(s.jobs.deadlineHours),
    'runtime.account': s.runtime.account,
    'runtime.budgetMinutes': String(s.runtime.budgetMinutes),
    'alerts.mail': s.alerts.mail ? 'yes' : 'no',
    'alerts.lowStock': String(s.alerts.lowStock),
  };
  for (const { role } of SHEET_ROLES) values[`sheetNames.${role}`] = s.sheetNames[role];
  for (const g of GUARD_NAMES) values[`guards.approve.${g}`] = s.guards.approve.includes(g) ? 'approval' : 'check';
  return values;
}

function readNumber(spec: FieldSpec, raw: string, errors: Record<string, string>): number {
  // A decimal comma is fine for a decimal field; in a whole number it is a thousands separator.
  const text = spec.kind === 'decimal' ? raw.trim().replace(',', '.') : raw.trim();
  const n = Number(text);
  const range = spec.min !== undefined && spec.max !== undefined ? ` from ${spec.min} to ${spec.max}` : '';
  if (!text || !Number.isFinite(n)) errors[spec.path] = `Enter a number${range}.`;
  else if (spec.kind === 'integer' && !Number.isInteger(n)) errors[spec.path] = `Enter a whole number${range}.`;
  else if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max))
    errors[spec.path] = `Enter a number${range}.`;
  return n;
}

/**
 * What saveSettings receives, and the problems found before asking the server. `current` (the
 * settings the form was filled from) supplies what the form does not edit.
 */
export function formToSettings(values: FormValues, current: Settings): { input: Settings; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const v = (path: string): string => values[path] ?? '';

  const baseUrl = v('baseUrl').trim();
  if (baseUrl) {
    const checked = checkBaseUrl(baseUrl);
    if (!checked.ok) errors.baseUrl = checked.error;
  }

  const sheetNames = {} as Settings['sheetNames'];
  for (const { role } of SHEET_ROLES) {
    const name = v(`sheetNames.${role}`).trim();
    if (!name) errors[`sheetNames.${role}`] = 'A sheet name cannot be empty.';
    sheetNames[role] = name;
  }
  const names = Object.values(sheetNames).filter(Boolean);
  const dupes = names.filter((n, i) => names.indexOf(n) !== i);
  if (dupes.length) errors.sheetNames = `Two roles use the same sheet name: ${[...new Set(dupes)].join(', ')}.`;

  const aliases = parseAliasLines(v('channelAliases'));
  if (!aliases.ok) errors.channelAliases = aliases.error;
  const plain = parsePlainChannels(v('plainChannels'));
  if (!plain.ok) errors.plainChannels = plain.error;
  const pull = parsePlainChannels(v('pullChannelColumns'));
  if (!pull.ok) errors.pullChannelColumns = pull.error;

  const input: Settings = {
    ...current,
    baseUrl,
    sheetNames,
    concurrency: readNumber(FIELDS.concurrency, v('concurrency'), errors),
    decimalSeparator: v('decimalSeparator') as Settings['decimalSeparator'],
    channelAliases: aliases.ok ? aliases.aliases : {},
    plainChannels: plain.ok ? plain.channels : current.plainChannels,
    pullChannelColumns: pull.ok ? pull.channels : current.pullChannelColumns,
    logMaxRows: readNumber(FIELDS.logMaxRows, v('logMaxRows'), errors),
    chunkRows: readNumber(FIELDS.chunkRows, v('chunkRows'), errors),
    resultColumns: v('resultColumns') === 'afterInputs' ? 'afterInputs' : 'end',
    guards: {
      pricePct: readNumber(FIELDS.guardPricePct, v('guards.pricePct'), errors),
      zeroStock: readNumber(FIELDS.guardZeroStock, v('guards.zeroStock'), errors),
      confirmValues: readNumber(FIELDS.guardConfirmValues, v('guards.confirmValues'), errors),
      rows: readNumber(FIELDS.guardRows, v('guards.rows'), errors),
      approve: GUARD_NAMES.filter((g) => v(`guards.approve.${g}`) === 'approval'),
    },
    approvals: { hours: readNumber(FIELDS.approvalHours, v('approvals.hours'), errors) },
    orders: {
      ...current.orders,
      scheduleMinutes: Number(v('orders.scheduleMinutes')) || 0,
      channel: v('orders.channel').trim(),
      status: v('orders.status').trim(),
      backfillDays: readNumber(FIELDS.backfillDays, v('orders.backfillDays'), errors),
      callsPerMinute: readNumber(FIELDS.callsPerMinute, v('orders.callsPerMinute'), errors),
      sweepDays: readNumber(FIELDS.sweepDays, v('orders.sweepDays'), errors),
      removedLines: v('orders.removedLines') === 'mark' ? 'mark' : 'delete',
    },
    jobs: {
      ...current.jobs,
      dailyRequestBudget: readNumber(FIELDS.jobsDailyRequestBudget, v('jobs.dailyRequestBudget'), errors),
      deadlineHours: readNumber(FIELDS.jobsDeadlineHours, v('jobs.deadlineHours'), errors),
    },
    runtime: {
      account: v('runtime.account') === 'workspace' ? 'workspace' : 'consumer',
      budgetMinutes: readNumber(FIELDS.runtimeBudgetMinutes, v('runtime.budgetMinutes'), errors),
    },
    alerts: {
      mail: v('alerts.mail') !== 'no',
      // Empty means off, as 0 does.
      lowStock: v('alerts.lowStock').trim() === '' ? 0 : readNumber(FIELDS.alertsLowStock, v('alerts.lowStock'), errors),
    },
    deployment: v('deployment') as Settings['deployment'],
  };
  return { input, errors };
}

/**
 * Splits saveSettings errors into those shown next to a field (or group) and the rest, shown
 * under the Save button. A nested path ("channelAliases.meli") goes to its closest known field.
 */
export function routeErrors(errors: Readonly<Record<string, string>>): { fields: Record<string, string>; general: string[] } {
  const known = new Set<string>([...ALL_FIELDS.map((f) => f.path), ...GROUP_PATHS]);
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const path of Object.keys(errors)) {
    const message = errors[path];
    const parts = path.split('.');
    let target: string | null = null;
    for (let n = parts.length; n > 0 && !target; n--) {
      const prefix = parts.slice(0, n).join('.');
      if (known.has(prefix)) target = prefix;
    }
    if (target && !fields[target]) fields[target] = message;
    else if (target) fields[target] = `${fields[target]} ${message}`;
    else general.push(path ? `${path}: ${message}` : message);
  }
  return { fields, general };
}
