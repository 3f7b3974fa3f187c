import type { SendCost } from '../kernel/send-cost';
/** The push operations (hub-api §4.1–4.6), and `changes`: each edit through the endpoint that fits it. */
export const OPERATIONS = ['stock', 'prices', 'byChannel', 'erp', 'async', 'changes'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Which rows a push takes. */
export const SCOPES = ['selected', 'all', 'changed'] as const;
export type Scope = (typeof SCOPES)[number];

/** Seller-facing names, used in the menu, the Log sheet and messages. */
export const OPERATION_TITLES: Record<Operation, string> = {
  stock: 'Push stock',
  prices: 'Push prices',
  byChannel: 'Push price & stock by channel',
  erp: 'Push prices by ERP id',
  async: 'Send as async job',
  changes: 'Push changes',
};

export const SCOPE_TITLES: Record<Scope, string> = {
  selected: 'selected rows',
  all: 'all rows',
  changed: 'changed rows',
};

/** A push a second editor approved: who asked for it (their e-mail, '' when Google did not say, and user key). */
export interface ApprovalOf {
  askedBy: string;
  askedByKey: string;
}

/** What a limited run sends: a preview's changes, an undo's (or revert's) values back, a scheduled sale's start or end. */
export type LimitedKind = 'preview' | 'undo' | 'sale';

/** A run's name for the seller (menu, Log, messages): its operation and rows, or what it is limited to. */
export function pushTitle(run: {
  operation: Operation;
  scope: Scope;
  limited?: { title: string; kind: LimitedKind; revert?: true; approval?: ApprovalOf };
}): string {
  if (run.limited?.kind === 'sale') return `Sale schedule (${run.limited.title})`;
  if (run.limited?.kind === 'undo') return `${run.limited.revert ? 'Revert' : 'Undo'} of ${run.limited.title}`;
  if (run.limited?.approval) return `${OPERATION_TITLES[run.operation]} (${run.limited.title})`;
  if (run.limited) return `${OPERATION_TITLES[run.operation]} (previewed changes)`;
  return `${OPERATION_TITLES[run.operation]} (${SCOPE_TITLES[run.scope]})`;
}

/**
 * What became of one row in a push; written into the add-on's result columns. `Unconfirmed`: the
 * hub's answer could not be tied to what was sent (or did not confirm it), so nothing was
 * recorded and the next push sends the row again. `Undone`: Undo last push put the hub back to
 * the values before a push; the row's cells (not sent) may differ from what the hub holds.
 * `Reverted`: the same, by a revert from the History. `Scheduled`: the row's sale waits for its
 * window (sales/), which the sale schedule starts; `On sale`, `Sale ended`: the hub confirmed its
 * start's sale price, or its end's put back (the row's other cells were not sent).
 */
export type RowStatus =
  | 'OK'
  | 'Warning'
  | 'Error'
  | 'Skipped'
  | 'Pending'
  | 'Unconfirmed'
  | 'Undone'
  | 'Reverted'
  | 'Scheduled'
  | 'On sale'
  | 'Sale ended';

export interface RowResult {
  status: RowStatus;
  message: string;
  jobId?: string;
  /** Per-channel outcome for the `Status [channel]` columns, by written channel code. */
  channels: Record<string, string>;
  /** Field values the hub confirmed (for the changed-only snapshot); absent when nothing was confirmed. */
  confirmed?: Record<string, number>;
  /** Rebuilt from the journal after an interruption: its per-channel outcomes are unknown, so Status [channel] cells are left as they are. */
  restored?: boolean;
  /** Not sent because an open async job will set the same values: the row stays Pending in that job. */
  held?: boolean;
  /** The hub certainly took none of it (every part never sent, or refused in an answer): nothing to undo. */
  refused?: boolean;
}

/** Progress of a push run, as the sidebar's progress bar shows it. */
export interface PushProgress {
  runId: string;
  operation: Operation;
  scope: Scope;
  total: number;
  done: number;
  ok: number;
  failed: number;
  skipped: number;
  requests: number;
  retries: number;
  finished: boolean;
  cancelled: boolean;
  /** A line for the seller: what happened in the last chunk or why it stopped. */
  message: string;
  /** When the menu started it and a trigger will finish it. */
  continuesInBackground: boolean;
  /** Set when the person pushing is to be asked, once, whether to freeze the SKU column (freeze-sku.ts). */
  freezeSku?: string;
  /** The sheet that question is about: the answer freezes it, whichever sheet the seller is on by then. */
  freezeSkuSheet?: string;
  /** Set when requests of this chunk failed as a whole (the hub or the network), in a sentence: a background run that failed. */
  requestFailure?: string;
  /** Set when nothing was sent because the seller is asked first (push/confirm.ts): answer with its token. */
  question?: PushQuestion;
}

/**
 * What a push would send, asked before sending when it changes many values or a guard rail
 * holds some (push/confirm.ts): the menu's dialog and the sidebar's panel show it alike.
 */
export interface PushQuestion {
  operation: Operation;
  scope: Scope;
  /** The stock sheet it would push: Push sends that sheet, whichever the seller is on by then. */
  sheet: string;
  /** Ties an answer to exactly this plan: a hash of every value it sends and of those it holds back. */
  token: string;
  /** Rows that send or hold back something. */
  rows: number;
  /** Values that differ from what the hub last confirmed, or that it never confirmed. */
  values: number;
  /** Values a guard rail holds back unless the seller presses Push. */
  guarded: number;
  /** The first sentence (at most 120 characters). */
  headline: string;
  /** The details, one sentence each: by field, the largest changes, what the guard rails hold and why, what it compares with. */
  details: string[];
  /** The seller answered an earlier question and the sheet changed since: nothing was sent. */
  changed?: true;
  /** What pressing Push costs (its line is among the details). */
  cost?: SendCost;
}
