/**
 * A scripted hub for the catalogue's paged list (Get Products Stock Price): products in creation
 * order, answered page by page through the real HubClient and a FakeTransport, with hooks that
 * change the list between two requests (as a hub in use does while a pull reads it).
 */
import { HubClient } from '../../../../src/api/client';
import type { Product } from '../../../../src/api/schemas/stock';
import { FakeClock, FakeTransport } from '../../../support/transport';

/** A product as the list shows it; `erpId` only when given. */
export function listed(sku: string, price = 100, extra: Record<string, unknown> = {}): Product {
  return {
    sku,
    quantity: 1,
    channelData: [{ channel: 'amazon', quantity: 1, price, salePrice: null, externalId: `E-${sku}`, permalink: '', status: 'active' }],
    ...extra,
  } as unknown as Product;
}

/** `count` products P0000, P0001, … */
export const numbered = (count: number, prefix = 'P'): Product[] =>
  Array.from({ length: count }, (_, i) => listed(`${prefix}${String(i).padStart(4, '0')}`));

export class PagedHub {
  /** In creation order: the default order of the list. */
  products: Product[];
  /** Offsets of the page requests answered, in order. */
  offsets: number[] = [];
  /** Runs before request `n` (1-based) is answered: may change `products`. */
  beforeAnswer: (n: number, offset: number) => void = () => {};
  /** Offsets answered with HTTP 500 (the client retries, then gives up). */
  failing: (offset: number) => boolean = () => false;
  /** The total a page reports (default: the true count). */
  totalOf: (n: number, offset: number, trueTotal: number) => number = (_n, _o, t) => t;
  readonly transport: FakeTransport;

  constructor(products: Product[]) {
    this.products = [...products];
    this.transport = new FakeTransport((req, n) => {
      const url = new URL(req.url);
      if (!/getproductsstockprice/i.test(url.pathname)) return { status: 404, body: { message: 'not scripted' } };
      const offset = Number(url.searchParams.get('offset'));
      const paging = Number(url.searchParams.get('paging'));
      if (this.failing(offset)) return { status: 500, body: { message: 'boom' } };
      this.beforeAnswer(n, offset);
      this.offsets.push(offset);
      const results = this.products.slice(offset, offset + paging);
      return { status: 200, body: { offset, paging, total: this.totalOf(n, offset, this.products.length), results } };
    });
  }

  /** A client over this hub (concurrency 4: rounds of at most 4 requests). */
  client(concurrency = 4): HubClient {
    return new HubClient({
      baseUrl: 'https://hub.example.com',
      token: 'tkn',
      transport: this.transport,
      clock: new FakeClock(),
      concurrency,
      random: () => 0.5,
    });
  }

  /** Removes a product by SKU (the first with it). */
  remove(sku: string): void {
    const at = this.products.findIndex((p) => p.sku === sku);
    if (at >= 0) this.products.splice(at, 1);
  }
}
