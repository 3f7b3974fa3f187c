import type { Ports } from './ports';
import type { Settings } from './settings-schema';

/** What a use case gets: the ports, the settings, and when the execution started. */
export interface Context {
  ports: Ports;
  settings: Settings;
  /** Epoch ms when this execution started (its 6-minute budget counts from here). */
  startedAt: number;
  /** True when a person is at the keyboard (menu or sidebar); false in triggers. */
  interactive: boolean;
}

/** Milliseconds left before `budgetMs` of this execution is used up. */
export function timeLeft(ctx: Context, budgetMs: number): number {
  return ctx.startedAt + budgetMs - ctx.ports.clock.now();
}
