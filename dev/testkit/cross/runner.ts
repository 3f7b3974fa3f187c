/**
 * Runs one cross-feature scenario against the built bundle in the runtime emulator and the hub
 * emulator: builds its world, then runs its steps one by one — each after a couple of virtual
 * minutes (the time trigger runs when due), with the hub contrary when the step before said so —
 * recording each in the ledger and checking every invariant after it (step-checks.ts). After a
 * push that ran with no fault, a Push changes runs at once as a check step (invariant c). The first
 * step with a violation throws with what broke; fast-check then shrinks the scenario.
 */
import type { LogEntry } from '../../hub-emulator/reqlog';
import type { FaultMix } from '../invariant/scenario';
import { act } from './act';
import type { EditBetween } from './act-push';
import { setCell } from './act-sheet';
import type { CrossEnv } from './env';
import { hubValues } from './hub-values';
import { Ledger, sentOf, type StepRecord } from './ledger';
import type { CrossScenario, Step } from './scenario';
import { readSnapshot } from './check-snapshot';
import { StepChecks } from './step-checks';
import { sheetRows } from './sheet-rows';
import { CELL_MEANINGS, INPUT_HEADERS, type NumericField } from '../../../src/sheet';
import { SNAPSHOT_SHEET, STOCK_SHEET, buildWorld, hubProducts } from './world';

/** Virtual time between two steps. */
const GAP_MS = 2 * 60_000;
/** Time after an action for the hub to run the jobs it was sent (its start delay is 2 s). */
const SETTLE_MS = 5_000;

export interface CrossReport {
  steps: number;
  checkSteps: number;
  kinds: Record<string, number>;
  checked: Record<string, number>;
  faults: Record<string, number>;
}

export class CrossRunner {
  constructor(private readonly cross: CrossEnv) {}

  private lastId = 0;

  private requestsSince(id: number): { lastId: number; requests: LogEntry[] } {
    return this.cross.env.adminSync('GET', `/__admin/requests?since=${id}`);
  }

  private syncClock(): void {
    this.cross.env.adminSync('POST', '/__admin/clock', { now: this.cross.env.rt.now() });
  }

  run(s: CrossScenario): CrossReport {
    const { env } = this.cross;
    buildWorld(this.cross, s);
    this.lastId = this.requestsSince(0).lastId;
    const report: CrossReport = { steps: 0, checkSteps: 0, kinds: {}, checked: {}, faults: {} };
    const checks = new StepChecks(this.cross, s, new Ledger(), report);
    let pending: FaultMix | null = null;
    for (const step of s.steps) {
      const record = this.execute(step, false, pending, checks);
      pending = step.kind === 'contrary' ? step.faults : null;
      report.steps++;
      report.kinds[step.kind] = (report.kinds[step.kind] ?? 0) + 1;
      checks.after(record);
      if (record.pushOf !== null && record.pushOf !== 'async' && !record.faulted && record.requests.every(cleanAnswer)) {
        // Invariant (c): Push changes at once, with no fault, by the same user.
        const confirmed = checks.confirmedByPush(record);
        const again: Step = { kind: 'push', user: record.user ?? 'A', operation: 'changes', scope: 'changed', via: 'menu', select: [] };
        const check = this.execute(again, true, null, checks);
        report.checkSteps++;
        checks.after(check);
        checks.changesAfter(confirmed, check, record);
      }
    }
    checks.end();
    void env;
    return report;
  }

  /** Runs one step and records it. */
  private execute(step: Step, check: boolean, faults: FaultMix | null, checks: StepChecks): StepRecord {
    const { env } = this.cross;
    const { rt } = env;
    const fromId = this.lastId;
    const from = rt.now();
    if (step.kind !== 'background') rt.advance(GAP_MS);
    this.syncClock();
    const actFromId = this.requestsSince(fromId).lastId;
    const hubBefore = hubValues(hubProducts(this.cross).values());
    const snapshotBefore = readSnapshot(rt.sheetNames().includes(SNAPSHOT_SHEET) ? rt.sheet(SNAPSHOT_SHEET).values() : null);
    checks.beforeAct(step);
    const faulted = faults !== null && step.kind !== 'contrary';
    if (faulted) env.adminSync('POST', '/__admin/faults', faults);
    const start = rt.now();
    let outcome: ReturnType<typeof act>;
    try {
      outcome = act(this.cross, step, (lines) => this.editPreviewed(step, lines, checks));
    } finally {
      if (faulted) {
        const injected = env.adminSync<{ injected: Record<string, number> }>('GET', '/__admin/faults').injected;
        checks.countFaults(injected);
        env.adminSync('DELETE', '/__admin/faults');
      }
    }
    const end = rt.now();
    const actToId = this.requestsSince(fromId).lastId;
    rt.advance(SETTLE_MS);
    this.syncClock();
    const { lastId, requests } = this.requestsSince(fromId);
    this.lastId = lastId;
    const products = hubProducts(this.cross);
    const byErp = new Map([...products.values()].reverse().map((p) => [p.internalId, p.sku]));
    const hubAfter = hubValues(products.values());
    const record: StepRecord = {
      index: checks.ledger.steps.length,
      step,
      check,
      // Who made the push: an approval's is the other user's, who approved it.
      user: !('user' in step) ? null : step.kind === 'preview' && step.approval ? (step.user === 'A' ? 'B' : 'A') : step.user,
      from,
      start,
      end,
      faulted,
      requests,
      sent: requests.flatMap((e) => sentOf(e, (id) => byErp.get(id))),
      hubBefore,
      hubAfter,
      external: [],
      snapshotBefore,
      pushOf: null,
      said: outcome.said,
    };
    checks.record(record, outcome, { actFromId, actToId });
    return record;
  }

  /** A previewed value's cell edited between the preview and its push (blank, or another number). */
  private editPreviewed(step: Step, lines: Map<string, number>, checks: StepChecks): EditBetween | null {
    if (step.kind !== 'preview' || !step.editBetween || lines.size === 0) return null;
    const keys = [...lines.keys()];
    const [sku, channel, field] = keys[Math.min(keys.length - 1, Math.floor(step.editBetween.line * keys.length))].split('|');
    const row = sheetRows(this.cross.env.rt.sheet(STOCK_SHEET).values()).find((r) => r.sku === sku);
    const plain = INPUT_HEADERS[field as NumericField];
    if (!row || !plain) return null;
    // The cell the push sends the line from: a per-channel one when the operation sends those, else
    // the plain one (a general value's line per channel is the channels it reaches).
    const perChannel = `${plain} [${channel}]`;
    const sendsPerChannel = (CELL_MEANINGS[step.operation].perChannel as readonly string[]).includes(field);
    const header = channel && sendsPerChannel && row.cells.has(perChannel) ? perChannel : plain;
    if (!row.cells.has(header)) return null;
    const was = row.cells.get(header);
    const next = step.editBetween.blank
      ? ''
      : typeof was === 'number'
        ? field === 'quantity'
          ? Math.floor(Math.abs(was)) + 1
          : Math.round((Math.abs(was) + 1) * 100) / 100
        : field === 'quantity'
          ? 4321
          : 43.21;
    // Another filled cell of the field (the plain one beside a per-channel one) may give the same value.
    const others = [...row.cells].filter(([h, v]) => h !== header && (h === plain || h.startsWith(`${plain} [`)) && v !== '');
    const rules = this.cross.env.rt.sheetNames().includes('Rules');
    checks.beforePeopleEdit();
    setCell(this.cross, header, row.row, next);
    checks.peopleEdited();
    return {
      what: `${header} of row ${row.row} (${sku}) ${JSON.stringify(was)} → ${JSON.stringify(next)}`,
      mustRefuse: others.length === 0 && (next === '' || !rules),
    };
  }
}

/** An answer with no fault: status 200, nothing injected. */
function cleanAnswer(e: LogEntry): boolean {
  return e.status === 200 && e.fault === null && (e.answerFaults ?? []).length === 0;
}
