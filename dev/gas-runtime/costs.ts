/**
 * The cost model: virtual milliseconds charged per service call, per request and for the bundle's
 * own JavaScript. Google documents quotas, not latencies, so each figure below names the published
 * measurement it comes from, or says that none exists and why the default was chosen. Every one
 * is a setting: `loadRuntime({ costs: { propertyReadMs: 0 } })`. The README of this folder shows
 * the table; docs/reports/BENCHMARKS.md prints the values a run used (costSheet()).
 */
export interface CostTable {
  /** Fixed cost of one Sheets round trip (a call reading or writing cell data or structure). */
  sheetsRoundTripMs: number;
  /** Extra cost per cell read by a round trip. */
  perCellReadMs: number;
  /** Extra cost per cell written by a round trip. */
  perCellWriteMs: number;
  /** Calls answered from local state (getRange, getSheetByName, getName, menu building...). */
  cheapCallMs: number;
  /** PropertiesService read (getProperty, getProperties, getKeys). */
  propertyReadMs: number;
  /** PropertiesService write (setProperty, setProperties, deleteProperty...). */
  propertyWriteMs: number;
  /** CacheService read (get, getAll). */
  cacheGetMs: number;
  /** CacheService write (put, putAll, remove, removeAll). */
  cachePutMs: number;
  /** Acquiring or releasing an uncontended lock (waiting is charged on top). */
  lockOpMs: number;
  /** ScriptApp trigger management (create, list, delete). */
  triggerOpMs: number;
  /** DriveApp operation. */
  driveOpMs: number;
  /** UI round trip (toast, showSidebar, dialogs). */
  uiOpMs: number;
  /** Fixed cost of one UrlFetchApp.fetch or fetchAll call, on top of the requests' measured time. */
  urlFetchCallMs: number;
  /** Requests of one fetchAll in flight at once; the others queue until one finishes. */
  fetchAllParallelism: number;
  /** Virtual ms charged per ms of CPU the bundle's JavaScript takes in the vm (0: JavaScript is free). */
  jsCpuFactor: number;
  /** Loading the bundle at the start of every execution: 'measured' (compile + evaluate, timed once per bundle) or fixed ms. */
  bundleLoadMs: number | 'measured';
  /** Apps Script's own start-up of every execution, before the bundle loads (charged first, counted in trigger runtime). */
  executionStartMs: number;
}

/** Where a figure comes from: a published measurement, Google's documentation, or a stated choice. */
export interface CostSource {
  what: string;
  source: string;
}

export const COSTS: Readonly<CostTable> = {
  sheetsRoundTripMs: 30,
  perCellReadMs: 0.01,
  perCellWriteMs: 0.15,
  cheapCallMs: 0.1,
  propertyReadMs: 30,
  propertyWriteMs: 60,
  cacheGetMs: 3,
  cachePutMs: 60,
  lockOpMs: 30,
  triggerOpMs: 60,
  driveOpMs: 100,
  uiOpMs: 20,
  urlFetchCallMs: 50,
  fetchAllParallelism: 10,
  jsCpuFactor: 1,
  bundleLoadMs: 'measured',
  executionStartMs: 200,
};

const ZIRITIONE = 'https://ziritione.org/post/apps_script_performance';
const POEHNELT = 'https://justin.poehnelt.com/posts/apps-script-key-value-stores';
const MOGSDAD =
  'the Stack Overflow answer to "What is faster: ScriptDb or SpreadsheetApp?" (copy: https://ruby-bash.developreference.com/article/29263774/What+is+faster+ScriptDb+or+SpreadsheetApp)';
const BEST_PRACTICES = 'https://developers.google.com/apps-script/guides/support/best-practices';

export const COST_SOURCES: Readonly<Record<keyof CostTable, CostSource>> = {
  sheetsRoundTripMs: {
    what: 'one Sheets round trip',
    source: `${MOGSDAD}: 400 rows written with a flush after each took ≈ 12 s, ≈ 30 ms a round trip; ${BEST_PRACTICES}: each call is a round trip to Google's servers, so one batched call beats one per cell`,
  },
  perCellReadMs: {
    what: 'per cell read',
    source: 'no published per-cell read figure; chosen well below a write (a 50,000 × 5 read costs 2.5 s)',
  },
  perCellWriteMs: {
    what: 'per cell written',
    source: `${MOGSDAD}: one setValues of 4,000 cells plus flush ≈ 610 ms, ≈ 0.15 ms a cell`,
  },
  cheapCallMs: {
    what: 'call answered locally (getRange, getName, menus…)',
    source: `no published figure; such calls do not reach Google's servers (${BEST_PRACTICES}: JavaScript and local work are far faster than service calls)`,
  },
  propertyReadMs: {
    what: 'PropertiesService read',
    source: `${ZIRITIONE}: getProperty avg 30 ms (script), 34 ms (user), 100 runs; ${POEHNELT}: set+get ≈ 80 ms`,
  },
  propertyWriteMs: { what: 'PropertiesService write', source: `${ZIRITIONE}: setProperty avg 62 ms (script), 64 ms (user)` },
  cacheGetMs: { what: 'CacheService get', source: `${ZIRITIONE}: get avg 3–4 ms` },
  cachePutMs: { what: 'CacheService put/remove', source: `${POEHNELT}: put+get ≈ 63 ms; ${ZIRITIONE}: put avg 92–93 ms` },
  lockOpMs: {
    what: 'lock acquire or release',
    source: 'no published figure; taken equal to a property read, the nearest measured backend round trip',
  },
  triggerOpMs: {
    what: 'trigger create/list/delete',
    source: "no published figure; taken equal to a property write (it stores state on Google's side)",
  },
  driveOpMs: { what: 'DriveApp operation', source: 'no published figure; chosen above a property write (a Drive API round trip)' },
  uiOpMs: { what: 'toast, sidebar, dialog', source: 'no published figure; chosen' },
  urlFetchCallMs: {
    what: 'per fetch/fetchAll call, beyond the requests',
    source:
      'no published figure isolates it: https://www.pre-practice.net/2020/03/urlfetchappfetchallfetch.html measured 3 sequential fetches at 1.77 s and one fetchAll of the same 3 at 0.93 s, server time included (an upper bound); chosen 50 ms, above a property read',
  },
  fetchAllParallelism: {
    what: 'fetchAll requests in flight at once',
    source:
      'undocumented; "observed around 10–20", https://magesheet.com/blog/apps-script-urlfetchapp-quotas-retries; fetchAll runs its requests asynchronously, https://tanaikech.github.io/2018/04/19/benchmark-fetchall-method-in-urlfetch-service-for-google-apps-script/; default the low end, 10',
  },
  jsCpuFactor: {
    what: "× the bundle's measured CPU time in the vm",
    source: `Apps Script runs V8 like Node; no published comparison of their speeds, so 1 (the same speed as this machine). ${BEST_PRACTICES}: JavaScript is far faster than service calls, not free`,
  },
  bundleLoadMs: {
    what: 'bundle load per execution',
    source:
      'every execution loads the whole script project again (https://ramblings.mcpher.com/gassnippets2/measuring-library-load-speed/: "every time a server function is called, the server script is initialized"); measured: compile + evaluate of the bundle on this machine',
  },
  executionStartMs: {
    what: 'start-up of every execution, before the bundle loads',
    source:
      "no published measurement isolates it (timings published for google.script.run, e.g. https://ramblings.mcpher.com/gassnippets2/measuring-library-load-speed/, include the browser's round trip and the script's own work). Chosen 200 ms: more than any single measured backend call (a property write 62 ms, a cache put 93 ms, ziritione), since an execution is scheduled, given a fresh sandbox and the user's authorization before any of its code runs; the bundle's own load is bundleLoadMs on top. It counts in the daily trigger runtime (https://developers.google.com/apps-script/guides/services/quotas): a 1-minute schedule spends 1,440 × 0.2 s = 4.8 min a day on start-ups alone",
  },
};

/** The defaults with `overrides` applied; refuses values that cannot be costs. */
export function resolveCosts(overrides: Partial<CostTable> = {}): CostTable {
  const costs = { ...COSTS, ...overrides };
  for (const [key, value] of Object.entries(costs)) {
    if (key === 'bundleLoadMs' && value === 'measured') continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new Error(`costs.${key} must be a number ≥ 0${key === 'bundleLoadMs' ? " or 'measured'" : ''} (got ${String(value)})`);
    }
  }
  if (costs.fetchAllParallelism < 1 || !Number.isInteger(costs.fetchAllParallelism)) {
    throw new Error(`costs.fetchAllParallelism must be a whole number ≥ 1 (got ${costs.fetchAllParallelism})`);
  }
  return costs;
}
