/**
 * The one place the features subscribe to the hooks of the layers below them (the push engine's,
 * the kernel's): the engine says what happened, undo, the change ledger, alerts, jobs and the sale
 * schedule react, and the background
 * module re-arms the trigger when due work changes. Called once when the bundle loads.
 */
import { subscribeAlerts } from './alerts/subscriptions';
import { rearmBackground } from './background/trigger';
import { subscribeJobs } from './jobs/subscriptions';
import { subscribeLedger } from './ledger/subscriptions';
import { dueChanged } from './kernel/due';
import type { Context } from './kernel/context';
import { subscribeSales } from './sales/subscriptions';
import { subscribeUndo } from './undo/subscriptions';

function rearm(ctx: Context): void {
  rearmBackground(ctx);
}

/** Subscribes every feature (twice is the same as once). */
export function wireFeatures(): void {
  subscribeUndo();
  subscribeLedger();
  subscribeAlerts();
  subscribeJobs();
  subscribeSales();
  dueChanged.subscribe(rearm);
}
