import * as z from 'zod/mini';
import './schemas/messages';
import { MAX_ITEMS_PER_REQUEST, ENDPOINTS, type EndpointName } from './endpoints';
import { HubError } from './errors';
import { readDeprecation, type Deprecation } from './deprecation';
import { buildQuery, encodePathSegment, formatHubDate } from './query';
import { packDistinct } from './packing';
import { holdsSecret, redactSecrets } from './redact';
import { OrdersPageEnvelope, readOrderRecord, type OrderRecord } from './order-records';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { MalformedAnswer, emptyStats, runCalls, type Call, type CallStats, type Outcome } from './call-runner';
import * as S from './schemas';
import type { Clock, HttpRequest, HttpResponse, Transport } from './transport';

export interface HubClientOptions {
  /** e.g. https://api.example.com (no trailing slash needed). */
  baseUrl: string;
  /** The bearer token; null only for login. */
  token: string | null;
  transport: Transport;
  clock: Clock;
  /** Requests in flight at once (one fetchAll round). */
  concurrency?: number;
  retry?: Partial<RetryPolicy>;
  random?: () => number;
}

/** The items of one request and what became of it. */
export interface BatchOutcome<I, R> {
  items: I[];
  outcome: Outcome<R>;
}

/** Get Orders query (hub-api §4.16 and the notes). Dates are epoch milliseconds. */
export interface OrdersQuery {
  channel?: string;
  from?: number;
  to?: number;
  searchDateBy?: 'added' | 'created' | 'modified';
  status?: string;
  sort?: S.OrderSort;
  offset?: number;
  paging?: number;
  isGrouped?: boolean;
}

/** A Get Orders page whose records were read one by one. */
export type OrdersPageRead = Pick<z.infer<typeof OrdersPageEnvelope>, 'paging' | 'offset' | 'total' | 'sort'> & { records: OrderRecord[] };

/** A label file as the hub sends it. */
export interface LabelFile {
  mimeType: string;
  bytes: number[];
}

/** The answer with every secret cut out of its text (redact.ts): nothing a hub echoes gets further. */
function redactedResponse(res: HttpResponse, token: string | null): HttpResponse {
  // Headers too: a Link or Location header may carry a token into a message.
  const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, redactSecrets(v, token)]));
  return { ...res, headers, text: () => redactSecrets(res.text(), token) };
}

/** Checks input against its schema before anything is sent; a mismatch is an invalid-input HubError. */
function validated<T>(endpoint: EndpointName, schema: z.ZodMiniType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new HubError({
    kind: 'invalid-input',
    status: null,
    endpoint,
    message: `${ENDPOINTS[endpoint].title} was not sent: ${firstIssue(parsed.error)}.`,
  });
}

function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'unexpected shape';
}

/** A parser that reads JSON and checks it against the schema; unknown fields are kept. */
export function jsonParser<T>(schema: z.ZodMiniType<T>): (res: HttpResponse) => T {
  return (res) => {
    let data: unknown;
    try {
      data = JSON.parse(res.text());
    } catch {
      throw new MalformedAnswer('not JSON');
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new MalformedAnswer(firstIssue(parsed.error));
    return parsed.data;
  };
}

/**
 * A typed client with one method per hub endpoint. Synchronous (Apps Script has no promises
 * that wait on I/O); the Transport decides how requests travel. Lists are split into requests
 * of at most 50 items and sent `concurrency` at a time; transient failures of idempotent calls
 * are retried with backoff.
 */
export class HubClient {
  readonly stats: CallStats = emptyStats();
  /**
   * Epoch ms after which no retry is scheduled (the failure is returned instead): an execution
   * that must write its results before Apps Script stops it cannot wait out a long backoff.
   */
  deadline: number | null = null;
  private readonly baseUrl: string;
  private readonly retry: RetryPolicy;
  private readonly random: () => number;
  private readonly concurrency: number;

  constructor(private readonly options: HubClientOptions) {
    this.baseUrl = options.baseUrl.trim().replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.random = options.random ?? Math.random;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 8));
  }

  // ---- plumbing -----------------------------------------------------------------------------

  private request(
    endpoint: EndpointName,
    init: {
      sku?: string;
      query?: Record<string, string | number | boolean | undefined>;
      json?: unknown;
      form?: Record<string, string>;
    } = {},
  ): HttpRequest {
    const def = ENDPOINTS[endpoint];
    let path: string = def.path;
    if (init.sku !== undefined) path = path.replace('{sku}', encodePathSegment(init.sku));
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (def.auth) {
      if (!this.options.token) {
        throw new HubError({
          kind: 'auth',
          status: null,
          endpoint,
          message: 'No API token is set. Sign in or paste a token in the sidebar (Settings).',
        });
      }
      headers.Authorization = `Bearer ${this.options.token}`;
    }
    const request: HttpRequest = { method: def.method, url: `${this.baseUrl}${path}${buildQuery(init.query ?? {})}`, headers };
    if (init.json !== undefined) {
      request.contentType = 'application/json';
      request.payload = JSON.stringify(init.json);
    } else if (init.form) {
      request.contentType = 'application/x-www-form-urlencoded';
      request.payload = buildQuery(init.form).slice(1);
    }
    return request;
  }

  private call<T>(
    endpoint: EndpointName,
    schema: z.ZodMiniType<T>,
    init: Parameters<HubClient['request']>[1] = {},
    extra: Partial<Call<T>> = {},
  ): Call<T> {
    return { endpoint, request: this.request(endpoint, init), parse: jsonParser(schema), ...extra };
  }

  /**
   * Runs prepared calls with concurrency and retries; outcomes in call order. Errors are redacted,
   * and so is every answer before it is read: a hub that echoes the request's headers in a
   * per-item message must not get the token into a cell, the Log or a toast.
   */
  run<T>(calls: readonly Call<T>[]): Outcome<T>[] {
    const token = this.options.token;
    // Every answer but the login's, whose access_token its own parser must read (and keeps to itself).
    const scrubbed = calls.map(
      (call): Call<T> => (call.endpoint === 'login' ? call : { ...call, parse: (res) => call.parse(redactedResponse(res, token)) }),
    );
    const outcomes = runCalls(scrubbed, {
      transport: this.options.transport,
      clock: this.options.clock,
      concurrency: this.concurrency,
      retry: this.retry,
      random: this.random,
      stats: this.stats,
      deadline: this.deadline,
    });
    return outcomes.map((o) => (o.ok ? o : { ...o, error: this.redact(o.error) }));
  }

  /**
   * Runs calls built one by one: a call refused before sending (invalid input) becomes a failed
   * outcome in its place, so one bad item never stops the others.
   */
  private runEach<T>(makers: ReadonlyArray<() => Call<T>>): Outcome<T>[] {
    const built = makers.map((make): Call<T> | HubError => {
      try {
        return make();
      } catch (e) {
        if (e instanceof HubError) return e;
        throw e;
      }
    });
    const calls = built.filter((b): b is Call<T> => !(b instanceof HubError));
    const sent = this.run(calls);
    let at = 0;
    return built.map((b) => (b instanceof HubError ? { ok: false as const, error: b, attempts: 0 } : sent[at++]));
  }

  /** Runs one call and returns its value, or throws its HubError. */
  one<T>(call: Call<T>): T {
    const [outcome] = this.run([call]);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /** A hub that echoes the token back must not get it into a cell or a log line. */
  private redact(error: HubError): HubError {
    const token = this.options.token;
    if (!holdsSecret(error.message, token) && !holdsSecret(error.hubMessage ?? '', token)) return error;
    const scrub = (s: string): string => redactSecrets(s, token);
    return new HubError({
      kind: error.kind,
      status: error.status,
      endpoint: error.endpoint,
      message: scrub(error.message),
      hubMessage: error.hubMessage && scrub(error.hubMessage),
      retryAfterMs: error.retryAfterMs,
    });
  }

  /** Requests of at most 50 items, none carrying the same key (SKU, ERP id) twice: see packDistinct. */
  private batches<I, R>(
    endpoint: EndpointName,
    items: readonly I[],
    schema: z.ZodMiniType<R>,
    keyOf: (item: I) => string,
  ): BatchOutcome<I, R>[] {
    const slices = packDistinct(items, keyOf, MAX_ITEMS_PER_REQUEST);
    const outcomes = this.run(slices.map((slice) => this.call(endpoint, schema, { json: slice })));
    return slices.map((slice, i) => ({ items: slice, outcome: outcomes[i] }));
  }

  // ---- auth ---------------------------------------------------------------------------------

  /** POST /login with the admin's credentials; the password is only sent, never kept. */
  login(username: string, password: string): S.LoginResult {
    return this.one(this.call('login', S.LoginResult, { form: { username, password, grant_type: 'password' } }));
  }

  // ---- stock and prices ---------------------------------------------------------------------

  /** Update Stock, 50 items a request, a SKU at most once per request. */
  updateStock(items: readonly S.StockItem[]): BatchOutcome<S.StockItem, S.UpdateStockResult[]>[] {
    return this.batches('updateStock', items, z.array(S.UpdateStockResult), (i) => i.sku);
  }

  /**
   * Update Price V2, 50 items a request; each item names its channel. The answer names the SKU
   * but not the channel, so a SKU's prices for several channels go in different requests.
   */
  updatePrices(items: readonly S.PriceItem[]): BatchOutcome<S.PriceItem, S.UpdatePriceResult[]>[] {
    return this.batches('updatePrice', items, z.array(S.UpdatePriceResult), (i) => i.sku);
  }

  /** Update Price Stock By Channel: one SKU per request, requests in parallel. */
  updateByChannel(updates: readonly S.ByChannelUpdate[]): BatchOutcome<S.ByChannelUpdate, S.ByChannelResult>[] {
    const outcomes = this.run(updates.map((u) => this.call('updateByChannel', S.ByChannelResult, { json: u })));
    return updates.map((u, i) => ({ items: [u], outcome: outcomes[i] }));
  }

  /** Update Price By ErpId, 50 items a request. */
  updatePricesByErpId(items: readonly S.ErpPriceItem[]): BatchOutcome<S.ErpPriceItem, S.ErpPriceResult>[] {
    return this.batches('updatePriceByErpId', items, S.ErpPriceResult, (i) => i.internalId);
  }

  /** Update Price And Stock Async: one job for all the items; never retried (it is not idempotent). */
  updateAsync(items: readonly S.AsyncItem[]): Outcome<S.AsyncResult> {
    return this.run([this.call('updateAsync', S.AsyncResult, { json: items })])[0];
  }

  /** Get Price Stock By Channel for each SKU, in parallel. */
  getByChannel(skus: readonly string[]): Outcome<S.Product>[] {
    return this.runEach(
      skus.map((sku) => (): Call<S.Product> => {
        // A path segment of only dots means "this folder" or "the parent folder" to every URL parser.
        if (/^\.+$/.test(sku)) {
          throw new HubError({
            kind: 'invalid-input',
            status: null,
            endpoint: 'getByChannel',
            message: `The SKU '${sku}' cannot be read on its own through the hub's address: use Pull catalogue for it.`,
          });
        }
        return this.call('getByChannel', S.Product, { sku });
      }),
    );
  }

  /** One page of Get Products Stock Price. */
  getProductsPage(query: { offset: number; paging?: number; channel?: string; sort?: 'alph_asc' | 'alph_desc' }): S.ProductPage {
    return this.one(this.productsPageCall(query));
  }

  private productsPageCall(query: { offset: number; paging?: number; channel?: string; sort?: string }): Call<S.ProductPage> {
    return this.call('getProducts', S.ProductPage, {
      query: { offset: query.offset, paging: query.paging ?? MAX_ITEMS_PER_REQUEST, channel: query.channel, sort: query.sort },
    });
  }

  /** Pages of Get Products Stock Price (50 products each) at these offsets, in parallel; outcomes in offset order. */
  getProductPages(offsets: readonly number[], query: { channel?: string; sort?: 'alph_asc' | 'alph_desc' } = {}): Outcome<S.ProductPage>[] {
    return this.run(offsets.map((offset) => this.productsPageCall({ offset, ...query })));
  }

  /**
   * Every page of Get Products Stock Price: the first page tells the total, the rest are fetched
   * in parallel. Pages that fail after retries are reported with their offset. Not a proof that a
   * SKU is missing: products added or removed meanwhile shift the offsets (the catalogue pull reads
   * overlapping pages instead, see core/catalogue/listing.ts).
   */
  getAllProducts(query: { channel?: string; sort?: 'alph_asc' | 'alph_desc' } = {}): {
    products: S.Product[];
    failedOffsets: Array<{ offset: number; error: HubError }>;
    total: number;
  } {
    const first = this.one(this.productsPageCall({ offset: 0, ...query }));
    const offsets: number[] = [];
    for (let offset = MAX_ITEMS_PER_REQUEST; offset < first.total; offset += MAX_ITEMS_PER_REQUEST) offsets.push(offset);
    const outcomes = this.getProductPages(offsets, query);
    const products = [...first.results];
    const failedOffsets: Array<{ offset: number; error: HubError }> = [];
    outcomes.forEach((o, i) => (o.ok ? products.push(...o.value.results) : failedOffsets.push({ offset: offsets[i], error: o.error })));
    return { products, failedOffsets, total: first.total };
  }

  /** Get Status Request — deprecated since January 2020; kept for old async job ids. The hub's Deprecation headers come along so the seller is told. */
  getStatusRequest(jobId: string): S.StatusRequestResult & { deprecation: Deprecation } {
    const read = jsonParser(S.StatusRequestResult);
    return this.one<S.StatusRequestResult & { deprecation: Deprecation }>({
      endpoint: 'getStatusRequest',
      request: this.request('getStatusRequest', { query: { jobId } }),
      parse: (res) => ({ ...read(res), deprecation: readDeprecation(res.headers) }),
    });
  }

  /** One page of Get Job Status (a whole job, and whether it is all of it: core/jobs/read-items.ts). */
  getJobPage(jobId: string, offset: number, size = MAX_ITEMS_PER_REQUEST): S.JobItem[] {
    return this.one(this.call('getJob', z.array(S.JobItem), { query: { jobId, offset, size } }));
  }

  // ---- categories ---------------------------------------------------------------------------

  /** Create Category; never retried (a lost answer may have created it). */
  createCategory(input: S.CategoryCreate): Outcome<S.CategoryWriteResult> {
    return this.run([
      this.call('createCategory', S.CategoryWriteResult, { json: validated('createCategory', S.CategoryCreate, input) }),
    ])[0];
  }

  /** Update Category, found by source and source id. */
  updateCategory(input: S.CategoryUpdate): Outcome<S.CategoryWriteResult> {
    return this.run([
      this.call('updateCategory', S.CategoryWriteResult, { json: validated('updateCategory', S.CategoryUpdate, input) }),
    ])[0];
  }

  /** Search Category in a channel's own tree. */
  searchCategory(keyword: string, channel: string): S.CategorySearchHit[] {
    return this.one(this.call('searchCategory', z.array(S.CategorySearchHit), { query: { Keyword: keyword, channel } }));
  }

  /** Map Category: a hub category to a destination channel's category. */
  mapCategory(input: S.CategoryMapInput): S.CategoryMapResult {
    return this.one(this.call('mapCategory', S.CategoryMapResult, { json: validated('mapCategory', S.CategoryMapInput, input) }));
  }

  /** GetCategories of a channel. */
  getCategories(channel: string): S.Category[] {
    return this.one(this.call('getCategories', z.array(S.Category), { query: { channel } }));
  }

  /** Delete Category by the hub's id. */
  deleteCategory(internalId: number): S.CategoryDeleteResult {
    return this.one(this.call('deleteCategory', S.CategoryDeleteResult, { query: { internalId } }));
  }

  // ---- orders -------------------------------------------------------------------------------

  /**
   * One page of Get Orders, its records read one by one (order-records.ts): a bad record is
   * returned with its problems, never failing the page. A 429 is returned, not waited for: the
   * caller saves its place.
   */
  getOrders(query: OrdersQuery): Outcome<OrdersPageRead> {
    const q = {
      channel: query.channel,
      date: query.from !== undefined ? formatHubDate(query.from) : undefined,
      to: query.to !== undefined ? formatHubDate(query.to) : undefined,
      searchDateBy: query.searchDateBy,
      status: query.status,
      sort: query.sort,
      offset: query.offset ?? 0,
      paging: query.paging ?? MAX_ITEMS_PER_REQUEST,
      isGrouped: query.isGrouped,
    };
    const read = jsonParser(OrdersPageEnvelope);
    return this.run<OrdersPageRead>([
      {
        endpoint: 'getOrders',
        request: this.request('getOrders', { query: q }),
        parse: (res) => {
          const { results, ...page } = read(res);
          return { ...page, records: results.map(readOrderRecord) };
        },
        retryRateLimit: false,
      },
    ])[0];
  }

  /** Find Order by external id or cart id; always answers as a list of orders. */
  findOrder(id: string): { cartId: string | null; orders: S.Order[] } {
    const found = this.one(this.call('findOrder', S.FindOrderResult, { query: { orderid: id } }));
    return 'orders' in found && Array.isArray(found.orders)
      ? { cartId: String(found.cartId), orders: found.orders as S.Order[] }
      : { cartId: null, orders: [found as S.Order] };
  }

  /** Create Order; never retried (it is not idempotent). */
  createOrder(input: S.OrderCreate): Outcome<S.OrderCreateResult> {
    return this.runEach([() => this.call('createOrder', S.OrderCreateResult, { json: validated('createOrder', S.OrderCreate, input) })])[0];
  }

  /** Update Order: only the fields given are sent. */
  updateOrder(orderId: string, fields: S.OrderUpdate): Outcome<S.Order> {
    return this.updateOrders([{ orderId, fields }])[0];
  }

  /** Update Order for several orders, in parallel (each request carries only its changed fields). */
  updateOrders(updates: ReadonlyArray<{ orderId: string; fields: S.OrderUpdate }>): Outcome<S.Order>[] {
    return this.runEach(
      updates.map(
        (u) => () =>
          this.call('updateOrder', S.Order, { query: { orderId: u.orderId }, json: validated('updateOrder', S.OrderUpdate, u.fields) }),
      ),
    );
  }

  /** Print Label (BETA) as pdf or zpl. The first print makes the marketplace notify the buyer. */
  printLabel(ref: { orderId?: number; externalId?: string }, type: S.LabelType): Outcome<LabelFile> {
    return this.printLabels([ref], type)[0];
  }

  /** Print Label for several orders, in parallel. */
  printLabels(refs: ReadonlyArray<{ orderId?: number; externalId?: string }>, type: S.LabelType): Outcome<LabelFile>[] {
    const parse = (res: HttpResponse): LabelFile => {
      const mimeType = (res.headers['content-type'] ?? '').split(';')[0].trim();
      const bytes = res.bytes();
      const head = String.fromCharCode(...bytes.slice(0, 5).map((b) => b & 0xff));
      if (type === 'pdf' && head !== '%PDF-') throw new MalformedAnswer('not a PDF');
      if (type === 'zpl' && !head.startsWith('^XA')) throw new MalformedAnswer('not ZPL');
      return { mimeType: mimeType || (type === 'pdf' ? 'application/pdf' : 'text/plain'), bytes };
    };
    return this.runEach(
      refs.map((ref) => (): Call<LabelFile> => {
        if (ref.orderId === undefined && !ref.externalId) {
          throw new HubError({
            kind: 'invalid-input',
            status: null,
            endpoint: 'printLabel',
            message: 'Print Label needs the order id or the external id.',
          });
        }
        return {
          endpoint: 'printLabel',
          request: this.request('printLabel', { query: { orderId: ref.orderId, externalId: ref.externalId, type } }),
          parse,
        };
      }),
    );
  }
}
