import { formatAliasLines, parseAliasLines } from '../../../src/client/views/settings/aliases';
import { fitSchedule, scheduleChoices, scheduleLabel } from '../../../src/client/schedules';
import {
  ALL_FIELDS,
  errorId,
  fieldId,
  formToSettings,
  routeErrors,
  SERVER_MANAGED_PATHS,
  settingsToForm,
  SHEET_ROLES,
} from '../../../src/client/views/settings/fields';
import { DEFAULT_SHEET_NAMES, Settings } from '../../../src/core/kernel/settings-schema';
import { validateSettings } from '../../../src/core/settings/validate';

const defaults = (): Settings => Settings.parse({});

describe('parseAliasLines', () => {
  it('reads read=written lines, lower-cased, skipping blanks and comments', () => {
    expect(parseAliasLines('ML = MercadoLibre\n\n# a note\r\nwm=walmart\n')).toEqual({
      ok: true,
      aliases: { ml: 'mercadolibre', wm: 'walmart' },
    });
    expect(parseAliasLines('')).toEqual({ ok: true, aliases: {} });
  });

  it('names the line of the first problem', () => {
    expect(parseAliasLines('a=b\nmercadolibre')).toEqual({ ok: false, error: expect.stringMatching(/^Line 2 .*read=written/) });
    expect(parseAliasLines('=walmart')).toEqual({ ok: false, error: expect.stringMatching(/^Line 1 .*both sides/) });
    expect(parseAliasLines('a b=c')).toEqual({ ok: false, error: expect.stringMatching(/no spaces/) });
    expect(parseAliasLines('a=b=c')).toEqual({ ok: false, error: expect.stringMatching(/one = per line/) });
    expect(parseAliasLines('a=b\na=c')).toEqual({ ok: false, error: expect.stringMatching(/already maps to b/) });
  });

  it('round-trips through the text area', () => {
    const aliases = { wm: 'walmart', ml: 'mercadolibre' };
    expect(formatAliasLines(aliases)).toBe('ml=mercadolibre\nwm=walmart');
    expect(parseAliasLines(formatAliasLines(aliases))).toEqual({ ok: true, aliases });
  });
});

describe('schedules', () => {
  it('offers off plus the deployment\u2019s choices', () => {
    expect(scheduleChoices('addon')).toEqual([0, 60, 120, 240, 360, 480, 720]);
    expect(scheduleChoices('container')).toEqual([0, 1, 5, 10, 15, 30, 60]);
  });

  it('keeps an allowed value, else takes the next slower one, else the slowest', () => {
    expect(fitSchedule('addon', 120)).toBe(120);
    expect(fitSchedule('addon', 0)).toBe(0);
    expect(fitSchedule('addon', 5)).toBe(60);
    expect(fitSchedule('container', 120)).toBe(60);
    expect(fitSchedule('container', 7)).toBe(10);
  });

  it('labels the choices', () => {
    expect([0, 1, 5, 60, 120].map(scheduleLabel)).toEqual(['Off', 'Every minute', 'Every 5 minutes', 'Every hour', 'Every 2 hours']);
  });
});

describe('settings form', () => {
  it('has a field for every setting the seller edits (leaf path of the schema)', () => {
    const leaves = (o: Record<string, unknown>, prefix = ''): string[] =>
      Object.keys(o).flatMap((k) => {
        const v = o[k];
        const path = prefix ? `${prefix}.${k}` : k;
        return v && typeof v === 'object' && !Array.isArray(v) && k !== 'channelAliases'
          ? leaves(v as Record<string, unknown>, path)
          : [path];
      });
    const managed: readonly string[] = SERVER_MANAGED_PATHS;
    // The list of guard rails that need an approval is one choice per guard rail.
    const perGuard = ALL_FIELDS.filter((f) => f.path.startsWith('guards.approve.')).map((f) => f.path);
    expect(perGuard.sort()).toEqual(['guards.approve.price', 'guards.approve.rows', 'guards.approve.zeroStock']);
    const fieldPaths = [...new Set(ALL_FIELDS.map((f) => (f.path.startsWith('guards.approve.') ? 'guards.approve' : f.path)))];
    expect(fieldPaths.sort()).toEqual(
      leaves(defaults())
        .filter((p) => !managed.includes(p))
        .sort(),
    );
    expect(SHEET_ROLES.map((r) => r.role)).toEqual(Object.keys(DEFAULT_SHEET_NAMES));
  });

  it('derives stable element ids from field paths', () => {
    expect(fieldId('baseUrl')).toBe('settings-baseUrl');
    expect(errorId('baseUrl')).toBe('settings-baseUrl-error');
    expect(fieldId('orders.backfillDays')).toBe('settings-orders-backfillDays');
    expect(errorId('sheetNames.stock')).toBe('settings-sheetNames-stock-error');
  });

  it('round-trips settings through the form, and the server accepts the result', () => {
    const s: Settings = {
      ...defaults(),
      baseUrl: 'https://hub.example.com',
      channelAliases: { ml: 'mercadolibre' },
      deployment: 'container',
    };
    s.orders = { ...s.orders, scheduleMinutes: 5, callsPerMinute: 0.5, channel: 'amazon' };
    s.guards = { ...s.guards, rows: 200, approve: ['price', 'rows'] };
    s.approvals = { hours: 48 };
    const { input, errors } = formToSettings(settingsToForm(s), s);
    expect(errors).toEqual({});
    expect(input).toEqual(s);
    expect(validateSettings(input, defaults())).toEqual({ settings: s, errors: {} });
  });

  it('sends back what the form does not edit (server-managed settings) unchanged', () => {
    const s = defaults() as Settings & { orders: Record<string, unknown> };
    (s.orders as Record<string, unknown>).scheduleOwner = 'user-key-1';
    const { input } = formToSettings({ ...settingsToForm(s), 'orders.channel': 'amazon' }, s);
    expect((input.orders as Record<string, unknown>).scheduleOwner).toBe('user-key-1');
    expect(input.orders.channel).toBe('amazon');
  });

  it('checks the base URL with the server\u2019s own rules, and allows it blank', () => {
    const values = settingsToForm(defaults());
    expect(formToSettings({ ...values, baseUrl: 'http://hub.example.com' }, defaults()).errors.baseUrl).toMatch(/^Use https:\/\//);
    expect(formToSettings({ ...values, baseUrl: 'http://localhost:8080' }, defaults()).errors).toEqual({});
    expect(formToSettings({ ...values, baseUrl: '  ' }, defaults()).errors).toEqual({});
  });

  it('catches blank names, duplicate names, bad numbers and bad alias lines before the server', () => {
    const values = settingsToForm(defaults());
    const { errors } = formToSettings(
      {
        ...values,
        'sheetNames.stock': ' ',
        'sheetNames.orders': 'Jobs',
        concurrency: '31',
        chunkRows: '1,000',
        'orders.backfillDays': '2.5',
        'orders.callsPerMinute': '0,5',
        channelAliases: 'oops',
      },
      defaults(),
    );
    expect(errors).toEqual({
      'sheetNames.stock': 'A sheet name cannot be empty.',
      sheetNames: 'Two roles use the same sheet name: Jobs.',
      concurrency: 'Enter a number from 1 to 30.',
      chunkRows: 'Enter a number from 10 to 5000.',
      'orders.backfillDays': 'Enter a whole number from 1 to 365.',
      channelAliases: expect.stringMatching(/^Line 1/),
    });
  });

  it('routes errors to fields, groups, nearest fields, or the general message', () => {
    expect(
      routeErrors({
        baseUrl: 'bad url',
        'sheetNames.log': 'bad name',
        sheetNames: 'dupes',
        'channelAliases.meli': 'bad alias',
        orders: 'bad orders',
        '': 'odd',
        mystery: 'what',
      }),
    ).toEqual({
      fields: { baseUrl: 'bad url', 'sheetNames.log': 'bad name', sheetNames: 'dupes', channelAliases: 'bad alias' },
      general: ['orders: bad orders', 'odd', 'mystery: what'],
    });
  });
});
