/** What the catalogue use cases take and return (plain objects: they cross google.script.run). */

export const PULL_SORTS = ['alph_asc', 'alph_desc'] as const;
export type PullSort = (typeof PULL_SORTS)[number];

export interface PullOptions {
  /** Only products listed on this channel, and only its columns (any code the hub takes as a filter). */
  channel?: string;
  /** The SKU order new rows are appended in (as the hub's sorts order SKUs). Default: the hub's own order. */
  sort?: PullSort;
}

/** The seller must say yes first: the pull would replace values the hub has not confirmed. */
export interface NeedsConfirmation {
  status: 'needsConfirmation';
  editedRows: number;
  examples: string[];
  message: string;
}

export interface PullDone {
  status: 'done';
  /** SKUs the hub sent. */
  skus: number;
  updated: number;
  added: number;
  /** Rows marked as not in the hub (0 unless the listing was complete and consistent). */
  notInHub: number;
  /** The hub's list was read completely and consistently (a pull filtered by channel still marks nobody). */
  consistent: boolean;
  /** SKUs the hub lists more than once. */
  duplicates: number;
  /** Sheet SKUs the hub has only with other spaces or letter case. */
  twins: number;
  /** Hub SKUs not added: no sheet SKU can match them exactly. */
  unreachable: number;
  /** Rows the column mapping's row rules leave out (an export's parent rows): not written. */
  leftOut: number;
  columnsAdded: number;
  requests: number;
  retries: number;
  message: string;
}

export type PullOutcome = PullDone | NeedsConfirmation;

export interface RefreshDone {
  status: 'done';
  /** Selected rows with a SKU. */
  rows: number;
  refreshed: number;
  notInHub: number;
  /** Selected rows the column mapping's row rules leave out: not refreshed. */
  leftOut: number;
  failed: number;
  requests: number;
  message: string;
}

export type RefreshOutcome = RefreshDone | NeedsConfirmation;

/** Asks the seller a yes/no question (the menu's dialog; the sidebar answers with its own flag). */
export type Confirm = (question: string) => boolean;
