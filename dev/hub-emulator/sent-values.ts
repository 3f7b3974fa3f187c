/**
 * The values a stock/price/job write carried, one per SKU (or ERP id), channel and field, as the
 * request log keeps them when the `logSentValues` setting is on: what a test checks every value
 * leaving the add-on against, whatever produced it. Read from the body as sent, before faults and
 * validation, so a refused or faulted call still shows what it carried. An async job's numbers
 * travel as text: they are kept as sent (a number, or the text when it is not one).
 */

/** One value a write carried. `channel` null: the hub's general (product-level) value. */
export interface SentValue {
  /** The SKU, or the ERP id for Update Price By ErpId (`byErpId`). */
  sku: string;
  channel: string | null;
  field: string;
  value: number | string;
  byErpId?: true;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const items = (body: unknown): Obj[] => (Array.isArray(body) ? body : [body]).filter(isObj);
const text = (v: unknown): string => (typeof v === 'string' ? v : String(v ?? ''));

/** A number as the async call's text carries it: the number when the text is one, else the text. */
function asyncNumber(v: unknown): number | string {
  if (typeof v === 'number') return v;
  const t = text(v).trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

/** Fields of the by-channel update's channel entries, in the order the hub applies them. */
const CHANNEL_FIELDS = ['quantity', 'price', 'salePrice', 'availableDays'] as const;

/** The values a write to `path` (lower-cased) carried in `body`; [] for any other call. */
export function sentValuesOf(path: string, body: unknown): SentValue[] {
  const out: SentValue[] = [];
  const add = (v: SentValue): void => void out.push(v);
  switch (path) {
    case '/api/stock/updatestock':
      for (const it of items(body))
        if ('quantity' in it) add({ sku: text(it.sku), channel: null, field: 'quantity', value: it.quantity as number });
      break;
    case '/api/stock/updatepricev2':
      for (const it of items(body)) add({ sku: text(it.sku), channel: text(it.channel), field: 'price', value: it.price as number });
      break;
    case '/api/stock/updatepricebyerpid':
      for (const it of items(body))
        add({ sku: text(it.internalId), channel: null, field: 'price', value: it.price as number, byErpId: true });
      break;
    case '/api/stock/updatepricestockbychannel':
      for (const it of items(body)) {
        const entries = Array.isArray(it.channelData) ? it.channelData.filter(isObj) : [];
        for (const e of entries)
          for (const field of CHANNEL_FIELDS)
            if (e[field] !== undefined) add({ sku: text(it.sku), channel: text(e.channel), field, value: e[field] as number });
      }
      break;
    case '/api/stock/updatepriceandstockasync':
      for (const it of items(body))
        for (const field of ['quantity', 'price', 'publishingPrice'] as const)
          if (it[field] !== undefined && it[field] !== null)
            add({ sku: text(it.sku), channel: null, field, value: asyncNumber(it[field]) });
      break;
    default:
  }
  return out;
}
