/**
 * The floor of a benchmark row: the least virtual time any implementation could take under the
 * same cost model (dev/gas-runtime/costs.ts). One execution (one bundle load); the request
 * minimum sent `concurrency` at a time, each fetchAll costing the hub's latency (once per wave of
 * Apps Script's parallelism cap) plus its call overhead; one read of the columns the operation
 * uses; one write per block of results. No JavaScript time: the floor is the work, not the code.
 */
import type { CostTable } from '../dev/gas-runtime/costs';

export interface FloorInput {
  /** The fewest requests the hub's interface allows for the operation. */
  requests: number;
  /** Requests the add-on sends per fetchAll (its concurrency setting). */
  concurrency: number;
  /** The hub's latency per request, ms. */
  latencyMs: number;
  /** The first request must go alone (a pull learns the total from its first page). */
  firstAlone?: boolean;
  /** Cells of the used columns, read once (0: only the header row is read). */
  readCells: number;
  /** Cells of each block written once (result columns, the snapshot of confirmed values, pulled rows). */
  writeBlocks: number[];
}

export interface Floor {
  requestMs: number;
  sheetsMs: number;
  loadMs: number;
  totalMs: number;
}

/** fetchAll rounds the requests need: ceil(requests ÷ concurrency), the first alone when it must be. */
export function floorRounds(requests: number, concurrency: number, firstAlone = false): number {
  if (requests <= 0) return 0;
  const c = Math.max(1, concurrency);
  return firstAlone ? 1 + Math.ceil((requests - 1) / c) : Math.ceil(requests / c);
}

/** The floor of one row under `costs`, with the bundle load `loadMs` (costs.bundleLoadMs resolved). */
export function floorOf(input: FloorInput, costs: CostTable, loadMs: number): Floor {
  const c = Math.max(1, input.concurrency);
  // One fetchAll of `size` requests waits for the hub once per wave of the parallelism cap.
  const round = (size: number): number => Math.ceil(size / costs.fetchAllParallelism) * input.latencyMs + costs.urlFetchCallMs;
  const alone = input.firstAlone && input.requests > 0 ? 1 : 0;
  const rest = Math.max(0, input.requests - alone);
  const requestMs = alone * round(1) + Math.floor(rest / c) * round(c) + (rest % c > 0 ? round(rest % c) : 0);
  const read = costs.sheetsRoundTripMs + input.readCells * costs.perCellReadMs;
  const writes = input.writeBlocks.reduce((ms, cells) => ms + costs.sheetsRoundTripMs + cells * costs.perCellWriteMs, 0);
  const sheetsMs = read + writes;
  return { requestMs, sheetsMs, loadMs, totalMs: requestMs + sheetsMs + loadMs };
}
