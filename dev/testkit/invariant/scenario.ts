/**
 * Random scenarios for the write-back invariant (issue 11): a sheet of one push operation's
 * columns in the seller's order, a contrary hub (answer faults, HTTP faults, channel errors), and
 * a colleague who edits the sheet between chunks and while requests are in flight.
 */
import * as fc from 'fast-check';

export const OPERATIONS = ['stock', 'prices', 'byChannel', 'erp', 'async', 'changes', 'refresh'] as const;
export type InvariantOperation = (typeof OPERATIONS)[number];

/** The channels the hub's products are listed on (some listings paused). */
export const CHANNELS = ['amazon', 'walmart', 'mercadolibre'] as const;

/** Input headers per operation (the seller's order is shuffled; `Notes` is the seller's own column). */
export const HEADERS: Record<InvariantOperation, string[]> = {
  stock: ['SKU', 'Quantity', 'Notes'],
  prices: ['SKU', 'Price [amazon]', 'Price [walmart]', 'Price [mercadolibre]', 'Notes'],
  byChannel: [
    'SKU',
    'Quantity [amazon]',
    'Price [amazon]',
    'Sale price [amazon]',
    'Quantity [walmart]',
    'Available days [mercadolibre]',
    'Notes',
  ],
  erp: ['ERP id', 'Price', 'Notes'],
  async: ['SKU', 'Quantity', 'Price', 'Notes'],
  // changes and refresh start from a catalogue pull, whose columns come first.
  changes: ['Notes'],
  refresh: ['Notes'],
};

/** A cell value as generated: a number, blank, or a typo. */
export type CellSpec = number | '' | string;

/** A colleague's edit. Targets are fractions of the sheet as it is when the edit happens. */
export type Edit =
  | { kind: 'sort'; from: number; to: number; column: number; ascending: boolean }
  | { kind: 'insertRows'; at: number; count: number }
  | { kind: 'deleteRows'; at: number; count: number }
  | { kind: 'insertColumn'; at: number }
  | { kind: 'deleteColumn'; at: number; userOnly: boolean }
  | { kind: 'renameColumn'; at: number }
  | { kind: 'editValue'; row: number; column: number; value: number };

/** When an edit happens: before the n-th sidebar chunk, or at the n-th request round of an execution. */
export interface TimedEdit {
  when: 'betweenChunks' | 'duringRequests';
  n: number;
  edit: Edit;
}

export interface FaultMix {
  answerFaults: Record<string, number>;
  rates: Record<string, number>;
  malformedRate: number;
  timeoutRate: number;
  channelErrors: Record<string, string>;
  seed: number;
}

export interface Scenario {
  operation: InvariantOperation;
  /** Hub products P-000001 … */
  products: number;
  /** Header order (a permutation of the operation's headers). */
  headers: string[];
  /** Rows: one value per header, by header. `sku` picks a product by index, or an unknown / repeated SKU. */
  rows: Array<{ sku: 'next' | number | 'unknown' | 'repeat'; cells: Record<string, CellSpec> }>;
  faults: FaultMix;
  mode: 'menu' | 'sidebar';
  chunkRows: number;
  edits: TimedEdit[];
  /** refresh: which rows are selected (fractions); changes: which cells are edited before the push. */
  picks: number[];
}

const fraction = fc.double({ min: 0, max: 0.999, noNaN: true });

const quantity: fc.Arbitrary<CellSpec> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 500 }) },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: -1 }) },
  { weight: 1, arbitrary: fc.constantFrom<CellSpec>('', 'abc', 2.5) },
);
const price: fc.Arbitrary<CellSpec> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 999_999 }).map((c) => c / 1000) },
  { weight: 1, arbitrary: fc.constantFrom<CellSpec>('', 0, 'n/a') },
);
const days: fc.Arbitrary<CellSpec> = fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constant<CellSpec>(''));

/** The generator of one header's cell. */
function cellFor(header: string): fc.Arbitrary<CellSpec> {
  if (header === 'Notes') return fc.constantFrom<CellSpec>('', 'mine', '=1+1 is text', '00123');
  if (header.startsWith('Quantity')) return quantity;
  if (header.startsWith('Available days')) return days;
  if (header.startsWith('Price') || header.startsWith('Sale price')) return price;
  return fc.constant<CellSpec>('');
}

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('sort' as const), from: fraction, to: fraction, column: fraction, ascending: fc.boolean() }),
  fc.record({ kind: fc.constant('insertRows' as const), at: fraction, count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('deleteRows' as const), at: fraction, count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('insertColumn' as const), at: fraction }),
  fc.record({ kind: fc.constant('deleteColumn' as const), at: fraction, userOnly: fc.boolean() }),
  fc.record({ kind: fc.constant('renameColumn' as const), at: fraction }),
  fc.record({ kind: fc.constant('editValue' as const), row: fraction, column: fraction, value: fc.integer({ min: 1, max: 900 }) }),
);

const timedEdit: fc.Arbitrary<TimedEdit> = fc.record({
  when: fc.constantFrom('betweenChunks' as const, 'duringRequests' as const),
  n: fc.integer({ min: 0, max: 4 }),
  edit,
});

/** Answer faults, each 0 or a small rate; the per-item ones stay under 1 together. */
const answerFaults: fc.Arbitrary<Record<string, number>> = fc
  .record({
    reorder: fc.constantFrom(0, 0.3, 0.8),
    drop: fc.constantFrom(0, 0.05, 0.15),
    duplicate: fc.constantFrom(0, 0.05, 0.15),
    substitute: fc.constantFrom(0, 0.05, 0.15),
    extra: fc.constantFrom(0, 0.2, 0.5),
    statusCase: fc.constantFrom(0, 0.1, 0.3),
    refuse: fc.constantFrom(0, 0.05, 0.15),
    wrongEcho: fc.constantFrom(0, 0.05, 0.1),
    echoHeaders: fc.constantFrom(0, 0.05, 0.1),
    partialJob: fc.constantFrom(0, 0.3),
  })
  .map((f) => {
    // The hub draws one per-item fault per item: their rates must add up to at most 1.
    const perItem = ['drop', 'duplicate', 'substitute', 'statusCase', 'refuse', 'wrongEcho', 'echoHeaders'] as const;
    const sum = perItem.reduce((n, k) => n + f[k], 0);
    const scale = sum > 0.9 ? 0.9 / sum : 1;
    const out: Record<string, number> = {};
    for (const [k, v] of Object.entries(f))
      if (v > 0) out[k] = (perItem as readonly string[]).includes(k) ? Math.floor(v * scale * 1000) / 1000 : v;
    return out;
  });

/** A contrary hub: answer faults, HTTP faults, channel errors (also the cross-feature suite's contrary steps). */
export const faultMix: fc.Arbitrary<FaultMix> = fc.record({
  answerFaults,
  rates: fc
    .record({ '503': fc.constantFrom(0, 0.05), '429': fc.constantFrom(0, 0.05), '500': fc.constantFrom(0, 0.03) })
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v > 0))),
  malformedRate: fc.constantFrom(0, 0.03),
  timeoutRate: fc.constantFrom(0, 0, 0.02),
  // amazon is each product's first listing: its job item is the one that sets the general values.
  channelErrors: fc.constantFrom<Record<string, string>>(
    {},
    {},
    { walmart: 'Publicación pausada' },
    { amazon: 'Cuenta suspendida' },
    { mercadolibre: 'Publicación pausada' },
  ),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
});

/** A scenario of one operation with up to `maxRows` rows. */
export function scenario(operation: InvariantOperation, maxRows = 60): fc.Arbitrary<Scenario> {
  const base = HEADERS[operation];
  // Push operations: a product per row and some to spare; changes and refresh: the pulled catalogue is the sheet.
  const products = operation === 'changes' || operation === 'refresh' ? Math.min(40, maxRows) : maxRows + 10;
  return fc.record({
    operation: fc.constant(operation),
    products: fc.constant(products),
    headers: fc.shuffledSubarray(base, { minLength: base.length, maxLength: base.length }),
    // changes and refresh take their rows from a catalogue pull.
    rows:
      operation === 'changes' || operation === 'refresh'
        ? fc.constant([])
        : fc.array(
            fc.record({
              // Mostly the next product (rows of one SKU each), now and then any product (a repeat
              // elsewhere in the sheet), a SKU the hub does not have, or the previous row's SKU.
              sku: fc.oneof(
                { weight: 14, arbitrary: fc.constant('next' as const) },
                { weight: 1, arbitrary: fc.integer({ min: 0, max: products - 1 }) },
                { weight: 1, arbitrary: fc.constantFrom('unknown' as const, 'repeat' as const) },
              ),
              cells: fc.record(
                Object.fromEntries(base.filter((h) => h !== 'SKU' && h !== 'ERP id').map((h) => [h, cellFor(h)])),
              ) as fc.Arbitrary<Record<string, CellSpec>>,
            }),
            // 'max': lengths spread over the whole range, not fast-check's small default.
            { minLength: 1, maxLength: maxRows, size: 'max' },
          ),
    faults: faultMix,
    mode: fc.constantFrom('menu' as const, 'sidebar' as const),
    chunkRows: fc.integer({ min: 10, max: 30 }),
    edits: fc.array(timedEdit, { maxLength: 4 }),
    picks: fc.array(fraction, { minLength: 1, maxLength: 12 }),
  });
}
