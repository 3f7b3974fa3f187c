import type { Ports } from './ports';
import type { RuntimeTally } from './runtime-budget';
import type { Settings } from './settings-schema';

/** What a use case gets: the ports, the settings, and when the execution started. */
export interface Context {
  ports: Ports;
  settings: Settings;
  /** Epoch ms when this execution started (its 6-minute budget counts from here). */
  startedAt: number;
  /** True when a person is at the keyboard (menu or sidebar); false in triggers. */
  interactive: boolean;
  /**
   * The stock sheet this execution pushes when it is not the configured one (a mapped export tab
   * the seller is on, or the sheet a running push started on); absent: the configured stock sheet.
   */
  stockSheet?: string;
  /** A trigger run's measure of its own runtime (the trigger-runtime budget); absent elsewhere. */
  runtime?: RuntimeTally;
  /**
   * A trigger run's document writes from here to its end are held and written with its runtime
   * record in one call (kernel/write-batch.ts holdableStore); absent: every write goes at once.
   * Only a run's last work asks for it (the idle order import).
   */
  holdWrites?: () => void;
  /** The id of the time trigger whose firing started this run (the event's triggerUid); absent elsewhere. */
  firedBy?: string;
}

/** The name of the stock sheet this execution works on. */
export function stockSheetName(ctx: Pick<Context, 'settings' | 'stockSheet'>): string {
  return ctx.stockSheet ?? ctx.settings.sheetNames.stock;
}

/** The context working on the stock sheet `name` (the configured one when `name` is it, or absent). */
export function onStockSheet(ctx: Context, name: string | undefined): Context {
  const { stockSheet: _, ...rest } = ctx;
  return name === undefined || name === ctx.settings.sheetNames.stock ? rest : { ...rest, stockSheet: name };
}

/** Milliseconds left before `budgetMs` of this execution is used up. */
export function timeLeft(ctx: Context, budgetMs: number): number {
  return ctx.startedAt + budgetMs - ctx.ports.clock.now();
}
