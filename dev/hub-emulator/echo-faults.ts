/**
 * `echoInto`: a hub that copies the request's headers — the bearer token included — into text
 * fields of its 200 answers beyond the per-item `msg` of the writes (that is
 * `answerFaults.echoHeaders`): the `message` of every Get Job Status item, and the `comments` and
 * `title` of every order (and the `title` of its lines) in Get Orders, Find Order and Update Order.
 * Only the answer changes; the stored jobs and orders stay as they are. No draw: on or off, for
 * paths matching the fault config's `pathPattern`. Counted as `injected["echo:jobItems"]` /
 * `injected["echo:orders"]` (one per answer).
 */
export const ECHO_TARGETS = ['jobItems', 'orders'] as const;
export type EchoTarget = (typeof ECHO_TARGETS)[number];
export type EchoConfig = Record<EchoTarget, boolean>;

export const NO_ECHO: EchoConfig = { jobItems: false, orders: false };

/** Validates `echoInto` (`{jobItems?: boolean, orders?: boolean}`); throws with a message. */
export function parseEcho(input: unknown): EchoConfig {
  if (input === undefined || input === null) return { ...NO_ECHO };
  if (typeof input !== 'object' || Array.isArray(input)) throw new Error('echoInto must be an object {jobItems?, orders?}');
  const out = { ...NO_ECHO };
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (!(ECHO_TARGETS as readonly string[]).includes(k))
      throw new Error(`echoInto: unknown target '${k}' (use ${ECHO_TARGETS.join(', ')})`);
    if (typeof v !== 'boolean') throw new Error(`echoInto.${k} must be a boolean`);
    out[k as EchoTarget] = v;
  }
  return out;
}

/** Which target an /api path's answer belongs to (lower-cased path), or null. */
export function echoTarget(path: string, method: string): EchoTarget | null {
  if (method === 'GET' && path === '/api/stock/getstockpricejob') return 'jobItems';
  if (
    (method === 'GET' && (path === '/api/orders/orders' || path === '/api/orders/findorder')) ||
    (method === 'PUT' && path === '/api/orders/updateorder')
  )
    return 'orders';
  return null;
}

const withEcho = (text: unknown, echo: string): string => `${typeof text === 'string' && text ? `${text} ` : ''}(${echo})`;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function echoOrder(order: Json, echo: string): Json {
  const out: Json = { ...order, comments: withEcho(order.comments, echo), title: withEcho(order.title, echo) };
  if (Array.isArray(order.items))
    out.items = order.items.map((line) => (isObject(line) ? { ...line, title: withEcho(line.title, echo) } : line));
  if (Array.isArray(order.orders)) out.orders = order.orders.map((o) => (isObject(o) ? echoOrder(o, echo) : o));
  return out;
}

/** The answer body with the headers echoed into it. */
export function echoIntoAnswer(target: EchoTarget, body: unknown, echo: string): unknown {
  if (target === 'jobItems')
    return Array.isArray(body) ? body.map((item) => (isObject(item) ? { ...item, message: withEcho(item.message, echo) } : item)) : body;
  if (isObject(body) && Array.isArray(body.results))
    return { ...body, results: body.results.map((o) => (isObject(o) ? echoOrder(o, echo) : o)) };
  if (isObject(body) && Array.isArray(body.orders) && body.orderId === undefined)
    return { ...body, orders: body.orders.map((o) => (isObject(o) ? echoOrder(o, echo) : o)) };
  return isObject(body) ? echoOrder(body, echo) : body;
}
