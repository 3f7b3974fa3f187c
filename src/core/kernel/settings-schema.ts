import * as z from 'zod/mini';
import '../../api/schemas/messages';

import { EVERY_CHANNEL } from '../../api/channels';
import { DEFAULT_SHEET_NAMES, GUARD_DEFAULTS } from './settings-constants';
import { limitText as n, SETTING_LIMITS, type LimitedSetting } from './settings-limits';

export { ADDON_SCHEDULES, CONTAINER_SCHEDULES, DEFAULT_SHEET_NAMES, GUARD_DEFAULTS, type SheetRole } from './settings-constants';

const sheetName = z.lazy(() =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'A sheet name cannot be empty.'),
    z.maxLength(100, 'A sheet name has at most 100 characters.'),
    z.refine((s) => !/[[\]*?:\\/]/.test(s), 'A sheet name cannot contain [ ] * ? : \\ or /.'),
  ),
);

/** What a number field says when it is not a number, not whole, too small or too big; zod's English where unset. */
interface NumberMessages {
  type?: string;
  int?: string;
  min?: string;
  max?: string;
}

/** A whole number within a setting's limits (limits.ts). */
function limited(setting: LimitedSetting, say: NumberMessages = {}): z.ZodMiniNumber<number> {
  const { min, max } = SETTING_LIMITS[setting];
  return wholeNumber(min, max, say);
}

/** A whole number from `min` to `max` (no upper bound when `max` is null). */
function wholeNumber(min: number, max: number | null, say: NumberMessages = {}): z.ZodMiniNumber<number> {
  const checks: z.core.$ZodCheck<number>[] = [z.int(say.int), z.minimum(min, say.min)];
  if (max !== null) checks.push(z.maximum(max, say.max));
  return z.number(say.type === undefined ? undefined : { error: say.type }).check(...checks);
}

/** A setting's range as messages say it: 10 to 100,000. */
function range(setting: LimitedSetting): string {
  const { min, max } = SETTING_LIMITS[setting];
  return `${n(min)} to ${n(max)}`;
}

/** Channel codes, or `*` alone for every channel (checked against the hub's channels when saved). */
const channelList = z.lazy(() =>
  z
    .array(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, 'A channel code cannot be empty.')))
    .check(
      z.refine(
        (list) => list.indexOf(EVERY_CHANNEL) < 0 || list.length === 1,
        `${EVERY_CHANNEL} (every channel) stands alone: remove the other channels, or remove ${EVERY_CHANNEL}.`,
      ),
    ),
);

/** Where things are: the hub, the sheets, the channels. */
function sheetsShape() {
  return {
    baseUrl: z._default(z.string(), ''),
    sheetNames: z._default(
      z.object({
        stock: z._default(sheetName, DEFAULT_SHEET_NAMES.stock),
        jobs: z._default(sheetName, DEFAULT_SHEET_NAMES.jobs),
        orders: z._default(sheetName, DEFAULT_SHEET_NAMES.orders),
        orderItems: z._default(sheetName, DEFAULT_SHEET_NAMES.orderItems),
        orderDrafts: z._default(sheetName, DEFAULT_SHEET_NAMES.orderDrafts),
        categories: z._default(sheetName, DEFAULT_SHEET_NAMES.categories),
        log: z._default(sheetName, DEFAULT_SHEET_NAMES.log),
      }),
      DEFAULT_SHEET_NAMES,
    ),
    /** Requests sent at once (one UrlFetchApp.fetchAll). */
    concurrency: z._default(
      limited('concurrency', {
        min: `Concurrency is at least ${n(SETTING_LIMITS.concurrency.min)}.`,
        max: `Concurrency is at most ${n(SETTING_LIMITS.concurrency.max)}.`,
      }),
      8,
    ),
    /** How to read text numbers like "1,234": auto rejects the ambiguous ones. */
    decimalSeparator: z._default(z.enum(['auto', '.', ',']), 'auto'),
    /** Extra read-code → written-code aliases (meli → mercadolibre is built in). */
    channelAliases: z._default(z.record(z.string(), z.string()), {}),
    /**
     * Where a plain Price, Sale price, Quantity or Available days goes when the row's Channel cell
     * is empty (the Price rule, sheet/plain-rule.ts): written channel codes, or ['*'] for every
     * channel (the hub's general value, which overwrites per-channel values). Empty: nowhere, so
     * such a value is refused with what to do. Codes are checked against the hub's channels when saved.
     */
    plainChannels: z._default(channelList, []),
    /**
     * The channels whose writable columns (Quantity, Price, Sale price, Available days [channel]) a
     * catalogue pull or refresh adds: written channel codes, or ['*'] for every channel. Empty: none,
     * the pull adds the general columns and the listings' status and link; a per-channel column
     * already in the sheet is filled whatever this says (hub-reads/columns.ts).
     */
    pullChannelColumns: z._default(channelList, []),
  };
}

/** How pushes run and what they guard. */
function pushShape() {
  return {
    /** Rows kept in the Log sheet. */
    logMaxRows: z._default(limited('logMaxRows'), 1000),
    /** Rows per sidebar chunk (the progress bar moves once per chunk). */
    // Each chunk is an execution with a fixed cost (bundle load, lock, the run's properties, the
    // block's header and re-read: ~1.2 s under the cost model). At 500 rows that made a 50,000-row
    // push 2.3x the menu's, at 2,000 1.30x. 2,400 is six full rounds at the default concurrency
    // (6 x 8 x 50: no half-empty last round), a step of about 5 s, and keeps the push under 1.3x
    // (docs/reports/BENCHMARKS.md). Smaller chunks give finer progress and more points to cancel at.
    chunkRows: z._default(limited('chunkRows'), 2400),
    /**
     * Guard rails (pipeline/guards.ts), on every push: a price change beyond ±pricePct % and stock
     * drops to 0 of more than zeroStock SKUs are held back until the seller confirms them; a menu or
     * sidebar push changing more than confirmValues values asks first (push/confirm.ts). 0 switches
     * each off. On by default: a typo such as 12,50 over 4946 is the push a seller cannot take back.
     */
    guards: z._default(
      z.object({
        pricePct: z._default(
          limited('guards.pricePct', {
            min: 'The price guard rail is at least 0 % (0 switches it off).',
            max: `The price guard rail is at most ${n(SETTING_LIMITS['guards.pricePct'].max)} %.`,
          }),
          GUARD_DEFAULTS.pricePct,
        ),
        zeroStock: z._default(
          limited('guards.zeroStock', { min: 'The stock guard rail is at least 0 SKUs (0 switches it off).' }),
          GUARD_DEFAULTS.zeroStock,
        ),
        confirmValues: z._default(
          limited('guards.confirmValues', { min: 'Confirm pushes of more than at least 0 values (0: never ask).' }),
          GUARD_DEFAULTS.confirmValues,
        ),
        /** A push changing more than this many rows is held like a guard rail's values; 0: off. */
        rows: z._default(
          limited('guards.rows', { min: 'The rows guard rail is at least 0 rows (0 switches it off).' }),
          GUARD_DEFAULTS.rows,
        ),
        /** The guard rails whose held values only a different editor's approval sends (preview/approvals). */
        approve: z._default(z.array(z.enum(['price', 'zeroStock', 'rows'])), []),
      }),
      { ...GUARD_DEFAULTS, approve: [] },
    ),
    /** Requests for approval: how long one waits for a second editor before it expires. */
    approvals: z._default(
      z.object({
        hours: z._default(
          limited('approvals.hours', {
            min: 'A request for approval waits at least 1 hour.',
            max: 'A request for approval waits at most 168 hours (a week).',
          }),
          24,
        ),
      }),
      { hours: 24 },
    ),
    /** Where result columns the add-on creates go: after the last column it reads (mapped inputs), or after the sheet's last column. */
    resultColumns: z._default(z.enum(['end', 'afterInputs']), 'end'),
    /** The answer to the one-time "freeze the SKU column?" question (push/freeze-sku.ts): set by the server, never by the form. */
    freezeSku: z._default(z.enum(['ask', 'yes', 'no']), 'ask'),
  };
}

/** Orders imported and async jobs polled in the background. */
function importShape() {
  return {
    orders: z._default(
      z.object({
        /** 0 = no schedule. */
        scheduleMinutes: z._default(wholeNumber(0, null), 0),
        /** The user whose trigger runs the schedule (user key); set when the schedule is switched on. */
        scheduleOwner: z._default(z.string(), ''),
        channel: z._default(z.string(), ''),
        status: z._default(z.string(), ''),
        backfillDays: z._default(
          limited('orders.backfillDays', {
            min: 'Backfill is at least 1 day.',
            max: `Backfill is at most ${n(SETTING_LIMITS['orders.backfillDays'].max)} days.`,
          }),
          30,
        ),
        /** Get Orders calls allowed per minute (the hub's documented limit is 1). */
        callsPerMinute: z._default(
          z.number().check(z.minimum(SETTING_LIMITS['orders.callsPerMinute'].min), z.maximum(SETTING_LIMITS['orders.callsPerMinute'].max)),
          1,
        ),
        /** Days the daily reconciliation sweep reads again (0 = no sweep). */
        sweepDays: z._default(
          limited('orders.sweepDays', {
            min: 'The daily check reads at least 0 days (0 switches it off).',
            max: `The daily check reads at most ${n(SETTING_LIMITS['orders.sweepDays'].max)} days.`,
          }),
          7,
        ),
        /** Lines the hub no longer lists for an order: their rows in Order Items are deleted, or marked "Removed from the order on DATE". */
        removedLines: z._default(z.enum(['delete', 'mark']), 'delete'),
      }),
      {
        scheduleMinutes: 0,
        scheduleOwner: '',
        channel: '',
        status: '',
        backfillDays: 30,
        callsPerMinute: 1,
        sweepDays: 7,
        removedLines: 'delete',
      },
    ),
    /** Polling of async jobs (jobs/poll-schedule.ts, jobs/budget.ts). */
    jobs: z._default(
      z.object({
        /**
         * UrlFetch calls a day for polling async jobs, counted per UTC day: 10 % of the 20,000 a
         * consumer account has, so that a job that never finishes leaves the rest to pushes.
         */
        dailyRequestBudget: z._default(
          limited('jobs.dailyRequestBudget', {
            type: `Enter the number of requests a day for polling async jobs (${range('jobs.dailyRequestBudget')}).`,
            int: `Enter a whole number of requests (${range('jobs.dailyRequestBudget')}).`,
            min: `Allow at least ${n(SETTING_LIMITS['jobs.dailyRequestBudget'].min)} requests a day for polling async jobs, or no job could be read.`,
            max: `At most ${n(SETTING_LIMITS['jobs.dailyRequestBudget'].max)} requests a day: that is a whole Workspace account's UrlFetch quota.`,
          }),
          2000,
        ),
        /** Hours after which a job that has not finished stops being polled and its rows say to push again. */
        deadlineHours: z._default(
          limited('jobs.deadlineHours', {
            type: `Enter how many hours to wait for an async job (${range('jobs.deadlineHours')}).`,
            int: `Enter a whole number of hours (${range('jobs.deadlineHours')}).`,
            min: `Wait at least ${n(SETTING_LIMITS['jobs.deadlineHours'].min)} hour for an async job.`,
            max: `Wait at most ${n(SETTING_LIMITS['jobs.deadlineHours'].max)} hours (a week) for an async job.`,
          }),
          24,
        ),
      }),
      { dailyRequestBudget: 2000, deadlineHours: 24 },
    ),
  };
}

/** Alerts, the trigger-runtime budget and the deployment. */
function watchShape() {
  return {
    /** Alerts from background work (core/alerts): the owner's daily mail, and the low-stock line in it. */
    alerts: z._default(
      z.object({
        /** Send the daily alert mail; off, the alerts still show at open and in the sidebar. */
        mail: z._default(z.boolean({ error: 'Choose whether alerts are sent by e-mail (yes or no).' }), true),
        /** SKUs at or below this quantity after a push or an order import are listed in the alert (0: off). */
        lowStock: z._default(
          limited('alerts.lowStock', {
            type: 'Enter the low-stock threshold as a number of units (0 switches it off).',
            int: 'Enter a whole number of units for the low-stock threshold (0 switches it off).',
            min: 'The low-stock threshold is at least 0 (0 switches it off).',
            max: `The low-stock threshold is at most ${n(SETTING_LIMITS['alerts.lowStock'].max)} units.`,
          }),
          0,
        ),
      }),
      { mail: true, lowStock: 0 },
    ),
    /**
     * Trigger runtime a day (core/background/runtime-budget.ts): Google stops every trigger of the
     * user for the rest of the day past the account's quota (90 minutes consumer, 6 hours
     * Workspace), so the background keeps within a budget below it.
     */
    runtime: z._default(
      z.object({
        /** The Google account type of the schedule's owner: its quota of trigger runtime a day. */
        account: z._default(
          z.enum(['consumer', 'workspace'], { error: 'Choose the account type: consumer (Gmail) or workspace.' }),
          'consumer',
        ),
        /** Minutes of trigger runtime a day the background may use (half the consumer quota by default). */
        budgetMinutes: z._default(
          limited('runtime.budgetMinutes', {
            type: 'Enter the trigger runtime budget in minutes a day.',
            int: 'Enter a whole number of minutes for the trigger runtime budget.',
            min: `The trigger runtime budget is at least ${n(SETTING_LIMITS['runtime.budgetMinutes'].min)} minutes a day.`,
            max: `The trigger runtime budget is at most ${n(SETTING_LIMITS['runtime.budgetMinutes'].max)} minutes a day (a Workspace account's whole quota).`,
          }),
          45,
        ),
      }),
      { account: 'consumer', budgetMinutes: 45 },
    ),
    /** How the script is deployed: add-ons may only schedule hourly or slower. */
    deployment: z._default(z.enum(['addon', 'container']), 'addon'),
  };
}

/** Settings of the spreadsheet, kept in document properties (shared by its users; nothing secret). */
export const Settings = z.lazy(() => z.object({ ...sheetsShape(), ...pushShape(), ...importShape(), ...watchShape() }));
export type Settings = z.infer<typeof Settings>;
