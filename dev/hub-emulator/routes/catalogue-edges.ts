/**
 * Read edges of Get Products Stock Price (read-faults.ts; README "Read edges").
 *   `catalogueTotalDrift` — answer-only: `total` off by −3..+3 (never below 0);
 *   `catalogueChurn`      — state change AFTER the answer was built: a new product is added (at
 *                           the end of the creation order) or a random one deleted (the later
 *                           ones move up one offset), as a seller's catalogue changes while a
 *                           client pages through it.
 *   `catalogueBurst`      — state change AFTER the answer: 2 to 4 random products are deleted at
 *                           once (a seller archiving a batch), so later offsets shift by more
 *                           than the one product a client's page overlap can absorb.
 */
import { makeProduct } from '../generate';
import type { Hub } from '../hub';
import { wholeSecond, type ReadPlan } from '../read-faults';
import { Rng } from '../rng';
import type { ProductPage } from '../../../src/api/schemas/stock';

/** The page as the answer-only edge makes it; `page` is the true page. */
export function shapeProductPage(plan: ReadPlan, page: ProductPage): ProductPage {
  if (!plan.chance('catalogueTotalDrift')) return page;
  const total = plan.drift(page.total);
  plan.note('catalogueTotalDrift', total - page.total);
  return { ...page, total };
}

/** The state-changing edge of one products-page call; run after the answer was serialised. */
export function catalogueStateEdges(plan: ReadPlan, hub: Hub): void {
  const st = hub.state;
  if (plan.chance('catalogueBurst')) {
    const n = plan.int(2, 4);
    for (let i = 0; i < n && st.products.length > 0; i++) {
      const gone = plan.choose(st.products);
      st.removeProduct(gone);
      plan.note('catalogueBurst', `-${gone.sku}`);
    }
    st.changed();
  }
  if (!plan.chance('catalogueChurn')) return;
  if (st.products.length > 0 && plan.coin()) {
    const gone = plan.choose(st.products);
    st.removeProduct(gone);
    plan.note('catalogueChurn', `-${gone.sku}`);
  } else {
    // A product new to the hub, listed `active` on the account's channels (none when it has none).
    let sku: string;
    do sku = `NEW-${plan.chars('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 6)}`;
    while (st.product(sku));
    const p = makeProduct(
      new Rng(plan.seed()),
      sku,
      `Producto nuevo ${sku}`,
      0,
      st.channels,
      'active',
      new Date(wholeSecond(hub.clock.now())).toISOString(),
    );
    p.internalId = `ERP-${sku}`; // not ERP-00000N: that could be an existing product's id
    st.upsertProduct(p);
    plan.note('catalogueChurn', `+${sku}`);
  }
  st.changed();
}
