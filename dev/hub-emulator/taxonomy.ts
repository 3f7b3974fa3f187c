/**
 * The channels' own category trees, which Search Category searches and Map Category maps to.
 * They belong to the marketplaces, not to the seller, so they exist under every seed (also
 * `--seed empty`) and never change. Every channel shares the same Spanish tree with its own ids.
 */
import type { TaxonomyNode } from './types';
import type { WriteChannel } from './channels';

/** Leaf paths; every prefix of a path is a node too. */
const PATHS = [
  'Hogar > Cocina > Tazas y Jarros',
  'Hogar > Cocina > Vasos',
  'Hogar > Cocina > Sartenes y Ollas',
  'Hogar > Iluminación > Lámparas de Mesa',
  'Hogar > Iluminación > Focos LED',
  'Hogar > Iluminación > Lámparas de Techo',
  'Hogar > Decoración > Cojines',
  'Hogar > Decoración > Velas Aromáticas',
  'Hogar > Baño > Toallas',
  'Ropa y Accesorios > Camisetas > Camisetas de Hombre',
  'Ropa y Accesorios > Camisetas > Camisetas de Mujer',
  'Ropa y Accesorios > Bolsas > Bolsas de Mano',
  'Ropa y Accesorios > Bolsas > Mochilas',
  'Ropa y Accesorios > Calzado > Tenis',
  'Ropa y Accesorios > Niños > Ropa de Niño',
  'Electrónica > Audio > Audífonos',
  'Electrónica > Audio > Bocinas',
  'Electrónica > Celulares > Fundas',
  'Electrónica > Celulares > Cargadores',
  'Electrónica > Computación > Teclados',
  'Electrónica > Computación > Ratones',
  'Deportes > Ciclismo > Bicicletas',
  'Deportes > Fitness > Pesas',
  'Deportes > Fitness > Tapetes de Yoga',
  'Juguetes > Peluches',
  'Juguetes > Juegos de Mesa',
  'Papelería > Cuadernos',
  'Papelería > Plumas y Lápices',
  'Mascotas > Perros > Camas para Perro',
  'Mascotas > Gatos > Rascadores',
  'Belleza > Cuidado de la Piel',
  'Herramientas > Eléctricas > Taladros',
  'Herramientas > Manuales > Desarmadores',
];

/** Channels that expose a tree, with how their ids look (Mercado Libre: "MLM1234"). */
const ID_STYLE: Partial<Record<WriteChannel, (n: number) => string>> = {
  mercadolibre: (n) => `MLM${1000 + n * 37}`,
  amazon: (n) => String(9482558011 + n * 7),
  walmart: (n) => `WM${5000 + n}`,
  linio: (n) => `LIN-${200 + n}`,
  claroshop: (n) => String(20000 + n * 3),
  shopify: (n) => `gid-${300 + n}`,
  prestashop: (n) => String(10 + n),
  woocommerce: (n) => String(50 + n),
  magento: (n) => String(3 + n),
  mercadoshops: (n) => `MLM${1000 + n * 37}`,
};

/** The unique node paths in a stable order (parents before children). */
function allNodePaths(): string[] {
  const out: string[] = [];
  for (const leaf of PATHS) {
    const parts = leaf.split(' > ');
    for (let i = 1; i <= parts.length; i++) {
      const p = parts.slice(0, i).join(' > ');
      if (!out.includes(p)) out.push(p);
    }
  }
  return out;
}

const NODE_PATHS = allNodePaths();

const TREES = new Map<string, TaxonomyNode[]>();
for (const [channel, idOf] of Object.entries(ID_STYLE) as [WriteChannel, (n: number) => string][]) {
  TREES.set(
    channel,
    NODE_PATHS.map((path, n) => ({ id: idOf(n + 1), name: path.split(' > ').pop() as string, path, channel })),
  );
}

/** The tree of a channel (empty when the channel exposes none). */
export function taxonomy(channel: WriteChannel): readonly TaxonomyNode[] {
  return TREES.get(channel) ?? [];
}

/** The node path of a tree index (used by the seed to build the seller's own category tree). */
export function taxonomyPaths(): readonly string[] {
  return NODE_PATHS;
}

/** Lower case without accents, for case- and accent-insensitive search. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Every keyword word must occur in the node's path (so "lampara mesa" finds
 * "Hogar > Iluminación > Lámparas de Mesa"); hits whose own name matches come first.
 */
export function searchTaxonomy(channel: WriteChannel, keyword: string, limit = 50): TaxonomyNode[] {
  const words = fold(keyword).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits = taxonomy(channel).filter((n) => {
    const path = fold(n.path);
    return words.every((w) => path.includes(w));
  });
  const nameHit = (n: TaxonomyNode) => words.some((w) => fold(n.name).includes(w));
  return hits
    .map((n, i) => ({ n, i, score: nameHit(n) ? 0 : 1 }))
    .sort((a, b) => a.score - b.score || a.i - b.i)
    .slice(0, limit)
    .map((h) => h.n);
}
