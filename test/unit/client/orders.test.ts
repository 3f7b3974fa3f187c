import { confirmationExamples, pullChannelChoices, pullRequest, pullSortChoices } from '../../../src/client/views/catalogue/text';
import {
  categoryChannelChoices,
  categoryHitText,
  checkKeyword,
  LOAD_CHANNELS,
  searchSummary,
} from '../../../src/client/views/categories/text';
import {
  checkFindId,
  formatMoney,
  foundItemText,
  foundOrderText,
  orderScheduleChoices,
  orderScheduleSelected,
  ordersStatusLines,
  ownedByOther,
  scheduleNote,
  type FoundOrder,
  type OrdersStatusView,
} from '../../../src/client/views/orders/text';
import { WRITE_CHANNELS } from '../../../src/api/channels';
import { PULL_SORTS } from '../../../src/core/pipeline/hub-reads/types';
import { allowedScheduleMinutes } from '../../../src/core/settings/order-settings';

const MIN = 60_000;
const NOW = Date.UTC(2024, 4, 1, 12, 0);

function view(over: Partial<OrdersStatusView> = {}): OrdersStatusView {
  return {
    scheduleMinutes: 0,
    scheduleOn: false,
    scheduleMine: false,
    scheduleOwner: '',
    allowedMinutes: [60, 120, 240, 360, 480, 720],
    deployment: 'addon',
    callsPerMinute: 1,
    lastRunAt: null,
    nextRunAt: null,
    nextCallAt: null,
    lastRunAdded: 0,
    lastRunUpdated: 0,
    totalAdded: 0,
    totalUpdated: 0,
    totalCalls: 0,
    backlog: false,
    windowStart: Date.UTC(2024, 3, 1),
    lastError: null,
    lastErrorAt: null,
    lastMessage: '',
    lastSweepAt: null,
    lastSweepFoundLate: 0,
    totalFoundLate: 0,
    sweepRunning: false,
    sweepDays: 7,
    runtime: {
      account: 'consumer',
      usedMinutes: 0,
      projectedMinutes: 0.6,
      budgetMinutes: 45,
      quotaMinutes: 90,
      byKind: { orders: 0, jobs: 0, push: 0, sales: 0, walk: 0 },
      runSeconds: 1.5,
      tooOften: [],
    },
    runtimeNote: null,
    ...over,
  };
}

const line = (v: OrdersStatusView, key: string): string | undefined => ordersStatusLines(v, NOW, 'utc').find((l) => l.key === key)?.text;

describe('order schedule choices', () => {
  it('offers off, then what the deployment allows (the server\u2019s own list)', () => {
    expect(orderScheduleChoices(view({ allowedMinutes: [...allowedScheduleMinutes('addon')] }))).toEqual([
      { value: 0, label: 'Off' },
      { value: 60, label: 'Every hour' },
      { value: 120, label: 'Every 2 hours' },
      { value: 240, label: 'Every 4 hours' },
      { value: 360, label: 'Every 6 hours' },
      { value: 480, label: 'Every 8 hours' },
      { value: 720, label: 'Every 12 hours' },
    ]);
    expect(orderScheduleChoices(view({ allowedMinutes: [...allowedScheduleMinutes('container')] })).map((c) => c.label)).toEqual([
      'Off',
      'Every minute',
      'Every 5 minutes',
      'Every 10 minutes',
      'Every 15 minutes',
      'Every 30 minutes',
      'Every hour',
    ]);
  });

  it('selects the saved interval; off when the schedule is not on; the next slower one when no longer allowed', () => {
    expect(orderScheduleSelected(view({ scheduleOn: true, scheduleMinutes: 120 }))).toBe(120);
    expect(orderScheduleSelected(view({ scheduleOn: false, scheduleMinutes: 120 }))).toBe(0);
    expect(orderScheduleSelected(view({ scheduleOn: true, scheduleMinutes: 5 }))).toBe(60);
    expect(orderScheduleSelected(view({ scheduleOn: true, scheduleMinutes: 5000 }))).toBe(720);
  });

  it('says who runs it, and that saving it here makes you the owner', () => {
    expect(scheduleNote(view())).toMatch(/^Off: .*makes you the owner/);
    expect(scheduleNote(view({ scheduleOn: true, scheduleMine: true, scheduleMinutes: 60, scheduleOwner: 'me@example.com' }))).toBe(
      'On, every hour, under your account.',
    );
    const other = view({ scheduleOn: true, scheduleMinutes: 120, scheduleOwner: 'ana@example.com' });
    expect(ownedByOther(other)).toBe(true);
    expect(scheduleNote(other)).toBe(
      'On, every 2 hours, run by ana@example.com. Saving a schedule here makes you the owner: it then runs under your account, not theirs.',
    );
    expect(scheduleNote({ ...other, scheduleOwner: 'another user' })).toMatch(
      /run by another user\. Saving a schedule here makes you the owner/,
    );
  });
});

describe('order import status lines', () => {
  it('shows a schedule that is off and has never run', () => {
    expect(ordersStatusLines(view(), NOW, 'utc').map((l) => `${l.label}: ${l.text}`)).toEqual([
      'Schedule: Off',
      'Last run: Never',
      'Next run: Not scheduled (the schedule is off)',
      'Next allowed call: Now (the hub allows 1 Get Orders call per minute)',
      'Last run imported: 0 new orders, 0 updated orders',
      'Imported in total: 0 new orders, 0 updated orders in 0 calls',
      'Backlog: None',
      'Daily check: Once a day, re-reads the orders of the last 7 days; not run yet',
      "Trigger runtime today: 0 min used, 0.6 min projected, of a 45 min budget (consumer account: Google's quota 90 min a day; a scheduled run about 1.5 s)",
    ]);
    expect(line(view({ lastSweepAt: NOW - 5 * MIN, lastSweepFoundLate: 2, totalFoundLate: 3 }), 'dailyCheck')).toBe(
      '2024-05-01 11:55 (5 min ago): 2 orders found late (3 orders in all)',
    );
    expect(line(view({ sweepRunning: true }), 'dailyCheck')).toBe('Under way: re-reading the orders of the last 7 days');
  });

  it('shows the last and next run, the next allowed call, counts and the backlog', () => {
    const v = view({
      scheduleOn: true,
      scheduleMine: true,
      scheduleMinutes: 60,
      lastRunAt: NOW - 5 * MIN,
      nextRunAt: NOW + 55 * MIN,
      nextCallAt: NOW + 40_000,
      lastRunAdded: 50,
      lastRunUpdated: 1,
      totalAdded: 1200,
      totalUpdated: 30,
      totalCalls: 25,
      backlog: true,
      lastMessage: '50 new orders, 1 updated order.',
    });
    expect(line(v, 'schedule')).toBe('Every hour, run by you');
    expect(line(v, 'lastRun')).toBe('2024-05-01 11:55 (5 min ago)');
    expect(line(v, 'nextRun')).toBe('About 2024-05-01 12:55 (in 55 min)');
    expect(line(v, 'nextCall')).toBe('2024-05-01 12:00 (in less than a minute); the hub allows 1 Get Orders call per minute');
    expect(line(v, 'lastRunCounts')).toBe('50 new orders, 1 updated order');
    expect(line(v, 'totals')).toBe('1,200 new orders, 30 updated orders in 25 calls');
    expect(line({ ...v, deployment: 'container' } as never, 'backlog')).toBe(
      'Yes: the next run goes on reading (new orders from 2024-04-01)',
    );
    expect(line({ ...v, deployment: 'addon' } as never, 'backlog')).toMatch(
      /hourly in the add-on: a run reads on at one call a minute for up to about 4 minutes \(about 250 orders\) while the trigger runtime budget allows/,
    );
    const slowed =
      'Order import slowed to every 2 hours until 00:00 UTC to stay within the trigger runtime budget (its schedule: every hour). …';
    expect(ordersStatusLines(view({ runtimeNote: slowed }), NOW, 'utc').find((l) => l.key === 'runtimeNote')).toEqual({
      key: 'runtimeNote',
      label: 'Slowed down',
      text: slowed,
      error: true,
    });
    expect(line(v, 'lastMessage')).toBe('50 new orders, 1 updated order.');
  });

  it('says a run that is due happens at the next trigger run, and names another owner', () => {
    const v = view({ scheduleOn: true, scheduleMinutes: 120, scheduleOwner: 'ana@example.com', nextRunAt: NOW, callsPerMinute: 0.5 });
    expect(line(v, 'schedule')).toBe('Every 2 hours, run by ana@example.com');
    expect(line(v, 'nextRun')).toBe('Due now: at the next trigger run (2024-05-01 12:00)');
    expect(line(v, 'nextCall')).toBe('Now (the hub allows 0.5 Get Orders calls per minute)');
  });

  it('shows the last error with its time, marked as an error; none when there is none', () => {
    const v = view({
      lastError: 'Order import: the hub answered 500. The import goes on from the same place at the next run.',
      lastErrorAt: NOW - 2 * 60 * MIN,
    });
    const error = ordersStatusLines(v, NOW, 'utc').find((l) => l.key === 'lastError');
    expect(error).toEqual({
      key: 'lastError',
      label: 'Last error',
      text: '2024-05-01 10:00 (2 h ago): Order import: the hub answered 500. The import goes on from the same place at the next run.',
      error: true,
    });
    expect(line(view(), 'lastError')).toBeUndefined();
  });

  it('keeps text from the server literal', () => {
    const evil = '<img src=x onerror=alert(1)>';
    expect(line(view({ lastError: evil, lastMessage: '=HYPERLINK("x")' }), 'lastError')).toBe(evil);
    expect(line(view({ lastMessage: '=HYPERLINK("x")' }), 'lastMessage')).toBe('=HYPERLINK("x")');
  });
});

function order(over: Partial<FoundOrder> = {}): FoundOrder {
  return {
    orderId: 1000123,
    externalId: '2000-555',
    cartId: null,
    channel: 'mercadolibre',
    status: 'SHIPPED',
    orderStatus: 'shipped',
    created: '2024-05-01T14:03:00.000Z',
    modified: '2024-05-02T10:00:00.000Z',
    total: 1234.5,
    currency: 'MXN',
    title: 'Taza',
    itemsQuantity: 2,
    comments: null,
    externalNumber: null,
    row: null,
    items: [{ sku: 'TAZA-1', title: 'Taza roja', quantity: 2, price: 617.25, total: 1234.5, variation: 'Rojo' }],
    ...over,
  };
}

describe('found orders', () => {
  it('formats money with two decimals and the currency', () => {
    expect(formatMoney(1234.5, 'MXN')).toBe('1,234.50 MXN');
    expect(formatMoney(0, null)).toBe('0.00');
    expect(formatMoney(null, 'MXN')).toBe('');
  });

  it('shows id, external id, channel, status, total, created and items', () => {
    expect(foundOrderText(order(), 'utc')).toEqual({
      title: 'Order 1000123 \u00b7 external id 2000-555',
      summary: 'mercadolibre \u00b7 SHIPPED (channel: shipped) \u00b7 1,234.50 MXN',
      details: 'Created 2024-05-01 14:03',
      items: ['2 \u00d7 TAZA-1 \u00b7 Taza roja (Rojo) \u00b7 1,234.50 MXN'],
    });
  });

  it('shows the cart and the sheet row when there are; missing values plainly', () => {
    const text = foundOrderText(order({ cartId: 'C-9', row: 7, status: null, orderStatus: 'paid', total: null, items: [] }), 'utc');
    expect(text.summary).toBe('mercadolibre \u00b7 paid \u00b7 no total given');
    expect(text.details).toBe('Created 2024-05-01 14:03 \u00b7 cart C-9 \u00b7 row 7 of the sheet');
    expect(text.items).toEqual(['No items listed.']);
    expect(foundItemText({ sku: null, title: null, quantity: null, price: null, total: null, variation: null }, null)).toBe(
      '? \u00d7 (no SKU)',
    );
    expect(foundItemText({ sku: 'A', title: null, quantity: 3, price: 2, total: null, variation: null }, 'USD')).toBe(
      '3 \u00d7 A \u00b7 6.00 USD',
    );
  });

  it('keeps the hub\u2019s text literal', () => {
    const evil = '<b onmouseover=alert(1)>x</b>';
    const text = foundOrderText(
      order({
        externalId: evil,
        channel: '=CMD()',
        items: [{ sku: evil, title: null, quantity: 1, price: null, total: null, variation: null }],
      }),
      'utc',
    );
    expect(text.title).toContain(evil);
    expect(text.summary.startsWith('=CMD()')).toBe(true);
    expect(text.items[0]).toContain(evil);
  });

  it('asks for an id before calling the server', () => {
    expect(checkFindId('  ')).toMatch(/external id/);
    expect(checkFindId(' 2000-555 ')).toBeNull();
  });
});

describe('catalogue choices', () => {
  it('offers all channels (blank) and every channel the hub writes', () => {
    const choices = pullChannelChoices();
    expect(choices[0]).toEqual({ value: '', label: 'All channels' });
    expect(choices.slice(1).map((c) => c.value)).toEqual([...WRITE_CHANNELS]);
  });

  it('offers no sort, A\u2192Z and Z\u2192A (the server\u2019s sort codes)', () => {
    expect(pullSortChoices().map((c) => c.value)).toEqual(['', ...PULL_SORTS]);
    expect(pullSortChoices().map((c) => c.label)).toEqual(['None (the hub\u2019s order)', 'SKU A\u2192Z', 'SKU Z\u2192A']);
  });

  it('builds pullCatalogue\u2019s options, leaving out blanks', () => {
    expect(pullRequest('', '', false)).toEqual({});
    expect(pullRequest(' amazon ', 'alph_desc', false)).toEqual({ channel: 'amazon', sort: 'alph_desc' });
    expect(pullRequest('amazon', 'sideways', true)).toEqual({ channel: 'amazon', overwriteEdits: true });
  });

  it('shows the confirmation\u2019s examples (a few)', () => {
    expect(confirmationExamples({ examples: ['row 2 (A): Price', 'row 3 (B): Quantity'] })).toEqual([
      'row 2 (A): Price',
      'row 3 (B): Quantity',
    ]);
    expect(confirmationExamples({ examples: ['1', '2', '3', '4', '5', '6'] })).toHaveLength(5);
  });
});

describe('categories texts', () => {
  it('lists the channels that load first', () => {
    const values = categoryChannelChoices().map((c) => c.value);
    expect(values.slice(0, 2)).toEqual([...LOAD_CHANNELS]);
    expect([...values].sort()).toEqual([...WRITE_CHANNELS].sort());
  });

  it('checks the keyword like the server', () => {
    expect(checkKeyword(' t ')).toMatch(/two letters/);
    expect(checkKeyword('ta')).toBeNull();
  });

  it('shows a hit\u2019s name and its path with the id', () => {
    expect(
      categoryHitText({ id: 'MLM1111', name: 'Tazas y Jarros', path: 'Hogar > Cocina > Tazas y Jarros', channel: 'mercadolibre' }),
    ).toEqual({ name: 'Tazas y Jarros', path: 'Hogar > Cocina > Tazas y Jarros \u00b7 id MLM1111' });
    expect(categoryHitText({ id: '7', name: 'Root', path: '', channel: 'magento' }).path).toBe('Root \u00b7 id 7');
  });

  it('sums up a search', () => {
    expect(searchSummary(0, 'zzz', 'amazon')).toMatch(/^No category of amazon matches/);
    expect(searchSummary(1, 'taza', 'mercadolibre')).toMatch(/^1 category of mercadolibre matches \u201ctaza\u201d\. Pick one/);
    expect(searchSummary(12, 'taza', 'mercadolibre')).toMatch(/^12 categories of mercadolibre match/);
  });
});
