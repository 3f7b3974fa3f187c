/**
 * The bad-input corpus: sheets, cells, settings and hub answers a seller can produce. Each kind
 * must end with a specific message at the row or setting concerned (or in the alert of the menu
 * item), nothing thrown uncaught, and no input cell changed. The list and the messages go to
 * reports/reliability/bad-input.json for RELIABILITY.md.
 */
import type { AddonEnv } from '../../dev/testkit/env';
import { writeReliability } from '../../dev/testkit/reliability';
import type { PushMenuName } from '../../src/server/menu';
import { useHub } from '../support/hub';
import { apiRequests, clearRequests, column, expectInputsUnchanged, seedProducts } from './helpers';
import { unwrap } from '../support/results';

type Where = string;
interface Outcome {
  where: Where;
  message: string;
}
interface Case {
  kind: string;
  run: (env: AddonEnv) => Outcome;
  expect: RegExp;
}

const STOCK = 'Stock & Prices';
let dialogs: string[] = [];
let toastMark = 0;
let skus: string[] = [];

function resetWorkbook(env: AddonEnv): void {
  for (const name of env.rt.sheetNames()) if (name !== 'Sheet1') env.rt.deleteSheet(name);
  for (const key of Object.keys(env.rt.properties('document'))) if (key !== 'settings') env.rt.setProperty('document', key, null);
  env.call('saveSettings', { baseUrl: env.hub.url, concurrency: 8, decimalSeparator: 'auto', sheetNames: { stock: STOCK } });
  dialogs = [];
  toastMark = env.rt.toasts().length;
  clearRequests(env);
}

/** Pushes `sheet` with a menu item; the outcome is the alert if one was shown, else row `row`'s Sync message. */
function push(env: AddonEnv, sheet: unknown[][], row: number | null, fn: PushMenuName = 'pushStockAll', prepare?: () => void): Outcome {
  env.rt.addSheet(STOCK, sheet);
  prepare?.();
  env.call(fn);
  const values = env.rt.sheet(STOCK).values();
  expectInputsUnchanged(values, sheet, sheet[0].length);
  if (row === null)
    return {
      where: 'alert',
      message: [
        ...dialogs,
        ...env.rt
          .toasts()
          .slice(toastMark)
          .map((t) => t.message),
      ].join(' | '),
    };
  return { where: `row ${row}`, message: String(values[row - 1][column(values, 'Sync message')]) };
}

/** Saves settings through the sidebar function; the outcome is the message of field `field`. */
function setting(env: AddonEnv, input: Record<string, unknown>, field: string): Outcome {
  const r = unwrap(env.call('saveSettings', input));
  const message =
    r.errors[field] ??
    (r.saved ? `saved: ${JSON.stringify(field.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], r.settings))}` : '');
  return { where: `setting ${field}`, message };
}

const row = (sku: unknown, ...rest: unknown[]) => [sku, ...rest];
const H = ['SKU', 'Quantity'];

const CASES: Case[] = [
  // The sheet and its headers
  {
    kind: 'no SKU header',
    run: (e) =>
      push(
        e,
        [
          ['Item', 'Quantity'],
          ['A', 1],
        ],
        null,
      ),
    expect: /No SKU column: add a header named SKU/,
  },
  {
    kind: 'duplicate headers (Qty and Stock)',
    run: (e) =>
      push(
        e,
        [
          ['SKU', 'Qty', 'Stock'],
          [skus[0], 1, 2],
        ],
        null,
      ),
    expect: /Qty.*Stock|columns B and C/,
  },
  {
    kind: 'merged header cells',
    run: (e) =>
      push(
        e,
        [
          ['SKU', '', 'Quantity'],
          [skus[0], 'x', 1],
        ],
        null,
        'pushStockAll',
        () => e.rt.sheet(STOCK).merge('A1:B1'),
      ),
    expect: /Header cells A1:B1 .* are merged: unmerge them/,
  },
  { kind: 'empty sheet', run: (e) => push(e, [['']], null), expect: /is empty: put the headers/ },
  { kind: 'header row only', run: (e) => push(e, [H], null), expect: /nothing to send/ },
  {
    kind: 'renamed sheet',
    run: (e) => {
      e.rt.addSheet('Stock', [H, [skus[0], 1]]);
      e.call('pushStockAll');
      return { where: 'alert', message: dialogs.join(' | ') };
    },
    expect: /"Stock & Prices" was not found: it may have been renamed or deleted\. Rename it back, or set .* Settings/,
  },
  {
    kind: 'deleted sheet',
    run: (e) => {
      e.call('pushStockAll');
      return { where: 'alert', message: dialogs.join(' | ') };
    },
    expect: /"Stock & Prices" was not found/,
  },
  {
    kind: 'per-channel header naming an unknown channel',
    run: (e) =>
      push(
        e,
        [
          ['SKU', 'Price [amazn]'],
          [skus[0], 10],
        ],
        null,
        'pushPricesAll',
      ),
    expect: /amazn/,
  },
  {
    kind: 'malformed per-channel header',
    run: (e) =>
      push(
        e,
        [
          ['SKU', 'Price [ama zon', 'Quantity'],
          [skus[0], 10, 1],
        ],
        null,
      ),
    expect: /Price \[ama zon/,
  },
  {
    kind: 'per-channel header with an empty channel',
    run: (e) =>
      push(
        e,
        [
          ['SKU', 'Price []', 'Quantity'],
          [skus[0], 10, 1],
        ],
        null,
      ),
    expect: /Price \[\]/,
  },
  {
    kind: 'ERP push without an ERP id column',
    run: (e) =>
      push(
        e,
        [
          ['SKU', 'Price'],
          [skus[0], 10],
        ],
        null,
        'pushErpAll',
      ),
    expect: /needs an ERP id column and a Price column\. Nothing was sent/,
  },
  {
    kind: '10,000 empty rows at the end',
    run: (e) => {
      const out = push(e, [H, [skus[0], 1], ...Array.from({ length: 10_000 }, () => ['', ''])], 2);
      const v = e.rt.sheet(STOCK).values();
      const written = v.slice(2).filter((r) => r[column(v, 'Sync status')] !== '').length;
      return { where: 'rows 3–10,002', message: `${written} blank rows touched; row 2: ${out.message}` };
    },
    expect: /^0 blank rows touched; row 2: Quantity 1 sent/,
  },
  // Cells
  { kind: 'empty SKU', run: (e) => push(e, [H, row('', 1)], 2), expect: /SKU is empty/ },
  {
    kind: 'duplicate SKU',
    run: (e) => push(e, [H, row(skus[0], 1), row(skus[0], 2)], 3),
    expect: /SKU '.*' is also in row 2: keep one row per SKU/,
  },
  { kind: 'formula error #N/A', run: (e) => push(e, [H, row(skus[0], '#N/A')], 2), expect: /formula error #N\/A/ },
  { kind: 'formula error #REF!', run: (e) => push(e, [H, row(skus[0], '#REF!')], 2), expect: /formula error #REF!/ },
  { kind: 'formula error #DIV/0!', run: (e) => push(e, [H, row(skus[0], '#DIV/0!')], 2), expect: /formula error #DIV\/0!/ },
  { kind: 'formula error #VALUE!', run: (e) => push(e, [H, row(skus[0], '#VALUE!')], 2), expect: /formula error #VALUE!/ },
  { kind: 'boolean in a number column', run: (e) => push(e, [H, row(skus[0], true)], 2), expect: /TRUE is not a number/ },
  {
    kind: 'date in a number column',
    run: (e) => push(e, [H, row(skus[0], new Date(Date.UTC(2026, 0, 2)))], 2),
    expect: /a date is not a number/,
  },
  { kind: 'text in a number column', run: (e) => push(e, [H, row(skus[0], 'abc')], 2), expect: /Quantity: .*abc/ },
  { kind: 'number with a unit ("12 units")', run: (e) => push(e, [H, row(skus[0], '12 units')], 2), expect: /Quantity: .*12 units/ },
  { kind: 'ambiguous thousands "1,234"', run: (e) => push(e, [H, row(skus[0], '1,234')], 2), expect: /could be 1234 or 1\.234/ },
  { kind: 'ambiguous thousands "1.234"', run: (e) => push(e, [H, row(skus[0], '1.234')], 2), expect: /could be 1234 or 1\.234/ },
  {
    kind: 'US decimal text "1,234.50"',
    run: (e) => push(e, [['SKU', 'Price [amazon]'], row(skus[0], '1,234.50')], 2, 'pushPricesAll'),
    expect: /Price 1234\.5 for amazon sent/,
  },
  {
    kind: 'European decimal text "1.234,50"',
    run: (e) => push(e, [['SKU', 'Price [amazon]'], row(skus[0], '1.234,50')], 2, 'pushPricesAll'),
    expect: /Price 1234\.5 for amazon sent/,
  },
  { kind: 'quantity with decimals', run: (e) => push(e, [H, row(skus[0], 2.5)], 2), expect: /whole number, got 2\.5/ },
  {
    kind: 'negative quantity',
    run: (e) => push(e, [H, row(skus[0], -3)], 2),
    expect: /Quantity -3 sent as 0 \(the hub does not accept negatives\)/,
  },
  {
    kind: 'price of 0',
    run: (e) => push(e, [['SKU', 'Price [amazon]'], row(skus[0], 0)], 2, 'pushPricesAll'),
    expect: /Price \[amazon\]: must be greater than 0/,
  },
  {
    kind: 'negative price',
    run: (e) => push(e, [['SKU', 'Price [amazon]'], row(skus[0], -5)], 2, 'pushPricesAll'),
    expect: /must be greater than 0/,
  },
  {
    kind: 'unknown channel in the Channel column',
    run: (e) => push(e, [['SKU', 'Channel', 'Price'], row(skus[0], 'amazn', 5)], 2, 'pushPricesAll'),
    expect: /'amazn' is not a channel the hub knows/,
  },
  {
    kind: 'price without a channel',
    run: (e) => push(e, [['SKU', 'Channel', 'Price'], row(skus[0], '', 5)], 2, 'pushPricesAll'),
    expect: /^Price 5 has no channel\. Fill Channel, or choose channels in Settings › Default channels for plain columns/,
  },
  {
    kind: 'sale price above the price',
    run: (e) => push(e, [['SKU', 'Price [amazon]', 'Sale price [amazon]'], row(skus[0], 10, 12)], 2, 'pushByChannelAll'),
    expect: /sale price cannot exceed the price/,
  },
  {
    kind: 'available days on a channel that does not take them',
    run: (e) => push(e, [['SKU', 'Available days [walmart]'], row(skus[0], 3)], 2, 'pushByChannelAll'),
    expect: /available days apply only to mercadolibre, not walmart/,
  },
  {
    kind: 'SKU with leading/trailing spaces',
    run: (e) => push(e, [H, row(`  ${skus[0]} `, 1)], 2),
    expect: /SKU had leading\/trailing spaces|sent as '.*'/,
  },
  {
    kind: 'SKU with a zero-width character',
    run: (e) => push(e, [H, row(`${skus[0]}\u200B`, 1)], 2),
    expect: /invisible|zero-width|sent as '/,
  },
  {
    kind: 'SKU as a number too long to be exact',
    run: (e) => push(e, [H, row(1.2345678901234568e21, 1)], 2),
    expect: /too long to be exact; format the SKU column as Plain text/,
  },
  { kind: 'SKU as a boolean', run: (e) => push(e, [H, row(true, 1)], 2), expect: /SKU/ },
  { kind: 'SKU as a date', run: (e) => push(e, [H, row(new Date(Date.UTC(2026, 1, 3)), 1)], 2), expect: /SKU/ },
  {
    kind: 'duplicate ERP id',
    run: (e) =>
      push(
        e,
        [
          ['ERP id', 'Price'],
          ['E-1', 5],
          ['E-1', 6],
        ],
        2,
        'pushErpAll',
      ),
    expect: /ERP id 'E-1' is also in row 3/,
  },
  {
    kind: 'SKU unknown to the hub',
    run: (e) => push(e, [H, row('NO-SUCH-SKU', 1)], 2),
    expect: /SKU not found in the hub: .*The hub said: \u201CProducto no encontrado\u201D/,
  },
  {
    kind: '51 rows (one over a request)',
    run: (e) => {
      push(e, [H, ...skus.slice(0, 51).map((s) => row(s, 1))], 2);
      const n = apiRequests(e).filter((r) => r.method === 'POST').length;
      return { where: 'requests', message: `${n} requests for 51 rows` };
    },
    expect: /^2 requests for 51 rows$/,
  },
  {
    kind: 'hidden row in a selection',
    run: (e) =>
      push(e, [H, row(skus[0], 1), row(skus[1], 2), row(skus[2], 3)], 3, 'pushStockSelected', () => {
        e.rt.sheet(STOCK).hideRows(3, 1);
        e.rt.select(STOCK, 'A2:B4');
      }),
    expect: /Row hidden \(by you or a filter\): left out/,
  },
  {
    kind: 'filtered-out row in a selection',
    run: (e) =>
      push(e, [H, row(skus[0], 1), row(skus[1], 2), row(skus[2], 3)], 4, 'pushStockSelected', () => {
        e.rt.sheet(STOCK).filterRows(4, 1);
        e.rt.select(STOCK, 'A2:B4');
      }),
    expect: /Row hidden \(by you or a filter\): left out/,
  },
  {
    kind: '50,001 rows selected',
    run: (e) =>
      push(e, [H, ...Array.from({ length: 50_001 }, (_, i) => row(`S${i}`, 1))], null, 'pushStockSelected', () =>
        e.rt.select(STOCK, 'A2:B50002'),
      ),
    expect: /more than 5,000 rows\. For that many, use .all rows. or .changed rows./,
  },
  {
    kind: 'nothing selected on the stock sheet',
    run: (e) => push(e, [H, row(skus[0], 1)], null, 'pushStockSelected', () => e.rt.select('Sheet1', 'A1')),
    expect: /Select the rows to push in "Stock & Prices" first/,
  },
  // Settings
  {
    kind: 'base URL with an /api path',
    run: (e) => setting(e, { baseUrl: 'https://hub.example.com/api/stock/updatestock' }, 'baseUrl'),
    expect: /without \/api/,
  },
  {
    kind: 'base URL with a trailing slash',
    run: (e) => setting(e, { baseUrl: 'https://hub.example.com//' }, 'baseUrl'),
    expect: /^saved: "https:\/\/hub\.example\.com"$/,
  },
  {
    kind: 'base URL over http',
    run: (e) => setting(e, { baseUrl: 'http://hub.example.com' }, 'baseUrl'),
    expect: /Use https:\/\/ .* unencrypted/,
  },
  { kind: 'base URL that is not a URL', run: (e) => setting(e, { baseUrl: 'hub.example.com' }, 'baseUrl'), expect: /This is not a URL/ },
  {
    kind: 'base URL with a password in it',
    run: (e) => setting(e, { baseUrl: 'https://me:secret@hub.example.com' }, 'baseUrl'),
    expect: /Do not put a user name or password in the URL/,
  },
  { kind: 'concurrency 0', run: (e) => setting(e, { concurrency: 0 }, 'concurrency'), expect: /at least 1/ },
  {
    kind: 'sheet name with a slash',
    run: (e) => setting(e, { sheetNames: { stock: 'Stock/Prices' } }, 'sheetNames.stock'),
    expect: /cannot contain/,
  },
  {
    kind: 'two sheets with the same name',
    run: (e) => setting(e, { sheetNames: { stock: 'Log', log: 'Log' } }, 'sheetNames'),
    expect: /same sheet name: Log/,
  },
  {
    kind: 'blank token',
    run: (e) => {
      const r = unwrap(e.call('saveToken', '   '));
      return { where: 'setting token', message: r.errors.token };
    },
    expect: /cannot be blank/,
  },
  {
    kind: 'token with spaces inside',
    run: (e) => {
      const r = unwrap(e.call('saveToken', 'abc def'));
      return { where: 'setting token', message: r.errors.token };
    },
    expect: /no spaces or line breaks/,
  },
  {
    kind: 'token the hub rejects',
    run: (e) => {
      const r = unwrap(e.call('saveToken', 'not-a-real-token'));
      return { where: 'setting token', message: r.errors.token };
    },
    expect: /The hub rejected this token/,
  },
  // The hub
  {
    kind: 'expired token',
    run: (e) => {
      e.adminSync('POST', '/__admin/tokens/expire', { token: e.token });
      try {
        return push(e, [H, row(skus[0], 1)], 2);
      } finally {
        e.adminSync('POST', '/__admin/tokens', { token: e.token });
      }
    },
    expect: /invalid or has expired\. Sign in again/,
  },
  {
    kind: 'hub answering HTML instead of JSON',
    run: (e) => {
      e.adminSync('POST', '/__admin/faults', { htmlRate: 1 });
      try {
        return push(e, [H, row(skus[0], 1)], 2);
      } finally {
        e.adminSync('DELETE', '/__admin/faults');
      }
    },
    expect: /web page instead of data\. Check the base URL/,
  },
];

describe('bad-input corpus: a specific message for each kind, nothing uncaught, no input cell changed', () => {
  const seen: Array<{ kind: string; where: string; message: string }> = [];
  const env = useHub(
    {
      runtime: {
        onDialog: (d) => {
          dialogs.push(d.message);
          return 'OK';
        },
      },
    },
    (env) => {
      skus = seedProducts(env, 60, ['amazon', 'walmart', 'mercadolibre']);
    },
  );
  afterAll(() => writeReliability('bad-input', { kinds: seen.length, cases: seen }));

  test('the corpus has at least 40 kinds', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CASES.map((c) => c.kind)).size).toBe(CASES.length);
  });

  test.each(CASES.map((c) => [c.kind, c] as const))('%s', (_kind, c) => {
    resetWorkbook(env);
    const outcome = c.run(env);
    expect(outcome.message).toMatch(c.expect);
    expect(env.rt.executions().at(-1)?.error ?? '').toBe('');
    seen.push({ kind: c.kind, ...outcome });
  });
});
