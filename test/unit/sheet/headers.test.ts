import {
  RESULT_HEADERS,
  catalogueHeader,
  channelStatusHeader,
  classifyHeader,
  columnLetter,
  findMissingColumns,
  mapHeaders,
  perChannelHeader,
} from '../../../src/sheet';

describe('header aliases', () => {
  it.each([
    ['SKU', 'sku'],
    ['sku', 'sku'],
    ['  Sku  ', 'sku'],
    ['SKU:', 'sku'],
    ['SKU :', 'sku'],
    ['S\u200BKU', 'sku'],
    ['\uFEFFSKU', 'sku'],
    ['Quantity', 'quantity'],
    ['QTY', 'quantity'],
    ['Stock', 'quantity'],
    ['Cantidad', 'quantity'],
    ['Price', 'price'],
    ['precio', 'price'],
    ['Sale price', 'salePrice'],
    ['SALE  PRICE', 'salePrice'],
    ['Sale\u00A0price', 'salePrice'],
    ['saleprice', 'salePrice'],
    ['Precio oferta', 'salePrice'],
    ['Offer price', 'salePrice'],
    ['Publishing price', 'publishingPrice'],
    ['Precio publicación', 'publishingPrice'],
    ['Precio publicacion', 'publishingPrice'],
    ['Precio publicacio\u0301n', 'publishingPrice'],
    ['Channel', 'channel'],
    ['Canal', 'channel'],
    ['ERP id', 'erpId'],
    ['Internal id', 'erpId'],
    ['ERP', 'erpId'],
    ['Id ERP', 'erpId'],
    ['erp_id', 'erpId'],
    ['Available days', 'availableDays'],
    ['Días disponibles', 'availableDays'],
    ['Dias disponibles', 'availableDays'],
  ])('%j is the %s column', (header, field) => {
    expect(classifyHeader(header)).toEqual({ kind: 'input', field });
  });

  it('finds columns in any order', () => {
    const { columns, problems } = mapHeaders(['Notes', 'Precio', 'Cantidad', 'sku', 'Canal']);
    expect(problems).toEqual([]);
    expect(columns.input).toEqual({ price: 1, quantity: 2, sku: 3, channel: 4 });
    expect(columns.userColumns).toEqual([0]);
    expect(columns.width).toBe(5);
  });

  it('reads per-channel columns, canonicalising the channel (meli is mercadolibre)', () => {
    const { columns, problems } = mapHeaders([
      'SKU',
      'Price [mercadolibre]',
      'Quantity [amazon]',
      'Sale price [walmart]',
      'Available days [meli]',
      'precio [ Amazon ]',
      'Qty [Mercado Libre]',
    ]);
    expect(problems).toEqual([]);
    expect(columns.perChannel).toEqual({
      mercadolibre: { price: 1, availableDays: 4, quantity: 6 },
      amazon: { quantity: 2, price: 5 },
      walmart: { salePrice: 3 },
    });
  });

  it('takes an alias map for channels', () => {
    const { columns } = mapHeaders(['SKU', 'Price [az]'], { channelAliases: { az: 'amazon' } });
    expect(columns.perChannel).toEqual({ amazon: { price: 1 } });
  });

  it('recognises add-on result and catalogue columns, and never takes them as inputs', () => {
    const { columns, problems } = mapHeaders([
      'SKU',
      'Sync status',
      'sync message',
      'Job ID',
      'Synced at',
      'Status [meli]',
      'Listing status [amazon]',
      'External id [amazon]',
      'Permalink [walmart]',
      'Title',
      'In hub',
    ]);
    expect(problems).toEqual([]);
    expect(columns.result).toEqual({ status: 1, message: 2, jobId: 3, syncedAt: 4 });
    expect(columns.channelStatus).toEqual({ mercadolibre: 5 });
    expect(columns.catalogue).toEqual({ amazon: { listingStatus: 6, externalId: 7 }, walmart: { permalink: 8 } });
    expect(columns.catalogueGeneral).toEqual({ title: 9, inHub: 10 });
    expect(columns.input).toEqual({ sku: 0 });
    expect(columns.userColumns).toEqual([]);
  });

  it('keeps user columns, including empty headers, bracketed words it does not know and non-text headers', () => {
    const { columns, problems } = mapHeaders(['SKU', '', 'Notes [draft]', 42, true, 'Cost']);
    expect(problems).toEqual([]);
    expect(columns.userColumns).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('header problems', () => {
  it('reports a missing SKU column with the headers found', () => {
    const { problems } = mapHeaders(['Product', 'Qty', 'Price']);
    expect(problems.map((p) => p.message)).toEqual(['No SKU column: add a header named SKU in row 1 (found: Product, Qty, Price)']);
  });

  it('reports an empty header row', () => {
    expect(mapHeaders([]).problems[0].message).toBe('No SKU column: add a header named SKU in row 1 (found: no headers)');
  });

  it('reports the same column twice, naming both letters', () => {
    const { problems } = mapHeaders(['SKU', 'Price', 'Name', 'Precio']);
    expect(problems).toHaveLength(1);
    expect(problems[0].columns).toEqual([1, 3]);
    expect(problems[0].message).toContain('columns B and D');
  });

  it('reports two aliases of one field (Qty and Stock)', () => {
    const { problems, columns } = mapHeaders(['Qty', 'SKU', 'Stock']);
    expect(problems[0].message).toContain('columns A and C');
    expect(columns.input.quantity).toBe(0);
  });

  it('reports the same per-channel column under two channel spellings', () => {
    const { problems } = mapHeaders(['SKU', 'Price [meli]', 'Price [mercadolibre]']);
    expect(problems[0].message).toContain('columns B and C');
  });

  it.each([
    ['Price []', 'names no channel'],
    ['Price [ama zon', 'is not a per-channel header'],
    ['Price [[amazon]]', 'is not a per-channel header'],
    ['Price [amazon', 'is not a per-channel header'],
    ['Price [ama zon]', 'malformed channel'],
    ['Quantity [amazn]', "'amazn', which is not a channel the hub knows"],
  ])('reports the malformed per-channel header %j', (header, text) => {
    const { problems, columns } = mapHeaders(['SKU', header]);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain(`'${header}' (column B)`);
    expect(problems[0].message).toContain(text);
    expect(columns.perChannel).toEqual({});
  });

  it('accepts a per-channel header for a channel passed in as known', () => {
    expect(mapHeaders(['SKU', 'Price [elektra]'], { knownChannels: ['elektra'] }).problems).toEqual([]);
  });
});

describe('header text for writers', () => {
  it('has one spelling per add-on column', () => {
    expect(RESULT_HEADERS).toEqual({ status: 'Sync status', message: 'Sync message', jobId: 'Job id', syncedAt: 'Synced at' });
    expect(channelStatusHeader('amazon')).toBe('Status [amazon]');
    expect(perChannelHeader('price', 'amazon')).toBe('Price [amazon]');
    expect(perChannelHeader('salePrice', 'walmart')).toBe('Sale price [walmart]');
    expect(catalogueHeader('externalId', 'amazon')).toBe('External id [amazon]');
  });

  it('reads back what it writes', () => {
    expect(classifyHeader(channelStatusHeader('amazon'))).toEqual({ kind: 'channelStatus', channel: 'amazon' });
    expect(classifyHeader(perChannelHeader('availableDays', 'mercadolibre'))).toEqual({
      kind: 'perChannel',
      field: 'availableDays',
      channel: 'mercadolibre',
    });
  });

  it('names columns by letter', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

describe('findMissingColumns', () => {
  it('lists missing add-on columns and appends them after the used width', () => {
    const header = ['SKU', 'Qty', 'sync status', '', 'Status [meli]', ''];
    const result = findMissingColumns(header, ['Sync status', 'Sync message', 'Status [mercadolibre]', 'Status [amazon]', 'Synced at']);
    expect(result.present).toEqual({ 'Sync status': 2, 'Status [mercadolibre]': 4 });
    expect(result.missing).toEqual([
      { header: 'Sync message', column: 6 },
      { header: 'Status [amazon]', column: 7 },
      { header: 'Synced at', column: 8 },
    ]);
  });

  it('asks for a column once even when named twice', () => {
    expect(findMissingColumns(['SKU'], ['Job id', 'Job id']).missing).toEqual([{ header: 'Job id', column: 1 }]);
  });

  it('finds plain-text columns by their header too', () => {
    expect(findMissingColumns(['SKU', 'title'], ['Title']).missing).toEqual([]);
  });

  it('exact: names a column by its own words only, not by what the words mean on the stock sheet', () => {
    const header = ['Qty', 'Canal', 'Status [meli]', 'quantity'];
    expect(findMissingColumns(header, ['Quantity', 'Channel', 'Status [mercadolibre]'], { exact: true })).toEqual({
      present: { Quantity: 3 },
      missing: [
        { header: 'Channel', column: 4 },
        { header: 'Status [mercadolibre]', column: 5 },
      ],
    });
    expect(findMissingColumns(header, ['Quantity', 'Channel']).present).toEqual({ Quantity: 0, Channel: 1 });
  });
});
