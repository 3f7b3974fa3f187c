/**
 * The cost model as BENCHMARKS.md states it in its header: every figure the run used, its unit and
 * where it comes from (dev/gas-runtime/costs.ts), with the bundle load as measured in this run.
 */
import { COST_SOURCES, type CostTable } from '../dev/gas-runtime';

const UNIT: Partial<Record<keyof CostTable, string>> = { fetchAllParallelism: 'requests', jsCpuFactor: '× CPU' };

/** A markdown table of `costs`; `loadMs` is the measured bundle load when costs.bundleLoadMs is 'measured'. */
export function costSheet(costs: CostTable, loadMs: number): string {
  const rows = (Object.keys(COST_SOURCES) as Array<keyof CostTable>).map((key) => {
    const value = costs[key];
    const shown = value === 'measured' ? `${loadMs.toFixed(1)} ms (measured)` : `${value} ${UNIT[key] ?? 'ms'}`;
    const { what, source } = COST_SOURCES[key];
    return `| ${what} | \`${key}\` | ${shown} | ${source} |`;
  });
  return ['| charged for | setting | value | source |', '|---|---|---:|---|', ...rows].join('\n');
}
