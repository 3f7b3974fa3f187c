import * as z from 'zod';

import { EVERY_CHANNEL } from '../../api/channels';
import { DEFAULT_SHEET_NAMES } from './constants';

export { ADDON_SCHEDULES, CONTAINER_SCHEDULES, DEFAULT_SHEET_NAMES, type SheetRole } from './constants';

const sheetName = z
  .string()
  .trim()
  .min(1, 'A sheet name cannot be empty.')
  .max(100, 'A sheet name has at most 100 characters.')
  .refine((s) => !/[\[\]*?:\\/]/.test(s), 'A sheet name cannot contain [ ] * ? : \\ or /.');

/** Settings of the spreadsheet, kept in document properties (shared by its users; nothing secret). */
export const Settings = z.object({
  baseUrl: z.string().default(''),
  sheetNames: z
    .object({
      stock: sheetName.default(DEFAULT_SHEET_NAMES.stock),
      jobs: sheetName.default(DEFAULT_SHEET_NAMES.jobs),
      orders: sheetName.default(DEFAULT_SHEET_NAMES.orders),
      orderItems: sheetName.default(DEFAULT_SHEET_NAMES.orderItems),
      orderDrafts: sheetName.default(DEFAULT_SHEET_NAMES.orderDrafts),
      categories: sheetName.default(DEFAULT_SHEET_NAMES.categories),
      log: sheetName.default(DEFAULT_SHEET_NAMES.log),
    })
    .default(DEFAULT_SHEET_NAMES),
  /** Requests sent at once (one UrlFetchApp.fetchAll). */
  concurrency: z.number().int().min(1, 'Concurrency is at least 1.').max(30, 'Concurrency is at most 30.').default(8),
  /** How to read text numbers like "1,234": auto rejects the ambiguous ones. */
  decimalSeparator: z.enum(['auto', '.', ',']).default('auto'),
  /** Extra read-code → written-code aliases (meli → mercadolibre is built in). */
  channelAliases: z.record(z.string(), z.string()).default({}),
  /**
   * Where a plain Price, Sale price, Quantity or Available days goes when the row's Channel cell
   * is empty (the Price rule, sheet/plain-rule.ts): written channel codes, or ['*'] for every
   * channel (the hub's general value, which overwrites per-channel values). Empty: nowhere, so
   * such a value is refused with what to do. Codes are checked against the hub's channels when saved.
   */
  plainChannels: z
    .array(z.string().trim().toLowerCase().min(1, 'A channel code cannot be empty.'))
    .refine((list) => list.indexOf(EVERY_CHANNEL) < 0 || list.length === 1, `${EVERY_CHANNEL} (every channel) stands alone: remove the other channels, or remove ${EVERY_CHANNEL}.`)
    .default([]),
  /** Rows kept in the Log sheet. */
  logMaxRows: z.number().int().min(50).max(10000).default(1000),
  /** Rows per sidebar chunk (the progress bar moves once per chunk). */
  // Small chunks give finer progress and more points to cancel at; each chunk re-reads the sheet.
  chunkRows: z.number().int().min(10).max(5000).default(500),
  /** Where result columns the add-on creates go: after the last column it reads (mapped inputs), or after the sheet's last column. */
  resultColumns: z.enum(['end', 'afterInputs']).default('end'),
  /** The answer to the one-time "freeze the SKU column?" question (push/freeze-sku.ts): set by the server, never by the form. */
  freezeSku: z.enum(['ask', 'yes', 'no']).default('ask'),
  orders: z
    .object({
      /** 0 = no schedule. */
      scheduleMinutes: z.number().int().min(0).default(0),
      /** The user whose trigger runs the schedule (user key); set when the schedule is switched on. */
      scheduleOwner: z.string().default(''),
      channel: z.string().default(''),
      status: z.string().default(''),
      backfillDays: z.number().int().min(1, 'Backfill is at least 1 day.').max(365, 'Backfill is at most 365 days.').default(30),
      /** Get Orders calls allowed per minute (the hub's documented limit is 1). */
      callsPerMinute: z.number().min(0.01).max(60).default(1),
      /** Days the daily reconciliation sweep reads again (0 = no sweep). */
      sweepDays: z.number().int().min(0, 'The daily check reads at least 0 days (0 switches it off).').max(60, 'The daily check reads at most 60 days.').default(7),
      /** Lines the hub no longer lists for an order: their rows in Order Items are deleted, or marked "Removed from the order on DATE". */
      removedLines: z.enum(['delete', 'mark']).default('delete'),
    })
    .default({ scheduleMinutes: 0, scheduleOwner: '', channel: '', status: '', backfillDays: 30, callsPerMinute: 1, sweepDays: 7, removedLines: 'delete' }),
  /** Polling of async jobs (jobs/poll-schedule.ts, jobs/budget.ts). */
  jobs: z
    .object({
      /**
       * UrlFetch calls a day for polling async jobs, counted per UTC day: 10 % of the 20,000 a
       * consumer account has, so that a job that never finishes leaves the rest to pushes.
       */
      dailyRequestBudget: z
        .number({ error: 'Enter the number of requests a day for polling async jobs (10 to 100,000).' })
        .int('Enter a whole number of requests (10 to 100,000).')
        .min(10, 'Allow at least 10 requests a day for polling async jobs, or no job could be read.')
        .max(100_000, 'At most 100,000 requests a day: that is a whole Workspace account\'s UrlFetch quota.')
        .default(2000),
      /** Hours after which a job that has not finished stops being polled and its rows say to push again. */
      deadlineHours: z
        .number({ error: 'Enter how many hours to wait for an async job (1 to 168).' })
        .int('Enter a whole number of hours (1 to 168).')
        .min(1, 'Wait at least 1 hour for an async job.')
        .max(168, 'Wait at most 168 hours (a week) for an async job.')
        .default(24),
    })
    .default({ dailyRequestBudget: 2000, deadlineHours: 24 }),
  /** How the script is deployed: add-ons may only schedule hourly or slower. */
  deployment: z.enum(['addon', 'container']).default('addon'),
});
export type Settings = z.infer<typeof Settings>;
