/**
 * The cells of one pulled row, and the values the hub confirmed for it. Numbers are written as
 * numbers; every string from the hub goes through escapeCellText; the permalink through link.ts.
 */
import { valueKey, escapeCellText, CHANNEL_FIELDS } from '../../../sheet';
import type { CellValue } from '../../kernel/ports';
import type { ConfirmedValues } from '../snapshot';
import type { PullColumn, PullLayout } from './columns';
import { isLinkableUrl, permalinkCell } from './link';
import type { ChannelValues, PulledProduct } from './products';

const numberCell = (n: number | null): CellValue => (n === null ? '' : n);

/** The value a pull writes into `column` for `product`; `inHub` is the In hub text. */
export function pulledCell(column: PullColumn, product: PulledProduct, inHub: string): CellValue {
  switch (column.kind) {
    case 'title':
      return product.title === null ? '' : escapeCellText(product.title);
    case 'quantity':
      return numberCell(product.quantity);
    case 'inHub':
      return escapeCellText(inHub);
    case 'channelValue': {
      const values = product.channels.get(column.channel);
      if (!values) return '';
      if (column.compareAt && (column.field === 'price' || column.field === 'salePrice')) return compareAtCell(column.field, values);
      return numberCell(values[column.field]);
    }
    case 'listing': {
      const values = product.channels.get(column.channel);
      if (!values) return '';
      if (column.field === 'permalink') return permalinkCell(values.permalink);
      const text = column.field === 'listingStatus' ? values.status : values.externalId;
      return text === '' ? '' : escapeCellText(text);
    }
    default:
      return '';
  }
}

/**
 * Shopify's pair for the hub's price and sale price: on sale (a sale price below the price), the
 * Price column shows the sale price and the compare-at column the price, as Shopify shows a
 * discount; otherwise Price is the price and the compare-at column is emptied (a compare-at
 * price not above the price means no sale, and the push would ignore it anyway). A sale price
 * not below the price cannot be shown this way: it is left out.
 */
function compareAtCell(field: 'price' | 'salePrice', values: ChannelValues): CellValue {
  const onSale = values.price !== null && values.salePrice !== null && values.salePrice < values.price;
  if (field === 'price') return numberCell(onSale ? values.salePrice : values.price);
  return onSale ? numberCell(values.price) : '';
}

/**
 * A cell the pull leaves as it was, written back in its block: strings re-escaped (a stored "=x"
 * read back as text must stay text), a permalink made a link again when it is one.
 */
export function keptCell(column: PullColumn | null, value: CellValue | undefined): CellValue {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value !== 'string') return value;
  if (column?.kind === 'listing' && column.field === 'permalink' && isLinkableUrl(value.trim())) return permalinkCell(value);
  return escapeCellText(value);
}

/** The values of the row's input columns as the hub holds them: what "push changes" compares against. */
export function confirmedValues(product: PulledProduct, layout: PullLayout): ConfirmedValues {
  const out: ConfirmedValues = {};
  if (layout.generalQuantity && product.quantity !== null) out[valueKey('quantity')] = product.quantity;
  for (const ch of layout.channels) {
    const values = product.channels.get(ch.channel);
    if (!ch.writable || !values) continue;
    for (const field of CHANNEL_FIELDS) {
      if (field === 'availableDays' && !ch.availableDays) continue;
      const v = values[field];
      if (v !== null) out[valueKey(field, ch.channel)] = v;
    }
  }
  return out;
}

/**
 * The snapshot entry after a pull: the keys the pull speaks for (the general quantity when sent,
 * every field of each pulled channel) are the hub's; other keys (a general price, channels this
 * pull did not read) stay as they were confirmed.
 */
export function mergePulled(before: ConfirmedValues | undefined, pulled: ConfirmedValues, layout: PullLayout): ConfirmedValues {
  const owned = new Set<string>();
  if (layout.generalQuantity) owned.add(valueKey('quantity'));
  for (const ch of layout.channels) for (const field of CHANNEL_FIELDS) owned.add(valueKey(field, ch.channel));
  const out: ConfirmedValues = {};
  for (const [key, value] of Object.entries(before ?? {})) if (!owned.has(key)) out[key] = value;
  return { ...out, ...pulled };
}
