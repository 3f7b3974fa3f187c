/**
 * The checks after every step of a cross-feature scenario, and the state they keep across steps:
 * the cells the people left (inputs), when each hub value was last sent or read by the add-on and
 * last changed behind its back (snapshot), the ground truth of background job polling (alerts).
 * A violation throws at the end of its step, naming the invariant in brackets: [a] OK means the hub
 * holds what left, [b] every value that left passes a typed cell's limits, [c] Push changes right
 * after a push, [d] undo, [e] alerts, [f] a sale's end, [inputs], [preview], [scope], [errors].
 */
import type { LogEntry } from '../../hub-emulator/reqlog';
import { zonedDateTime } from '../../../src/core/kernel/time';
import type { AlertsRecord } from '../../../src/core/alerts/schema';
import type { ActOutcome } from './act';
import { AlertWatch, checkMailed, checkOpenNotice, readAlertsRecord } from './check-alerts';
import { checkChangesAfter, confirmedRows, passedOverCells } from './check-changes';
import { cellsAreSent, checkCells } from './check-cells';
import { checkInputs, readInputs, unexpectedErrors, type Inputs } from './check-inputs';
import { checkLanded } from './check-landed';
import { checkOutgoing } from './check-outgoing';
import { checkSnapshotNow, readSnapshot, staleKnowingly, type KeyTimes } from './check-snapshot';
import { checkRevert, checkUndo } from './check-undo';
import { SaleWatch } from './check-sales';
import { LEDGER_HEADER, LEDGER_SHEET } from '../../../src/core/pipeline/ledger/store';
import { isYes } from '../../../src/core/pipeline/rules/parse';
import type { CellValue } from '../../../src/core/kernel/ports';
import type { CrossEnv } from './env';
import { changedKeys } from './hub-values';
import { landing } from './landing';
import type { Ledger, StepRecord } from './ledger';
import type { CrossReport } from './runner';
import type { CrossScenario, PushOperation, Step } from './scenario';
import { sheetRows } from './sheet-rows';
import { SNAPSHOT_SHEET, STOCK_SHEET, hubProducts } from './world';

const ZONE = 'America/Mexico_City';

export class StepChecks {
  private expected: Inputs;
  private readonly times: KeyTimes = { confirmed: new Map(), external: new Map() };
  private readonly watch = new AlertWatch();
  private readonly sales = new SaleWatch();
  private violations: string[] = [];
  private marks = { dialogs: 0, toasts: 0, alerts: null as AlertsRecord | null };
  private outcome: ActOutcome | null = null;
  private background: LogEntry[] = [];
  private readonly seenPushIds = new Set<string>();
  /** Pushes the time trigger made between the last step and this one's action (beforeAct). */
  private between: string[] = [];
  /** The hub's request log ids around this step's action (the time trigger's work is outside them). */
  private actIds = { actFromId: 0, actToId: Number.POSITIVE_INFINITY };

  constructor(
    private readonly cross: CrossEnv,
    private readonly scenario: CrossScenario,
    readonly ledger: Ledger,
    private readonly report: CrossReport,
  ) {
    this.expected = readInputs(cross.env.rt);
  }

  private count(what: string, n: number): void {
    this.report.checked[what] = (this.report.checked[what] ?? 0) + n;
  }

  countFaults(injected: Record<string, number>): void {
    for (const [k, n] of Object.entries(injected)) this.report.faults[k] = (this.report.faults[k] ?? 0) + n;
  }

  beforeAct(_step: Step): void {
    const { rt } = this.cross.env;
    this.marks = { dialogs: rt.dialogs().length, toasts: rt.toasts().length, alerts: readAlertsRecord(rt) };
    this.between = this.newPushIds();
  }

  /** Just before people edit in the middle of a step: the add-on has left their cells alone so far. */
  beforePeopleEdit(): void {
    this.violations.push(...checkInputs(this.cross.env.rt, this.expected, this.cross.env.token).map((v) => `[inputs] ${v}`));
  }

  peopleEdited(): void {
    this.expected = readInputs(this.cross.env.rt);
  }

  /** Completes the step's record from what its action did, and adds it to the ledger. */
  record(r: StepRecord, outcome: ActOutcome, ids: { actFromId: number; actToId: number }): void {
    this.outcome = outcome;
    this.actIds = ids;
    const { rt } = this.cross.env;
    // What the menu said: its dialogs and toasts.
    for (const d of rt.dialogs().slice(this.marks.dialogs)) r.said.push(`dialog: ${(d.message ?? '').slice(0, 300)}`);
    for (const t of rt.toasts().slice(this.marks.toasts)) r.said.push(`toast: ${t.message.slice(0, 300)}`);
    const s = r.step;
    if (s.kind === 'push') r.pushOf = s.operation;
    if (s.kind === 'preview' && outcome.previewed && outcome.refused === undefined) r.pushOf = s.operation;
    if (s.kind === 'hub') r.external = changedKeys(r.hubBefore, r.hubAfter);
    r.pushIds = this.newPushIds();
    r.betweenPushIds = this.between;
    if (s.kind === 'revert') r.reverted = outcome.reverted ?? null;
    if (s.kind === 'undo') {
      const at = outcome.namedAt ?? null;
      const named = at === null ? null : this.pushAt(at);
      r.undid = { named: named?.index ?? null, at, overwrite: s.overwrite, whose: s.whose };
    }
    // The time trigger's work: before and after the action, and the action itself when it is time passing.
    this.background = r.requests.filter(
      (e) => e.id <= ids.actFromId || e.id > ids.actToId || (s.kind === 'background' && e.id > ids.actFromId),
    );
    this.ledger.add(r);
    if (s.kind === 'preview') this.violations.push(...this.previewViolations(r, outcome, ids));
    // A second editor's approval that went ahead: checked as the preview it showed (previewViolations).
    if (s.kind === 'preview' && s.approval && outcome.previewed) {
      this.count('approvals reviewed', 1);
      if (outcome.refused === undefined) this.count('approved pushes', 1);
    }
  }

  /** Push ids of the change ledger not seen after an earlier step. */
  private newPushIds(): string[] {
    const { rt } = this.cross.env;
    if (!rt.sheetNames().includes(LEDGER_SHEET)) return [];
    const column = LEDGER_HEADER.indexOf('Push');
    const fresh = new Set<string>();
    for (const row of rt.sheet(LEDGER_SHEET).values().slice(1)) {
      const id = String(row[column] ?? '');
      if (id && !this.seenPushIds.has(id)) fresh.add(id);
    }
    fresh.forEach((id) => this.seenPushIds.add(id));
    return [...fresh];
  }

  /** The push step a time names ("2026-11-20 09:02": when it started or ended), the latest such. */
  private pushAt(at: string): StepRecord | null {
    const found = this.ledger.pushes().filter((p) => zonedDateTime(p.start, ZONE) === at || zonedDateTime(p.end, ZONE) === at);
    return found.length > 0 ? found[found.length - 1] : null;
  }

  /** A preview's push sends exactly what it showed; with a previewed value edited in between, nothing. */
  private previewViolations(r: StepRecord, outcome: ActOutcome, ids: { actFromId: number; actToId: number }): string[] {
    const sent = r.sent.filter((x) => x.requestId > ids.actFromId && x.requestId <= ids.actToId);
    if (!outcome.previewed) return sent.length > 0 ? [`[preview] sent ${sent[0].key} with no preview to push`] : [];
    const out: string[] = [];
    if (outcome.editedBetween) {
      if (outcome.editedBetween.mustRefuse && outcome.refused === undefined)
        out.push(`[preview] Push these changes went ahead after a previewed value was edited (${outcome.editedBetween.what})`);
      if (outcome.refused !== undefined && sent.length > 0) out.push(`[preview] a refused Push these changes sent ${sent[0].key}`);
      return out;
    }
    for (const x of sent) {
      const line = `${x.sku}|${x.channel ?? ''}|${x.field}`;
      const shown = outcome.previewed.get(line) ?? outcome.unchanged?.get(line);
      if (shown !== x.value)
        out.push(`[preview] Push these changes sent ${x.key} = ${x.value}, but the preview showed ${shown ?? 'no such value'}`);
    }
    return out;
  }

  /** Every invariant after a step; throws with what broke. */
  after(r: StepRecord): void {
    const { env } = this.cross;
    const { rt } = env;
    const outcome = this.outcome as ActOutcome;
    const v = this.violations;
    if (outcome.peopleEdited) this.expected = readInputs(rt);
    else v.push(...checkInputs(rt, this.expected, env.token).map((x) => `[inputs] ${x}`));
    v.push(...unexpectedErrors(rt, r.said, this.marks.dialogs).map((x) => `[errors] ${x}`));
    const out = checkOutgoing(r.sent, `step ${r.index + 1}`);
    this.count('values that left', out.checked);
    v.push(...out.violations.map((x) => `[b] ${x}`));
    this.updateTimes(r);
    const values = rt.sheet(STOCK_SHEET).values();
    const landed = checkLanded(values, this.ledger, r, r.from, r.hubAfter);
    this.count('OK values held by the hub', landed.checked);
    v.push(...landed.violations.map((x) => `[a] ${x}`));
    const op = this.cellOperation(r);
    if (op && cellsAreSent(this.scenario, this.rulesInUse(), (values[0] ?? []).map(String))) {
      // Push changes sends a general value only when it changed: a channel's OK speaks of it only then.
      const general = new Set(r.sent.filter((x) => x.channel === null).map((x) => `${x.sku}|${x.field}`));
      const sentNow = op === 'changes' ? (sku: string, field: string) => general.has(`${sku}|${field}`) : undefined;
      const cells = checkCells(values, op, r.from, hubProducts(this.cross), (key) => staleKnowingly(this.times, key), sentNow);
      this.count('OK cells held by the hub', cells.checked);
      v.push(...cells.violations.map((x) => `[a] ${x}`));
    }
    if (r.step.kind === 'push' && r.step.scope === 'selected' && r.step.operation !== 'changes') v.push(...this.scopeViolations(r));
    if (rt.sheetNames().includes(SNAPSHOT_SHEET)) {
      const snap = checkSnapshotNow(readSnapshot(rt.sheet(SNAPSHOT_SHEET).values()), hubProducts(this.cross), this.times);
      this.count('snapshot entries', snap.checked);
      v.push(...snap.violations.map((x) => `[a] ${x}`));
    }
    if (r.undid) {
      const undo = checkUndo(this.ledger, r, this.actIds);
      this.count('undo values', undo.checked);
      v.push(...undo.violations.map((x) => `[d] ${x}`));
    }
    if (r.reverted !== undefined) {
      const reverted = checkRevert(this.ledger, r, this.actIds);
      this.count('revert values', reverted.checked);
      v.push(...reverted.violations.map((x) => `[d] ${x}`));
    }
    const sales = this.sales.check(rt, r);
    this.count('sale ends checked', sales.checked);
    v.push(...sales.violations.map((x) => `[f] ${x}`));
    this.alerts(r);
    this.throwIfBroken(r);
  }

  /** The operation whose OK the rows written in this step speak for (a job's results: async). */
  private cellOperation(r: StepRecord): PushOperation | null {
    if (r.pushOf) return r.pushOf;
    return r.step.kind === 'background' || r.step.kind === 'refreshJobs' ? 'async' : null;
  }

  /** The Rules sheet's rows (header left out), [] when there is none. */
  private ruleRows(): unknown[][] {
    const { rt } = this.cross.env;
    return rt.sheetNames().includes('Rules') ? rt.sheet('Rules').values().slice(1) : [];
  }

  private rulesInUse(): boolean {
    return this.ruleRows().some((row) => row.some((v) => v !== '' && v !== null));
  }

  /**
   * The channels whose per-channel cells a rule shapes: those a Rules row names as its own, and —
   * when the `*` row also takes per-channel columns — every channel of the stock sheet without a
   * row of its own (the `*` rule is theirs, as the product's ruleFor picks it).
   */
  private ownRules(): Set<string> {
    const { rt } = this.cross.env;
    const header = rt.sheetNames().includes('Rules') ? (rt.sheet('Rules').values()[0] ?? []).map(String) : [];
    const perChannel = header.indexOf('Also per-channel columns');
    const rows = this.ruleRows();
    const channelOf = (row: unknown[]): string =>
      String(row[0] ?? '')
        .trim()
        .toLowerCase();
    const named = new Set(rows.map(channelOf).filter((c) => c !== '' && c !== '*'));
    const everyTakesChannels = perChannel >= 0 && rows.some((row) => channelOf(row) === '*' && isYes(row[perChannel] as CellValue));
    if (!everyTakesChannels) return named;
    const stockHeader = (rt.sheet(STOCK_SHEET).values()[0] ?? []).map(String);
    for (const h of stockHeader) {
      const channel = /\[([^\]]+)\]$/.exec(h)?.[1];
      if (channel) named.add(channel.trim().toLowerCase());
    }
    return named;
  }

  /** A push of selected rows sends only for the SKUs of the rows selected. */
  private scopeViolations(r: StepRecord): string[] {
    const picked = this.outcome?.selected;
    if (!picked) return [];
    // The push's own requests: the time trigger's work around it (a scheduled sale's start) is not the push's.
    const { actFromId, actToId } = this.actIds;
    return r.sent
      .filter((x) => x.requestId > actFromId && x.requestId <= actToId && !picked.has(x.sku))
      .map((x) => `[scope] a push of the selected rows sent ${x.key}, whose row was not selected`);
  }

  private alerts(r: StepRecord): void {
    const { rt } = this.cross.env;
    const record = readAlertsRecord(rt);
    if (this.watch.observe(this.background, r.start, record)) this.count('background job reads failed', 1);
    this.count('alert checks', 1);
    const v = this.violations;
    v.push(...this.watch.violations(rt.now()).map((x) => `[e] ${x}`));
    if (r.step.kind === 'open' && this.marks.alerts) {
      const toasts = rt
        .toasts()
        .slice(this.marks.toasts)
        .map((t) => `${t.title ?? ''} ${t.message}`);
      v.push(...checkOpenNotice(this.marks.alerts, toasts).map((x) => `[e] ${x}`));
    }
    if (r.step.kind === 'background' && r.step.minutes >= 60 && this.marks.alerts)
      v.push(...checkMailed(this.marks.alerts, record, rt.mails()).map((x) => `[e] ${x}`));
  }

  /** Keys the add-on now knows the hub's value of (it sent them and they landed, or pulled them); keys changed behind its back. */
  private updateTimes(r: StepRecord): void {
    for (const key of r.external) this.times.external.set(key, r.index);
    if (r.step.kind === 'pull') for (const key of r.hubAfter.keys()) this.times.confirmed.set(key, r.index);
    for (const [key, { value }] of landing(r.sent, r.hubBefore)) if (r.hubAfter.get(key) === value) this.times.confirmed.set(key, r.index);
  }

  /**
   * Invariant (c): the rows a clean push left OK whose every filled number cell it sends, and the
   * per-channel cells it passed a general value over that were no edit before it.
   */
  confirmedByPush(r: StepRecord): { rows: Set<string>; passedOver: Set<string> } {
    const rows = sheetRows(this.cross.env.rt.sheet(STOCK_SHEET).values());
    const operation = r.pushOf as PushOperation;
    const { plainChannels } = this.scenario;
    return {
      rows: confirmedRows(rows, operation, r.start, plainChannels, this.ownRules()),
      passedOver: passedOverCells(rows, operation, r.start, r.snapshotBefore, plainChannels, this.ownRules()),
    };
  }

  changesAfter(confirmed: { rows: Set<string>; passedOver: Set<string> }, check: StepRecord, push: StepRecord): void {
    const previewed = push.step.kind === 'preview' ? new Set(push.sent.map((s) => `${s.sku}|${s.key}`)) : undefined;
    // Push changes' own requests: the time trigger's work around it (a scheduled sale's start or end) is not its.
    const { actFromId, actToId } = this.actIds;
    const own = check.sent.filter((x) => x.requestId > actFromId && x.requestId <= actToId);
    const c = checkChangesAfter(confirmed.rows, own, push.index, previewed, confirmed.passedOver);
    this.count('rows Push changes left alone', c.checked);
    this.count('cells passed over, left alone', confirmed.passedOver.size);
    this.violations.push(...c.violations.map((x) => `[c] ${x}`));
    this.throwIfBroken(check);
  }

  end(): void {
    this.throwIfBroken(null);
    if (process.env.CROSS_TRACE) console.log(this.history());
  }

  private history(): string {
    return this.ledger.steps
      .map(
        (s) =>
          `  ${s.index + 1}. ${s.check ? '(check) ' : ''}${JSON.stringify(s.step)}${s.faulted ? ' [contrary hub]' : ''}\n     ${s.said.join(' | ').slice(0, 400)}`,
      )
      .join('\n');
  }

  private throwIfBroken(r: StepRecord | null): void {
    if (this.violations.length === 0) return;
    const history = this.history();
    const broken = this.violations.slice(0, 12).join('\n- ');
    this.violations = [];
    throw new Error(`Cross-feature invariant broken${r ? ` after step ${r.index + 1}` : ''}:\n- ${broken}\nSteps:\n${history}`);
  }
}
