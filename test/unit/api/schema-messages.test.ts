/**
 * The texts users read from schema issues: settings fields, "… was not sent: path: message",
 * malformed answers, order rows. The expected texts were taken from the classic `zod` build
 * before the move to zod/mini (issue 16): the smaller bundle must say exactly the same.
 */
import type * as z from 'zod/mini';
import { HubClient } from '../../../src/api/client';
import { readOrderRecord } from '../../../src/api/order-records';
import { AsyncResult, ChannelDataInput, ErpPriceResult, StockItem } from '../../../src/api/schemas/stock';
import { OrderCreate, OrderUpdate } from '../../../src/api/schemas/orders';
import { CategoryCreate } from '../../../src/api/schemas/categories';
import { StoredToken } from '../../../src/core/settings/token';
import { Settings } from '../../../src/core/kernel/settings-schema';
import { ColumnMapping } from '../../../src/sheet/mapping/schema';
import { validateSettings } from '../../../src/core/settings/validate';
import { FakeClock, FakeTransport } from '../../support/transport';

/** Each issue as `path: message`, as the client and the sidebar show them. */
function issues(schema: z.ZodMiniType, input: unknown): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('schema issues read as before the move to zod/mini', () => {
  test.each<[string, z.ZodMiniType, unknown, string[]]>([
    [
      'a stock item',
      StockItem,
      { sku: '', quantity: 'x' },
      ['sku: Too small: expected string to have >=1 characters', 'quantity: Invalid input: expected number, received string'],
    ],
    [
      'a whole number',
      ChannelDataInput,
      { channel: 'a', availableDays: 1.5 },
      ['availableDays: Invalid input: expected int, received number'],
    ],
    [
      'an order to create',
      OrderCreate,
      { channel: 'a', externalId: 'e', currency: 'MXNN', items: [{ sku: 'A', title: '', price: -1, itemQuantity: 1.5 }] },
      [
        'currency: Too big: expected string to have <=3 characters',
        'items.0.title: Too small: expected string to have >=1 characters',
        'items.0.price: Too small: expected number to be >=0',
        'items.0.itemQuantity: Invalid input: expected int, received number',
      ],
    ],
    [
      'an order status',
      OrderUpdate,
      { internalStatus: 'NOPE' },
      ['internalStatus: Invalid option: expected one of "CREATED"|"SHIPPED"|"CANCELED"|"RETURNED"|"DELIVERED"'],
    ],
    [
      'a category',
      CategoryCreate,
      { Title: '', CategorySource: 'x', CategorySourceId: 1.5, CategorySourceParent: 5 },
      [
        'Title: Too small: expected string to have >=1 characters',
        'CategorySourceId: Invalid input: expected int, received number',
        'CategorySourceParent: Invalid input: expected string, received number',
        'CategorySourceParentId: Invalid input: expected number, received undefined',
      ],
    ],
    [
      'a stored token',
      StoredToken,
      { token: '', expiresAt: 'x', source: 'x' },
      [
        'token: Too small: expected string to have >=1 characters',
        'expiresAt: Invalid input: expected number, received string',
        'source: Invalid option: expected one of "pasted"|"login"',
        'savedAt: Invalid input: expected number, received undefined',
      ],
    ],
    [
      'a column mapping',
      ColumnMapping,
      {
        version: 2,
        preset: 'x'.repeat(41),
        entries: [{ field: 'nope', channel: 'A B', header: '' }],
        skip: [{ header: 'h', when: [], reason: '' }],
      },
      [
        'version: Invalid input: expected 1',
        'preset: Too big: expected string to have <=40 characters',
        'entries.0.field: Invalid option: expected one of "sku"|"quantity"|"price"|"salePrice"|"publishingPrice"|"channel"|"erpId"|"availableDays"|"saleStart"|"saleEnd"|"compareAtPrice"',
        'entries.0.channel: a channel code such as amazon',
        'entries.0.header: Too small: expected string to have >=1 characters',
        'skip.0.when: Too small: expected array to have >=1 items',
        'skip.0.reason: Too small: expected string to have >=1 characters',
      ],
    ],
  ])('%s', (_what, schema, input, expected) => {
    expect(issues(schema, input)).toEqual(expected);
  });

  test("settings: our own messages where we wrote them, zod's English elsewhere, every field named", () => {
    const input = {
      concurrency: 0,
      logMaxRows: 5,
      chunkRows: 1.5,
      decimalSeparator: ';',
      sheetNames: { stock: ' ', jobs: 'a/b', orders: 'x'.repeat(101) },
      plainChannels: ['*', 'amazon', ' '],
      orders: { backfillDays: 0, sweepDays: 61, callsPerMinute: 0, scheduleMinutes: -1, removedLines: 'x' },
      jobs: { dailyRequestBudget: 'x', deadlineHours: 1.5 },
      resultColumns: 'x',
      channelAliases: { a: 1 },
    };
    expect(issues(Settings, input)).toEqual([
      'sheetNames.stock: A sheet name cannot be empty.',
      'sheetNames.jobs: A sheet name cannot contain [ ] * ? : \\ or /.',
      'sheetNames.orders: A sheet name has at most 100 characters.',
      'concurrency: Concurrency is at least 1.',
      'decimalSeparator: Invalid option: expected one of "auto"|"."|","',
      'channelAliases.a: Invalid input: expected string, received number',
      'plainChannels.2: A channel code cannot be empty.',
      'plainChannels: * (every channel) stands alone: remove the other channels, or remove *.',
      'logMaxRows: Too small: expected number to be >=50',
      'chunkRows: Invalid input: expected int, received number',
      'resultColumns: Invalid option: expected one of "end"|"afterInputs"',
      'orders.scheduleMinutes: Too small: expected number to be >=0',
      'orders.backfillDays: Backfill is at least 1 day.',
      'orders.callsPerMinute: Too small: expected number to be >=0.01',
      'orders.sweepDays: The daily check reads at most 60 days.',
      'orders.removedLines: Invalid option: expected one of "delete"|"mark"',
      'jobs.dailyRequestBudget: Enter the number of requests a day for polling async jobs (10 to 100,000).',
      'jobs.deadlineHours: Enter a whole number of hours (1 to 168).',
    ]);
    expect(issues(Settings, { jobs: { dailyRequestBudget: 5.5, deadlineHours: 200 } })).toEqual([
      'jobs.dailyRequestBudget: Enter a whole number of requests (10 to 100,000).',
      'jobs.deadlineHours: Wait at most 168 hours (a week) for an async job.',
    ]);
  });

  test('settings as the sidebar shows them, one message per field', () => {
    const { settings, errors } = validateSettings(
      {
        concurrency: 99,
        logMaxRows: 'many',
        orders: { backfillDays: 0 },
        jobs: { dailyRequestBudget: 'x' },
        sheetNames: { stock: 'a*' },
        plainChannels: ['*', 'x'],
      },
      Settings.parse({}),
    );
    expect(settings).toBeNull();
    expect(errors).toEqual({
      'sheetNames.stock': 'A sheet name cannot contain [ ] * ? : \\ or /.',
      concurrency: 'Concurrency is at most 30.',
      logMaxRows: 'Not a valid value (Invalid input: expected number, received string).',
      plainChannels: '* (every channel) stands alone: remove the other channels, or remove *.',
      'orders.backfillDays': 'Backfill is at least 1 day.',
      'jobs.dailyRequestBudget': 'Enter the number of requests a day for polling async jobs (10 to 100,000).',
    });
  });

  test('defaults, trimming and transforms still apply', () => {
    const defaults = Settings.parse({});
    expect(defaults).toMatchObject({
      concurrency: 8,
      chunkRows: 2400,
      orders: { backfillDays: 30, removedLines: 'delete' },
      jobs: { dailyRequestBudget: 2000, deadlineHours: 24 },
    });
    expect(Settings.parse({ sheetNames: { stock: '  Stock  ' }, plainChannels: [' Amazon '] })).toMatchObject({
      sheetNames: { stock: 'Stock', jobs: 'Jobs' },
      plainChannels: ['amazon'],
    });
    expect(AsyncResult.parse({ status: 'ok', jobId: 17 })).toEqual({ status: 'ok', msg: '', jobId: '17' });
    expect(ErpPriceResult.parse([{ E1: { status: 'ok', sites: 3, extra: true } }])).toEqual([
      { E1: { status: 'ok', sites: '', msg: '', extra: true } },
    ]);
    expect(ColumnMapping.parse({ version: 1, preset: null, entries: [] })).toEqual({ version: 1, preset: null, entries: [], skip: [] });
  });

  test('an order record names each field it could not read, with what was expected', () => {
    const raw = {
      orderId: 1,
      channel: 5,
      dateAdded: 'x',
      dateCreated: '2024-01-01T00:00:00',
      dateModified: 7,
      externalId: 12,
      total: 'abc',
      currency: 1,
      items: [{ sku: 5, itemQuantity: '2', price: null }, 3],
    };
    expect(readOrderRecord(raw).problems).toEqual([
      'channel = 5 (expected a string)',
      'dateModified = 7 (expected a string)',
      'externalId = 12 (expected a string)',
      'total = "abc" (expected a number)',
      'currency = 1 (expected a string)',
      'dateAdded = "x" (expected a date)',
      'items[0].itemQuantity = "2" (expected a number)',
      'items[0].sku = 5 (expected a string)',
      'items[1] = 3 (expected an order line)',
    ]);
  });

  test("the client's errors: input refused before sending, and an answer of the wrong shape", () => {
    const transport = new FakeTransport(() => ({ status: 200, body: [{ sku: 'A', status: 7, sites: '', msg: '' }] }));
    const c = new HubClient({
      baseUrl: 'https://hub.example.com/',
      token: 'secret-token-123',
      transport,
      clock: new FakeClock(),
      random: () => 0.5,
    });
    const created = c.createOrder({ channel: 'meli', externalId: 'X', currency: 'MX', items: [] });
    expect(created.ok ? '' : created.error.message).toBe(
      'Create Order was not sent: currency: Too small: expected string to have >=3 characters.',
    );
    const [batch] = c.updateStock([{ sku: 'A', quantity: 1 }]);
    expect(batch.outcome.ok ? '' : batch.outcome.error.message).toContain('0.status: Invalid input: expected string, received number');
    // The refused order never left; the malformed answers were to Update Stock (retried, then given up).
    expect(transport.requests.map((r) => r.url.replace(/^.*\/api\//, ''))).toEqual(transport.requests.map(() => 'stock/updatestock'));
  });
});
