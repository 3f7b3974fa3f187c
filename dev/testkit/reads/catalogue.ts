/**
 * The catalogue pull's "In hub" property: a random catalogue (with duplicate SKUs and SKUs that
 * differ from the sheet's only by spaces or case), a sheet of SKUs the hub has, does not have, or
 * has only as such a twin, and a hub whose list changes while it is read (products added and
 * deleted — one or a batch — between page calls, totals that drift, 500s). After the pull: no SKU the hub held
 * through the whole pull is marked "not in the hub", no SKU the hub never held says "Yes", a twin
 * is never taken for the sheet's SKU; and when the hub held still, every absent SKU is marked and
 * every duplicate is named, its row showing the oldest product (the one pushes update), in any sort.
 */
import * as fc from 'fast-check';
import type { AddonEnv, AdminMethod } from '../env';
import { resetScenarioWorld } from '../scenario-world';
import type { ReadReport } from './suite';

export interface CatalogueScenario {
  seed: number;
  products: number;
  duplicates: number[];
  twins: Array<{ kind: 'space' | 'case'; n: number }>;
  /** Of each 10 hub SKUs, how many the sheet holds (the rest are new rows for the pull). */
  inSheet: number;
  absent: number;
  churn: number;
  burst: number;
  drift: number;
  error500: number;
  sort: '' | 'alph_asc' | 'alph_desc';
}

export function catalogueScenario(maxProducts: number): fc.Arbitrary<CatalogueScenario> {
  return fc.record({
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    products: fc.oneof(fc.integer({ min: 0, max: maxProducts }), fc.integer({ min: Math.min(60, maxProducts), max: maxProducts })),
    duplicates: fc.array(fc.nat(), { maxLength: 3 }),
    twins: fc.array(fc.record({ kind: fc.constantFrom('space' as const, 'case' as const), n: fc.nat({ max: 99 }) }), { maxLength: 2 }),
    // Mostly the whole catalogue: a product skipped by a shift is only visible as a false "No" on a sheet row.
    inSheet: fc.constantFrom(10, 10, 10, 7, 3, 0),
    absent: fc.integer({ min: 0, max: 4 }),
    churn: fc.constantFrom(0, 0, 0.1, 0.3, 0.6),
    burst: fc.constantFrom(0, 0, 0.2, 0.5),
    drift: fc.constantFrom(0, 0, 0.2),
    error500: fc.constantFrom(0, 0, 0, 0.1),
    sort: fc.constantFrom('' as const, '' as const, 'alph_asc' as const, 'alph_desc' as const),
  });
}

export interface CatalogueReport extends ReadReport {
  rowsChecked: number;
  falseNotInHub: number;
  falseInHub: number;
  markedAbsent: number;
  incompletePulls: number;
}

export class CatalogueRunner {
  constructor(private readonly env: AddonEnv) {}

  private admin<T>(method: AdminMethod, path: string, body?: unknown): T {
    return this.env.adminSync<T>(method, path, body);
  }

  private hubSkus(): string[] {
    return this.admin<{ products: Array<{ sku: string }> }>('GET', '/__admin/products').products.map((p) => p.sku.normalize('NFC'));
  }

  run(s: CatalogueScenario): CatalogueReport {
    const rt = this.env.rt;
    const report: CatalogueReport = {
      calls: 0,
      faults: {},
      violations: [],
      rowsChecked: 0,
      falseNotInHub: 0,
      falseInHub: 0,
      markedAbsent: 0,
      incompletePulls: 0,
    };
    resetScenarioWorld(this.env);
    for (const key of Object.keys(rt.properties('document'))) if (key !== 'settings') rt.setProperty('document', key, null);
    if (s.products > 0)
      this.admin('POST', '/__admin/products', {
        generate: { count: s.products, prefix: 'P-', channels: ['mercadolibre', 'amazon'], status: 'active', seed: s.seed },
      });
    const skus = this.hubSkus();
    const dupes = skus.length === 0 ? [] : [...new Set(s.duplicates.map((i) => skus[i % skus.length]))];
    if (dupes.length > 0)
      this.admin('POST', '/__admin/products', {
        duplicate: true,
        products: dupes.map((sku) => ({ sku, title: `copy of ${sku}`, quantity: 1, price: 1 })),
      });
    // Twins: the sheet holds T-n, the hub only "T-n " or "t-n".
    const twins = [...new Map(s.twins.map((t) => [t.n, t])).values()];
    if (twins.length > 0)
      this.admin('POST', '/__admin/products', { products: twins.map((t) => ({ sku: t.kind === 'space' ? `T-${t.n} ` : `t-${t.n}` })) });
    const inSheet = skus.filter((_, i) => i % 10 < s.inSheet);
    const absent = Array.from({ length: s.absent }, (_, i) => `X-${s.seed}-${i}`);
    const sheetSkus = [...inSheet, ...absent, ...twins.map((t) => `T-${t.n}`)];
    rt.addSheet('Stock & Prices', [['SKU', 'Quantity'], ...sheetSkus.map((sku, i) => [sku, i])]);
    const before = new Set(this.hubSkus());
    this.admin('POST', '/__admin/faults', {
      seed: s.seed,
      pathPattern: 'GetProductsStockPrice|products',
      rates: { 500: s.error500 },
      readFaults: { catalogueChurn: s.churn, catalogueBurst: s.burst, catalogueTotalDrift: s.drift },
    });
    const r = this.env.call('pullCatalogue', { overwriteEdits: true, ...(s.sort ? { sort: s.sort } : {}) });
    const injected = this.admin<{ injected: Record<string, number> }>('GET', '/__admin/faults').injected;
    for (const [k, n] of Object.entries(injected)) report.faults[k] = n;
    this.admin('DELETE', '/__admin/faults');
    const after = new Set(this.hubSkus());
    if (!r.ok) {
      // A pull that fails (every retry of a page answered 500) must say so and mark nothing.
      if (!/500|hub/i.test(r.error)) report.violations.push(`the pull failed with an unclear message: ${r.error}`);
    } else if (r.value.status !== 'done') {
      // Told to overwrite edits, the pull has nothing to ask (the cast this replaced read this case as done).
      report.violations.push(`the pull asked for confirmation although told to overwrite edits: ${r.value.message}`);
    } else {
      report.calls += r.value.requests;
      if (!r.value.consistent) report.incompletePulls++;
    }
    const quiet = s.churn === 0 && s.burst === 0 && s.drift === 0 && s.error500 === 0 && (report.faults['500'] ?? 0) === 0;
    const done = r.ok && r.value.status === 'done' ? r.value : null;
    // What each duplicated SKU's row must show: the oldest product's quantity (pushes update it).
    const oldest = new Map(
      dupes.map((sku) => [
        sku,
        this.admin<{ products: Array<{ quantity: number }> }>('GET', `/__admin/products?sku=${encodeURIComponent(sku)}`).products[0]
          ?.quantity,
      ]),
    );
    this.check(sheetSkus, absent, oldest, before, after, quiet && r.ok, report, done);
    return report;
  }

  private check(
    sheetSkus: string[],
    absent: string[],
    /** Duplicated SKUs and the quantity of the oldest product of each. */
    dupes: ReadonlyMap<string, number | undefined>,
    before: Set<string>,
    after: Set<string>,
    quiet: boolean,
    report: CatalogueReport,
    outcome: { consistent: boolean; message: string } | null,
  ): void {
    const values = this.env.rt.sheet('Stock & Prices').values();
    const header = values[0] as string[];
    const skuCol = header.indexOf('SKU');
    const hubCol = header.indexOf('In hub');
    const qtyCol = header.indexOf('Quantity');
    const inHub = new Map<string, string>();
    const quantity = new Map<string, unknown>();
    for (const row of values.slice(1)) {
      inHub.set(String(row[skuCol]).normalize('NFC'), hubCol < 0 ? '' : String(row[hubCol] ?? ''));
      quantity.set(String(row[skuCol]).normalize('NFC'), row[qtyCol]);
    }
    for (const sku of sheetSkus) {
      const said = inHub.get(sku) ?? '';
      report.rowsChecked++;
      const held = before.has(sku) && after.has(sku);
      const never = !before.has(sku) && !after.has(sku);
      if (/^No\b/.test(said)) {
        report.markedAbsent++;
        if (held) {
          report.falseNotInHub++;
          report.violations.push(`'${sku}' is marked "${said}" but the hub held it through the whole pull`);
        }
      }
      if (/^Yes\b/.test(said) && never) {
        report.falseInHub++;
        report.violations.push(`'${sku}' says "${said}" but the hub never had exactly that SKU`);
      }
      if (quiet) {
        if (absent.includes(sku) && !/^No\b/.test(said))
          report.violations.push(`the hub held still, yet absent '${sku}' says "${said}" (${outcome?.message ?? ''})`);
        if (/^T-/.test(sku) && !/^No\b.*not '/.test(said))
          report.violations.push(`twin '${sku}' says "${said}", not that the hub has it only with other spaces or case`);
        if (dupes.has(sku) && !/lists this SKU 2 times/.test(said))
          report.violations.push(`duplicate '${sku}' says "${said}" without naming both entries`);
        const shown = quantity.get(sku);
        if (dupes.has(sku) && shown !== dupes.get(sku))
          report.violations.push(`duplicate '${sku}' shows quantity ${String(shown)}, not the oldest product's ${String(dupes.get(sku))}`);
      }
    }
    if (quiet && outcome && !outcome.consistent)
      report.violations.push(`the hub held still, yet the pull found its list inconsistent: ${outcome.message}`);
  }
}
