/**
 * Seeds: `demo` (about 2,000 SKUs over 8 channels, a category tree, ~500 orders) and `empty`.
 * The demo is a pure function of the emulator time `now` (only order dates depend on it), so
 * two generations with the same `now` are identical.
 */
import { Rng, hashSeed } from './rng';
import { DEMO_CHANNELS, type WriteChannel } from './channels';
import { generateOrders, makeListing, makeProduct } from './generate';
import { taxonomy, taxonomyPaths } from './taxonomy';
import type { StateSnapshot } from './state';
import type { CategoryRec, ProductRec } from './types';

export type SeedName = 'demo' | 'empty';
export const SEED_NAMES: readonly SeedName[] = ['demo', 'empty'];

export const DEMO_PRODUCT_COUNT = 2000;
export const DEMO_ORDER_COUNT = 500;

/** Hand-written SKUs with awkward characters and fixed listings, so tests can rely on them. */
export const DEMO_SPECIALS: { sku: string; title: string; listings: Partial<Record<WriteChannel, string>> }[] = [
  {
    sku: 'CAM-ROJA.M',
    title: 'Camiseta roja talla M',
    listings: { mercadolibre: 'active', amazon: 'active', walmart: 'active', linio: 'paused' },
  },
  { sku: 'TAZA,12', title: 'Taza de cerámica 12 oz', listings: { mercadolibre: 'active', amazon: 'active', shopify: 'under_review' } },
  { sku: 'BOLSA/GRANDE', title: 'Bolsa de mano grande', listings: { walmart: 'active', amazon: 'PENDING_APPROVAL' } },
  { sku: 'LÁMPARA 40W', title: 'Lámpara de mesa 40 W', listings: { mercadolibre: 'active', claroshop: 'unpublished' } },
  { sku: 'A.B,C', title: 'Producto de prueba A.B,C', listings: { amazon: 'active', walmart: 'active' } },
  {
    sku: 'NIÑO AZUL 10',
    title: 'Conjunto de niño azul talla 10',
    listings: { mercadolibre: 'active', prestashop: 'active', woocommerce: 'paused' },
  },
  { sku: 'SIN-PUBLICAR', title: 'Producto sin publicaciones', listings: {} },
  // Same ERP id as CAM-ROJA.M but newer: Update Price By ErpId must only touch the oldest.
  { sku: 'CAM-ROJA.M-2', title: 'Camiseta roja talla M (duplicado)', listings: { mercadolibre: 'active' } },
];

/** SKU/title candidates of the generated part, in a fixed order. */
function* candidates(rng: Rng): Generator<[string, string]> {
  const colors = ['ROJA', 'AZUL', 'NEGRA', 'BLANCA', 'VERDE', 'GRIS', 'ROSA', 'AMARILLA'];
  for (const c of colors) for (const s of ['CH', 'M', 'G', 'XG']) yield [`CAM-${c}.${s}`, `Camiseta ${c.toLowerCase()} talla ${s}`];
  for (let n = 6; n <= 48; n += 2) yield [`TAZA,${n}`, `Taza de cerámica ${n} oz`];
  for (const s of ['GRANDE', 'MEDIANA', 'CHICA'])
    for (const c of colors) yield [`BOLSA/${s}-${c}`, `Bolsa ${s.toLowerCase()} ${c.toLowerCase()}`];
  for (let w = 5; w <= 150; w += 5) yield [`LÁMPARA ${w}W`, `Lámpara LED ${w} W`];
  const families: [string, string][] = [
    ['AUD', 'Audífonos'],
    ['FUN', 'Funda para celular'],
    ['TEN', 'Tenis deportivos'],
    ['CUA', 'Cuaderno profesional'],
    ['PEL', 'Peluche'],
    ['TAL', 'Taladro'],
    ['VEL', 'Vela aromática'],
    ['MOC', 'Mochila'],
    ['NIÑ', 'Ropa de niño'],
    ['TOA', 'Toalla de baño'],
    ['CAR', 'Cargador USB'],
    ['TEC', 'Teclado'],
  ];
  for (let i = 1; ; i++) {
    const [code, title] = rng.pick(families);
    const sep = rng.weighted([
      ['-', 80],
      ['.', 8],
      [' ', 6],
      [',', 3],
      ['/', 3],
    ] as const);
    yield [`${code}${sep}${String(i).padStart(5, '0')}`, `${title} modelo ${i}`];
  }
}

function demoProducts(rng: Rng): ProductRec[] {
  // Creation dates come from a fixed epoch, not from today, so the products never change.
  const base = Date.UTC(2024, 0, 1);
  const created = (i: number) => new Date(base + i * 3_600_000).toISOString();
  const products: ProductRec[] = [];
  const seen = new Set<string>();
  for (const s of DEMO_SPECIALS) {
    const p = makeProduct(rng, s.sku, s.title, products.length + 1, [], 'none', created(products.length));
    p.quantity = Math.max(p.quantity, 10);
    for (const [ch, st] of Object.entries(s.listings) as [WriteChannel, string][]) {
      p.listings[ch] = makeListing(rng, ch, s.sku, p.quantity, p.price, st);
      p.listings[ch]!.quantity = p.quantity;
    }
    products.push(p);
    seen.add(s.sku);
  }
  products[products.length - 1].internalId = products[0].internalId;
  const gen = candidates(rng);
  while (products.length < DEMO_PRODUCT_COUNT) {
    const [sku, title] = gen.next().value as [string, string];
    if (seen.has(sku)) continue;
    seen.add(sku);
    const count = rng.int(2, DEMO_CHANNELS.length);
    const chans = DEMO_CHANNELS.filter((_, i) => i < count || rng.chance(0.1));
    products.push(makeProduct(rng, sku, title, products.length + 1, chans, 'mixed', created(products.length)));
  }
  return products;
}

/** The seller's own category tree for GetCategories' two channels (mercadolibre and magento). */
function demoCategories(): CategoryRec[] {
  const out: CategoryRec[] = [];
  const roots: [WriteChannel, string[]][] = [
    ['mercadolibre', ['Hogar', 'Ropa y Accesorios', 'Electrónica']],
    ['magento', ['Hogar', 'Juguetes', 'Papelería', 'Mascotas']],
  ];
  for (const [source, tops] of roots) {
    const tree = taxonomy(source);
    const idByPath = new Map<string, number>();
    for (const path of taxonomyPaths()) {
      if (!tops.includes(path.split(' > ')[0])) continue;
      const node = tree.find((n) => n.path === path)!;
      const parentPath = path.split(' > ').slice(0, -1).join(' > ');
      const internalId = out.length + 1;
      idByPath.set(path, internalId);
      const mappings = [{ channel: source, channelCategoryId: node.id }];
      // Some Mercado Libre categories are also mapped to Amazon.
      const amazon = taxonomy('amazon').find((n) => n.path === path);
      if (source === 'mercadolibre' && amazon && internalId % 3 === 0) mappings.push({ channel: 'amazon', channelCategoryId: amazon.id });
      out.push({
        internalId,
        Title: node.name,
        CategorySource: source,
        CategorySourceId: Number(node.id.replace(/\D/g, '')),
        CategorySourceParent: null,
        CategorySourceParentId: parentPath ? (idByPath.get(parentPath) ?? null) : null,
        mappings,
      });
    }
  }
  return out;
}

export function emptySnapshot(): StateSnapshot {
  return {
    version: 1,
    products: [],
    channels: [],
    categories: [],
    orders: [],
    jobs: [],
    labels: [],
    notifications: [],
    seq: { order: 1_000_001, job: 1, category: 1 },
  };
}

/** Builds the seed's state. Only order dates depend on `now` (emulator epoch ms). */
export function buildSeed(name: SeedName, now: number): StateSnapshot {
  const snap = emptySnapshot();
  if (name === 'empty') return snap;
  const rng = new Rng(hashSeed('hub-emulator demo seed v1'));
  snap.products = demoProducts(rng);
  snap.channels = [...DEMO_CHANNELS];
  snap.categories = demoCategories();
  snap.seq.category = snap.categories.length + 1;
  // A separate stream for orders, so that changing the product mix does not reshuffle orders.
  snap.orders = generateOrders(new Rng(hashSeed('hub-emulator demo orders v1')), {
    count: DEMO_ORDER_COUNT,
    now,
    days: 90,
    products: snap.products,
    firstOrderId: 1_000_001,
  });
  snap.seq.order = 1_000_001 + snap.orders.length;
  return snap;
}
