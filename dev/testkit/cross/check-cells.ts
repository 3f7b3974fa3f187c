/**
 * (a), by the cells: where no rule shapes a value and no Channel cell or default channel places a
 * plain one, a row that says OK holds exactly its cells' values in the hub (invariant/check.ts
 * checkOkRows, the write-back invariant's own check). Cells typed as text (`12,50`) are read by
 * the add-on's number reading, not here: they are left to the check by the values that left.
 */
import { checkOkRows, type HubProduct } from '../invariant/check';
import { NUMERIC_INPUT } from './act-sheet';
import { hubValues, keyOf } from './hub-values';
import type { CrossScenario, PushOperation } from './scenario';

/** True when a cell's value is the value sent: no rule, no Channel column, no default channel list. */
export function cellsAreSent(s: CrossScenario, rules: boolean, header: readonly string[]): boolean {
  return !rules && !header.includes('Channel') && (s.plainChannels.length === 0 || s.plainChannels.includes('*'));
}

const FIELD: Record<string, string> = {
  Quantity: 'quantity',
  Price: 'price',
  'Sale price': 'salePrice',
  'Available days': 'availableDays',
  'Publishing price': 'publishingPrice',
};

/** The hub keys a number cell stands for: its channel's, or a plain one's general value and every channel it reaches. */
function keysOfCell(sku: string, header: string, hub: ReadonlyMap<string, number>): string[] {
  const m = /^(.+?)(?: \[([^\]]+)\])?$/.exec(header) as RegExpExecArray;
  const field = FIELD[m[1]];
  if (m[2]) return [keyOf(sku, field, m[2])];
  return [keyOf(sku, field, null), ...[...hub.keys()].filter((k) => k.startsWith(`${sku}|${field}:`))];
}

/**
 * The rows that say OK against their cells; a cell whose value the hub changed behind the
 * add-on's back (since the add-on last sent or read it) is left out: the add-on cannot know.
 */
export function checkCells(
  values: readonly unknown[][],
  operation: PushOperation,
  since: number,
  products: Map<string, HubProduct>,
  stale: (key: string) => boolean,
  generalSent?: (sku: string, field: string) => boolean,
): { violations: string[]; checked: number } {
  const header = (values[0] ?? []).map((h) => String(h ?? ''));
  const numeric = header.map((h) => NUMERIC_INPUT.test(h));
  const sku = header.indexOf('SKU');
  const hub = hubValues(products.values());
  // A row with a sale window: its sale prices are the sale schedule's, never a push's (check-sales.ts).
  const window = ['Sale start', 'Sale end'].map((h) => header.indexOf(h)).filter((c) => c >= 0);
  const numbersOnly = values.map((row, r) => {
    if (r === 0) return row;
    const key = String(row[sku] ?? '').trim();
    const scheduled = window.some((c) => row[c] !== '' && row[c] !== null && row[c] !== undefined);
    return row.map((v, c) => {
      if (!numeric[c]) return v;
      if (scheduled && header[c].startsWith('Sale price')) return '';
      // Text (`12,50`) is read by the add-on's number reading: left to the check by the values that left.
      return typeof v === 'string' || keysOfCell(key, header[c], hub).some(stale) ? '' : v;
    });
  });
  // A job's results are written when the job is read, often during a later step of another
  // operation: such a row speaks of what the job sent (general values), checked as a job's.
  const message = header.indexOf('Sync message');
  const byJob = (row: unknown[]): boolean => /^Async job /.test(String(row[message] ?? ''));
  // (A row of the other kind is left empty: no Synced at, not checked; row numbers stay.)
  const only = (job: boolean): unknown[][] => numbersOnly.map((row, r) => (r === 0 || byJob(row) === job ? row : []));
  const ofJob = checkOkRows(only(true), { operation: 'async', since, products, editedAt: new Map() });
  const own = checkOkRows(only(false), { operation, since, products, editedAt: new Map(), generalSent });
  return { violations: [...ofJob.violations, ...own.violations], checked: ofJob.checked + own.checked };
}
