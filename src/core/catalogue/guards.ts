/** Checks made before a pull or a refresh writes anything. */
import type { TableRead } from '../../sheet';
import type { Context } from '../kernel/context';
import { BusyError } from '../kernel/errors';
import { isAbandoned, readRun } from '../push/run-store';
import { OPERATION_TITLES } from '../pipeline/types';

/**
 * A push still sending rows reads the sheet again at each chunk: replacing its values under it
 * would send hub values back to the hub, or drop edits it has not sent yet.
 */
export function assertNoPushRunning(ctx: Context, what: string): void {
  const run = readRun(ctx.ports.documentStore);
  if (!run || isAbandoned(run, ctx.ports.clock.now(), ctx.settings.deployment)) return;
  throw new BusyError(
    `${what} did not start: ${OPERATION_TITLES[run.operation]} is still sending rows of this sheet. Let it finish (or cancel it from the sidebar), then try again; nothing was changed.`,
  );
}

/**
 * Why the headers of the stock sheet stop the operation, or null. A sheet without product rows
 * may lack the SKU column (the pull adds it); any other header problem is the seller's to fix,
 * since it would stop the next push anyway.
 */
export function headerProblem(table: TableRead, name: string, what: 'pull' | 'refresh'): string | null {
  const noSku = table.columns.input.sku === undefined;
  if (noSku && what === 'refresh') return `"${name}" has no SKU column: add a header named SKU in row 1, then select the rows to refresh.`;
  // The "no SKU column" problem is the one naming no column.
  const problems = table.problems.filter((p) => !(noSku && p.columns.length === 0 && table.rows.length === 0));
  if (problems.length === 0) return null;
  const action = what === 'pull' ? 'pulling the catalogue' : 'refreshing rows';
  return `The headers of "${name}" need fixing before ${action}: ${problems.map((p) => p.message).join('; ')}. Nothing was changed.`;
}
