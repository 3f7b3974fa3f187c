/**
 * The hub's endpoints (hub-api.md §4 and /login), with what the client must know of each:
 * whether a retry can change the outcome (only idempotent calls are retried) and a name a
 * seller recognises in messages.
 */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Path relative to the base URL; `{sku}` is filled in, percent-encoded. */
  path: string;
  /** Safe to send again when the first answer was lost. */
  idempotent: boolean;
  /** Seller-facing name used in messages. */
  title: string;
  /** False only for /login, which takes credentials instead of the token. */
  auth: boolean;
}

const e = (method: Endpoint['method'], path: string, idempotent: boolean, title: string, auth = true): Endpoint => ({
  method,
  path,
  idempotent,
  title,
  auth,
});

export const ENDPOINTS = {
  login: e('post', '/login', false, 'Sign in', false),
  updateStock: e('post', '/api/stock/updatestock', true, 'Update Stock'),
  updatePrice: e('post', '/api/stock/updatepriceV2', true, 'Update Price'),
  updateByChannel: e('post', '/api/stock/updatepricestockbychannel', true, 'Update Price Stock By Channel'),
  getByChannel: e('get', '/api/stock/getpricestockbychannel/{sku}/', true, 'Get Price Stock By Channel'),
  updatePriceByErpId: e('post', '/api/stock/updatepricebyerpid', true, 'Update Price By ErpId'),
  // A lost answer may still have created the job: never sent twice automatically.
  updateAsync: e('post', '/api/stock/UpdatePriceAndStockAsync', false, 'Update Price And Stock Async'),
  getProducts: e('get', '/api/stock/GetProductsStockPrice', true, 'Get Products Stock Price'),
  getStatusRequest: e('get', '/api/stock/GetStatusRequest', true, 'Get Status Request (deprecated)'),
  getJob: e('get', '/api/stock/GetStockPriceJob', true, 'Get Job Status'),
  createCategory: e('post', '/api/Category/CreateCategory', false, 'Create Category'),
  updateCategory: e('post', '/api/Category/UpdateCategory', true, 'Update Category'),
  searchCategory: e('get', '/api/Category/SearchCategory', true, 'Search Category'),
  mapCategory: e('post', '/api/Category/MapCategory', true, 'Map Category'),
  getCategories: e('get', '/api/Category/GetCategories', true, 'Get Categories'),
  deleteCategory: e('delete', '/api/Category/DeleteCategory', true, 'Delete Category'),
  getOrders: e('get', '/api/orders/orders', true, 'Get Orders'),
  findOrder: e('get', '/api/orders/findorder', true, 'Find Order'),
  createOrder: e('post', '/api/orders/createorder', false, 'Create Order'),
  updateOrder: e('put', '/api/orders/updateorder/', true, 'Update Order'),
  printLabel: e('get', '/api/orders/printlabel/', true, 'Print Label'),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** At most this many items per stock/price request, and per page (hub-api.md §8). */
export const MAX_ITEMS_PER_REQUEST = 50;
