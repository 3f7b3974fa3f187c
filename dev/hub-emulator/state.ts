/**
 * The emulator's data: products, categories, orders, jobs, printed labels and buyer
 * notifications, with the indexes the routes need to stay fast at 20,000 SKUs.
 * Routes mutate records in place and then call `changed()` so the state file is saved.
 */
import type { WriteChannel } from './channels';
import type { CategoryRec, JobRec, LabelRec, NotificationRec, OrderRec, ProductRec } from './types';

/** What the admin dump and the state file hold. */
export interface StateSnapshot {
  version: 1;
  products: ProductRec[];
  channels: WriteChannel[];
  categories: CategoryRec[];
  orders: OrderRec[];
  jobs: JobRec[];
  labels: LabelRec[];
  notifications: NotificationRec[];
  seq: { order: number; job: number; category: number };
}

/** An order with its dates parsed once, for filtering and sorting. */
export interface OrderRow {
  data: OrderRec;
  added: number;
  created: number;
  modified: number;
}

/** SKUs are matched exactly, after Unicode NFC normalisation (a sheet may hold "Á" decomposed). */
export const skuKey = (sku: string): string => sku.normalize('NFC');

/** Case-insensitive ordinal order, ties broken by the exact SKU: fast and deterministic. */
function compareSku(a: ProductRec, b: ProductRec): number {
  const x = a.sku.toUpperCase();
  const y = b.sku.toUpperCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0;
}

export class HubState {
  /** In creation order (the default order of Get Products Stock Price). */
  products: ProductRec[] = [];
  /** Channels the account is connected to, in the order channel data lists them. */
  channels: WriteChannel[] = [];
  categories: CategoryRec[] = [];
  orders: OrderRow[] = [];
  jobs: JobRec[] = [];
  labels: LabelRec[] = [];
  notifications: NotificationRec[] = [];
  seq = { order: 1_000_001, job: 1, category: 1 };

  /**
   * Products per SKU key, oldest first. A SKU normally names one product; the admin API can add
   * newer duplicates (the real hub has them), and then only the oldest is read and written.
   */
  private bySku = new Map<string, ProductRec[]>();
  /** Position in `products`; rebuilt from the removed position on when a product is deleted. */
  private position = new Map<ProductRec, number>();
  /** Products per ERP id, oldest first. */
  private byErp = new Map<string, ProductRec[]>();
  private sorted: ProductRec[] | null = null;
  private ordersById = new Map<number, OrderRow>();
  private ordersByExternal = new Map<string, OrderRow>();
  private ordersByExternalAny = new Map<string, OrderRow>();
  private jobById = new Map<number, JobRec>();
  private listeners: (() => void)[] = [];

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Marks the state as modified (the state file is saved, debounced). */
  changed(): void {
    for (const l of this.listeners) l();
  }

  // ---- products -------------------------------------------------------------------------

  /** The product a SKU names: the oldest one with it (duplicates: only the oldest is updated, per the notes). */
  product(sku: string): ProductRec | undefined {
    return this.bySku.get(skuKey(sku))?.[0];
  }

  /** Every product with exactly that SKU (after NFC), oldest first: more than one only for duplicates. */
  productsWithSku(sku: string): ProductRec[] {
    return [...(this.bySku.get(skuKey(sku)) ?? [])];
  }

  /** The oldest product with that ERP id (duplicates: only the oldest is updated, per the notes). */
  productByErp(internalId: string): ProductRec | undefined {
    return this.byErp.get(internalId)?.[0];
  }

  /** Adds a product, or replaces in place the one its SKU names (the oldest, when there are duplicates). */
  upsertProduct(p: ProductRec): 'added' | 'updated' {
    const key = skuKey(p.sku);
    const old = this.bySku.get(key)?.[0];
    this.connect(p);
    if (old) {
      const at = this.position.get(old)!;
      this.products[at] = p;
      this.position.delete(old);
      this.position.set(p, at);
      this.bySku.get(key)![0] = p;
      this.unindexErp(old);
      this.indexErp(p);
      this.sorted = null;
      return 'updated';
    }
    this.append(p);
    return 'added';
  }

  /**
   * Adds `p` as a NEWER product with the SKU of an existing one, kept beside it: listed after it,
   * never read or written by SKU while the older one exists. Throws when no product has that SKU.
   */
  addDuplicate(p: ProductRec): void {
    if (!this.bySku.has(skuKey(p.sku)))
      throw new Error(`no product has SKU '${p.sku}' to duplicate; add it first (without duplicate: true)`);
    this.connect(p);
    this.append(p);
  }

  /** Deletes a product (the catalogue churn of the read edges); later positions shift down by one. */
  removeProduct(p: ProductRec): boolean {
    const at = this.position.get(p);
    if (at === undefined) return false;
    this.products.splice(at, 1);
    this.position.delete(p);
    for (let i = at; i < this.products.length; i++) this.position.set(this.products[i], i);
    const key = skuKey(p.sku);
    const rest = (this.bySku.get(key) ?? []).filter((x) => x !== p);
    if (rest.length > 0) this.bySku.set(key, rest);
    else this.bySku.delete(key);
    this.unindexErp(p);
    this.sorted = null;
    return true;
  }

  /** Products sorted by SKU (cached until a product is added or removed); duplicates stay in creation order. */
  productsSorted(): ProductRec[] {
    if (!this.sorted) this.sorted = [...this.products].sort(compareSku); // stable: equal SKUs keep creation order
    return this.sorted;
  }

  /** The account gets connected to every channel a product is listed on. */
  private connect(p: ProductRec): void {
    for (const ch of Object.keys(p.listings) as WriteChannel[]) {
      if (!this.channels.includes(ch)) this.channels.push(ch);
    }
  }

  private append(p: ProductRec): void {
    const key = skuKey(p.sku);
    this.position.set(p, this.products.length);
    this.products.push(p);
    const same = this.bySku.get(key);
    if (same) same.push(p);
    else this.bySku.set(key, [p]);
    this.indexErp(p);
    this.sorted = null;
  }

  private indexErp(p: ProductRec): void {
    const list = this.byErp.get(p.internalId) ?? [];
    list.push(p);
    if (list.length > 1) list.sort((a, b) => this.position.get(a)! - this.position.get(b)!);
    this.byErp.set(p.internalId, list);
  }

  private unindexErp(p: ProductRec): void {
    const list = this.byErp.get(p.internalId) ?? [];
    const rest = list.filter((x) => x !== p);
    if (rest.length > 0) this.byErp.set(p.internalId, rest);
    else this.byErp.delete(p.internalId);
  }

  // ---- orders ---------------------------------------------------------------------------

  addOrder(data: OrderRec): OrderRow {
    const row: OrderRow = { data, added: 0, created: 0, modified: 0 };
    this.refreshOrderDates(row);
    this.orders.push(row);
    this.ordersById.set(data.orderId, row);
    const key = `${data.channel}\u0000${data.externalId}`;
    if (!this.ordersByExternal.has(key)) this.ordersByExternal.set(key, row);
    if (!this.ordersByExternalAny.has(data.externalId)) this.ordersByExternalAny.set(data.externalId, row);
    if (data.orderId >= this.seq.order) this.seq.order = data.orderId + 1;
    return row;
  }

  refreshOrderDates(row: OrderRow): void {
    row.added = Date.parse(row.data.dateAdded);
    row.created = Date.parse(row.data.dateCreated);
    row.modified = Date.parse(row.data.dateModified);
  }

  /**
   * Deletes an order (the `deleteOrder` read edge): later orders move up, and the external-id
   * indexes fall back on the next oldest order with the same id, if any.
   */
  removeOrder(orderId: number): OrderRow | undefined {
    const at = this.orders.findIndex((r) => r.data.orderId === orderId);
    if (at < 0) return undefined;
    const [row] = this.orders.splice(at, 1);
    this.ordersById.delete(orderId);
    const key = `${row.data.channel}\u0000${row.data.externalId}`;
    if (this.ordersByExternal.get(key) === row) {
      const next = this.orders.find((r) => r.data.channel === row.data.channel && r.data.externalId === row.data.externalId);
      if (next) this.ordersByExternal.set(key, next);
      else this.ordersByExternal.delete(key);
    }
    if (this.ordersByExternalAny.get(row.data.externalId) === row) {
      const next = this.orders.find((r) => r.data.externalId === row.data.externalId);
      if (next) this.ordersByExternalAny.set(row.data.externalId, next);
      else this.ordersByExternalAny.delete(row.data.externalId);
    }
    return row;
  }

  orderById(orderId: number): OrderRow | undefined {
    return this.ordersById.get(orderId);
  }

  /** The order with that external id on that channel (the hub's uniqueness key). */
  orderByExternal(channel: string, externalId: string): OrderRow | undefined {
    return this.ordersByExternal.get(`${channel}\u0000${externalId}`);
  }

  /** The oldest order with that external id on any channel. */
  orderByExternalAny(externalId: string): OrderRow | undefined {
    return this.ordersByExternalAny.get(externalId);
  }

  ordersInCart(cartId: string): OrderRow[] {
    return this.orders.filter((o) => o.data.cartId === cartId);
  }

  nextOrderId(): number {
    return this.seq.order++;
  }

  // ---- jobs -----------------------------------------------------------------------------

  addJob(job: JobRec, limit: number): void {
    this.jobs.push(job);
    this.jobById.set(job.id, job);
    // Drop the oldest finished jobs so a long playground session does not grow without bound.
    while (this.jobs.length > limit) {
      const idx = this.jobs.findIndex((j) => j.finishedAt !== null);
      if (idx < 0) break;
      this.jobById.delete(this.jobs[idx].id);
      this.jobs.splice(idx, 1);
    }
  }

  job(id: number): JobRec | undefined {
    return this.jobById.get(id);
  }

  nextJobId(): number {
    return this.seq.job++;
  }

  // ---- categories -----------------------------------------------------------------------

  category(internalId: number): CategoryRec | undefined {
    return this.categories.find((c) => c.internalId === internalId);
  }

  nextCategoryId(): number {
    return this.seq.category++;
  }

  // ---- snapshot -------------------------------------------------------------------------

  snapshot(): StateSnapshot {
    return {
      version: 1,
      products: this.products,
      channels: this.channels,
      categories: this.categories,
      orders: this.orders.map((o) => o.data),
      jobs: this.jobs,
      labels: this.labels,
      notifications: this.notifications,
      seq: { ...this.seq },
    };
  }

  /** Builds a state from a snapshot (a state file or a seed). The snapshot is taken over, not copied. */
  static from(s: StateSnapshot): HubState {
    const st = new HubState();
    st.channels = [...s.channels]; // first, so that the snapshot's channel order wins
    // In creation order: a SKU seen again is a newer duplicate (see addDuplicate), not a replacement.
    for (const p of s.products) {
      if (st.product(p.sku)) st.addDuplicate(p);
      else st.upsertProduct(p);
    }
    st.categories = s.categories;
    for (const o of s.orders) st.addOrder(o);
    for (const j of s.jobs) {
      st.jobs.push(j);
      st.jobById.set(j.id, j);
    }
    st.labels = s.labels;
    st.notifications = s.notifications;
    st.seq = {
      order: Math.max(s.seq.order, st.seq.order),
      job: Math.max(s.seq.job, ...s.jobs.map((j) => j.id + 1)),
      category: Math.max(s.seq.category, ...s.categories.map((c) => c.internalId + 1)),
    };
    return st;
  }
}
