/**
 * One step's action, whatever its kind: the sheet steps (act-sheet.ts), the sending steps
 * (act-push.ts), a sale window scheduled (act-sale.ts), and the rest — a catalogue pull, a change on the hub behind the add-on's back,
 * time passing with the trigger running (job reads failing, when the step says so), an open of
 * the spreadsheet, a refresh of job results.
 */
import type { HubProduct } from '../invariant/check';
import { changeRule, restructure, typeIntoCell } from './act-sheet';
import { scheduleSale } from './act-sale';
import { previewAndPush, push, revert, undo, type EditBetween, type PushOutcome } from './act-push';
import type { CrossEnv } from './env';
import type { Step } from './scenario';
import { hubProducts } from './world';

export interface ActOutcome extends PushOutcome {
  /** The people changed the sheets (their cells are the new expectation). */
  peopleEdited: boolean;
}

/** Faults that make every read of an async job fail (5xx on each attempt). */
export const JOB_READS_FAIL = { pathPattern: 'getstockpricejob|getstatusrequest', rates: { '500': 1 } };

function changeOnHub(cross: CrossEnv, step: Extract<Step, { kind: 'hub' }>): string | null {
  const products = [...hubProducts(cross).values()].sort((a, b) => a.sku.localeCompare(b.sku));
  if (products.length === 0) return null;
  const p = JSON.parse(JSON.stringify(products[Math.min(products.length - 1, Math.floor(step.product * products.length))])) as HubProduct;
  const listing = step.channel ? p.listings[step.channel] : undefined;
  if (step.channel && !listing) return null;
  if (listing) {
    if (step.field === 'quantity') listing.quantity = Math.round(step.value);
    else listing[step.field] = step.value;
  } else if (step.field === 'quantity') p.quantity = Math.round(step.value);
  else p.price = step.value;
  cross.env.adminSync('POST', '/__admin/products', { products: [p] });
  return `hub: ${p.sku} ${step.field}${step.channel ? ` [${step.channel}]` : ''} ← ${step.value}`;
}

export function act(cross: CrossEnv, step: Step, editBetween: (lines: Map<string, number>) => EditBetween | null): ActOutcome {
  const { env } = cross;
  const done = (what: string | null, peopleEdited = false): ActOutcome => ({ said: what ? [what] : [], peopleEdited });
  switch (step.kind) {
    case 'edit':
      return done(typeIntoCell(cross, step), true);
    case 'structure':
      return done(restructure(cross, step), true);
    case 'rule':
      return done(changeRule(cross, step.row, step.at), true);
    case 'push':
      return { ...push(cross, step), peopleEdited: false };
    case 'preview':
      return { ...previewAndPush(cross, step, editBetween), peopleEdited: false };
    case 'undo':
      return { ...undo(cross, step), peopleEdited: false };
    case 'revert':
      return { ...revert(cross, step), peopleEdited: false };
    case 'pull':
      cross.as[step.user]('pullCatalogueFromMenu');
      // A pull writes the hub's values into the seller's columns: asked for, so the new expectation.
      return done('catalogue pulled', true);
    case 'hub':
      return done(changeOnHub(cross, step));
    case 'contrary':
      return done('the hub turns contrary for the next step');
    case 'background': {
      if (step.failJobReads) env.adminSync('POST', '/__admin/faults', { ...JOB_READS_FAIL, seed: step.minutes });
      try {
        const runs = env.rt.advance(step.minutes * 60_000);
        return done(`${step.minutes} minutes passed: ${runs.length} trigger run(s)${step.failJobReads ? ', job reads failing' : ''}`);
      } finally {
        if (step.failJobReads) env.adminSync('DELETE', '/__admin/faults');
      }
    }
    case 'sale':
      // The window's cells are the people's: the new expectation.
      return done(scheduleSale(cross, step), true);
    case 'open':
      cross.rts[step.user].open();
      return done(`${step.user} opened the spreadsheet`);
    case 'refreshJobs': {
      const r = cross.as[step.user]('refreshJobs');
      return done(JSON.stringify(r).slice(0, 200));
    }
    default:
      return done(null);
  }
}
