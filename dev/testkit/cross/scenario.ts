/**
 * A cross-feature scenario: a hub of a few products listed on three channels, a `Stock & Prices`
 * sheet of a random subset and order of the input columns, optional `Rules` rows, the default
 * channels for plain columns, then a random SEQUENCE of steps by two users (edits, rule changes,
 * pushes of every operation and scope, previews and their push, undos, catalogue pulls, changes on
 * the hub behind the add-on's back, a contrary hub, background runs, sale windows scheduled). Data only: generate.ts makes
 * them, runner.ts runs them.
 */
import type { FaultMix } from '../invariant/scenario';

/** The channels every product is listed on (all active). */
export const CROSS_CHANNELS = ['amazon', 'walmart', 'mercadolibre'] as const;

/** Input columns a sheet may have (SKU always; `Notes` is the seller's own). */
export const CROSS_COLUMNS = [
  'Channel',
  'Quantity',
  'Price',
  'Quantity [amazon]',
  'Price [amazon]',
  'Price [walmart]',
  'Sale price [amazon]',
  'Notes',
  'ERP id',
] as const;

export const PUSH_OPERATIONS = ['stock', 'prices', 'byChannel', 'erp', 'async', 'changes'] as const;
export type PushOperation = (typeof PUSH_OPERATIONS)[number];
export type PushScope = 'all' | 'changed' | 'selected';

/** The two editors of the spreadsheet. */
export type User = 'A' | 'B';

/** A cell as typed: a number, blank, or text (typos, `12,50`). */
export type Typed = number | string;

/** A fraction in [0, 1): picks a row, a column, a product in the sheet or hub as it is then. */
export type Pick = number;

/** A `Rules` row; absent fields are empty cells. */
export interface RuleRow {
  channel: string;
  markupPct?: number;
  markupAmount?: number;
  rounding?: string;
  minPrice?: number;
  maxPrice?: number;
  bufferUnits?: number;
  bufferPct?: number;
  maxQuantity?: number;
  zeroBelow?: number;
  perChannel?: boolean;
}

export type Step =
  /** A seller types into an input cell. */
  | { kind: 'edit'; user: User; row: Pick; column: Pick; value: Typed }
  /** A colleague's structural edit. */
  | { kind: 'structure'; user: User; edit: 'insertColumn' | 'insertRow' | 'sort'; at: Pick; column: Pick; ascending: boolean }
  /** A rule row set for its channel (replacing that channel's row), or the `at`-th row deleted (row null). */
  | { kind: 'rule'; user: User; row: RuleRow | null; at: Pick }
  | { kind: 'push'; user: User; operation: PushOperation; scope: PushScope; via: 'menu' | 'sidebar'; select: Pick[] }
  /**
   * Preview, then Push these changes; with `editBetween`, a previewed value is edited first (it must
   * refuse). With `approval`, every guard rail needs a second editor for the step (the rows guard
   * rail at 1 row): the user previews and asks, the other user shows the request (the Preview
   * sheet read again) and approves it — `editBetween` then edits between the review and the approval.
   */
  | {
      kind: 'preview';
      user: User;
      operation: PushOperation;
      scope: PushScope;
      select: Pick[];
      editBetween: { line: Pick; blank: boolean } | null;
      approval: boolean;
    }
  | { kind: 'undo'; user: User; whose: 'mine' | 'anyone'; overwrite: boolean; via: 'menu' | 'sidebar' }
  /**
   * A revert from the History: the `back`-th of the pushes it lists (newest first, as a fraction),
   * whole or the row or value of its `pick`-th entry.
   */
  | { kind: 'revert'; user: User; back: Pick; part: 'push' | 'row' | 'value'; pick: Pick; overwrite: boolean }
  | { kind: 'pull'; user: User }
  /** A change on the hub behind the add-on's back: a product's general value or a listing's. */
  | { kind: 'hub'; product: Pick; channel: string | null; field: 'quantity' | 'price' | 'salePrice'; value: number }
  /** The hub turns contrary for the next step. */
  | { kind: 'contrary'; faults: FaultMix }
  /** Virtual time passes (the time trigger runs); `failJobReads`: every job read fails meanwhile. */
  | { kind: 'background'; minutes: number; failJobReads: boolean }
  /** A seller opens the spreadsheet (the open-time notice). */
  /**
   * A seller gives a row a sale window (`Sale start`, `Sale end`, the columns added when missing,
   * with its `Sale price [amazon]`) — in force now for `minutes`, starting in a few minutes, over
   * already, or emptied — and chooses Schedule sale prices.
   */
  | { kind: 'sale'; user: User; row: Pick; window: 'now' | 'soon' | 'past' | 'clear'; minutes: number; salePrice: number; asDate: boolean }
  | { kind: 'open'; user: User }
  | { kind: 'refreshJobs'; user: User };

export type StepKind = Step['kind'];

/** Which mix of steps a property draws (each property weighs them for its invariant). */
export type Profile = 'mixed' | 'changes' | 'undo' | 'background';

export interface CrossScenario {
  profile: Profile;
  products: number;
  /** The sheet's header: SKU and a subset of CROSS_COLUMNS, in the seller's order. */
  headers: string[];
  rows: Array<{ sku: 'next' | 'unknown' | 'repeat'; cells: Record<string, Typed> }>;
  rules: RuleRow[];
  /** The seller pulled the catalogue before typing the rows' cells (the hub's values confirmed, so an undo knows them). */
  pulledFirst: boolean;
  /** Settings › Default channels for plain columns. */
  plainChannels: string[];
  /** Settings › Per-channel columns on pull: none (the default) in half the scenarios, amazon's or every channel's in the others. */
  pullChannelColumns: string[];
  steps: Step[];
  seed: number;
}
