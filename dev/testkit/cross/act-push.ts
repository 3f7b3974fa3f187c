/**
 * The steps that send: a push from the menu or the sidebar (any operation, any scope), a preview
 * and its "Push these changes", an undo from the menu or the sidebar. Each returns what it said
 * (for the report) and what the checks need to know of it.
 */
import { pushMenuName, type PushMenuName } from '../../../src/server/menu';
import type { Result } from '../../../src/server/serve';
import type { ServerCall } from '../env';
import { TEST_GUARDS } from '../test-guards';
import type { CrossEnv } from './env';
import type { PushOperation, PushScope, Step, User } from './scenario';
import { STOCK_SHEET } from './world';
import type { HistoryPage } from '../../../src/core/ledger/history';
import type { RevertTarget } from '../../../src/core/undo/ledger-source';

type Progress = { runId: string; finished: boolean };

/**
 * A previewed value's cell edited before its push. It must make the push refuse when the cell was
 * the row's only one of its field (no other cell gives the same value) and no rule could make the
 * new value send the same as the old.
 */
export interface EditBetween {
  what: string;
  mustRefuse: boolean;
}

/** What a sending step did. */
export interface PushOutcome {
  said: string[];
  /** The preview's push was refused (nothing sent), and why. */
  refused?: string;
  /** The preview's lines to send, as `SKU|channel|field` → the value (the Sheet column). */
  previewed?: Map<string, number>;
  /** The lines a preview would leave as they are (async items carry the quantity along). */
  unchanged?: Map<string, number>;
  /** An undo: the time of the push it named ("2026-11-20 09:02"), null when it named none. */
  namedAt?: string | null;
  /** A preview's edit in between made: the cell and how, and whether it must make the push refuse. */
  editedBetween?: EditBetween;
  /** Selected rows: the SKUs of the rows selected. */
  selected?: Set<string>;
  /** A revert from the History: the push id it named and what of it (null: the History listed no push). */
  reverted?: { target: RevertTarget; overwrite: boolean } | null;
}

const said = (r: Result<unknown>): string =>
  r.ok ? JSON.stringify(r.value).slice(0, 300) : `error: ${String((r as { error?: string }).error ?? '').slice(0, 300)}`;

/** Runs a started sidebar push to its end, chunk by chunk (bounded). */
function finish(call: ServerCall, first: Result<Progress>, out: string[]): void {
  let r = first;
  out.push(said(r));
  for (let i = 0; i < 60 && r.ok && r.value && !r.value.finished; i++) {
    r = call('continuePush', r.value.runId) as Result<Progress>;
    out.push(said(r));
  }
}

/** Selects the picked data rows (for Selected rows); the SKUs of the rows selected. */
export function selectRows(cross: CrossEnv, user: User, picks: number[]): Set<string> {
  const values = cross.env.rt.sheet(STOCK_SHEET).values();
  const rows = values.length - 1;
  if (rows < 1) return new Set();
  const chosen = [...new Set(picks.map((p) => 2 + Math.min(rows - 1, Math.floor(p * rows))))];
  cross.rts[user].select(
    STOCK_SHEET,
    chosen.map((r) => `A${r}`),
  );
  const header = values[0] ?? [];
  const cell = (r: number, name: string): string => String(values[r - 1][header.indexOf(name)] ?? '').trim();
  const picked = chosen.map((r) => cell(r, 'SKU'));
  // A push by ERP id names its rows by ERP id: one the hub does not know is `ERP?<id>` in what left (ledger.ts).
  if (header.includes('ERP id')) for (const r of chosen) if (cell(r, 'ERP id')) picked.push(`ERP?${cell(r, 'ERP id')}`);
  return new Set(picked);
}

/** The scope a push of `operation` is started with (Push changes has one). */
const scopeOf = (operation: PushOperation, scope: PushScope): PushScope => (operation === 'changes' ? 'changed' : scope);

export function push(cross: CrossEnv, step: Extract<Step, { kind: 'push' }>): PushOutcome {
  const call = cross.as[step.user];
  const scope = scopeOf(step.operation, step.scope);
  const selected = scope === 'selected' ? selectRows(cross, step.user, step.select) : undefined;
  const out: string[] = [];
  if (step.via === 'sidebar') finish(call, call('startPush', step.operation, scope) as Result<Progress>, out);
  else {
    const name: PushMenuName | 'pushChanges' = step.operation === 'changes' ? 'pushChanges' : pushMenuName(step.operation, scope);
    call(name);
  }
  return { said: out, ...(selected ? { selected } : {}) };
}

/** The Preview sheet's lines as `SKU|channel|field` → Sheet value, for the actions given. */
export function previewLines(cross: CrossEnv, actions: string[]): Map<string, number> {
  const out = new Map<string, number>();
  const { rt } = cross.env;
  if (!rt.sheetNames().includes('Preview')) return out;
  const stock = rt.sheet(STOCK_SHEET).values();
  const erpColumn = (stock[0] ?? []).indexOf('ERP id');
  for (const line of rt.sheet('Preview').values().slice(1)) {
    const [sku, row, channel, field, , sheet, , , what] = line;
    if (!actions.includes(String(what)) || typeof sheet !== 'number') continue;
    const rest = `|${channel === 'all channels' ? '' : String(channel)}|${String(field)}`;
    out.set(`${String(sku)}${rest}`, sheet);
    // A push by ERP id names a row the hub does not know as `ERP?<id>` (ledger.ts); the preview names it by its SKU cell.
    const erp = erpColumn >= 0 && typeof row === 'number' ? String(stock[row - 1]?.[erpColumn] ?? '').trim() : '';
    if (erp) out.set(`ERP?${erp}${rest}`, sheet);
  }
  return out;
}

export function previewAndPush(
  cross: CrossEnv,
  step: Extract<Step, { kind: 'preview' }>,
  editBetween: (lines: Map<string, number>) => EditBetween | null,
): PushOutcome {
  if (step.approval) return approvedPush(cross, step, editBetween);
  const call = cross.as[step.user];
  const scope = scopeOf(step.operation, step.scope);
  if (scope === 'selected') selectRows(cross, step.user, step.select);
  const shown = call('previewPush', step.operation, scope);
  const out: PushOutcome = { said: [said(shown)] };
  if (!shown.ok || !shown.value || shown.value.rowsToPush === 0) return out;
  out.previewed = previewLines(cross, ['send', 'send (not checked)']);
  out.unchanged = previewLines(cross, ['unchanged']);
  const edited = step.editBetween ? editBetween(out.previewed) : null;
  if (edited) out.editedBetween = edited;
  const pushed = call('pushPreviewedChanges', shown.value.previewId) as Result<Progress>;
  if (!pushed.ok) out.refused = String((pushed as { error?: string }).error ?? '');
  finish(call, pushed, out.said);
  return out;
}

/** Every guard rail needs a second editor, and the rows guard rail holds any push of more than 1 row. */
const APPROVAL_GUARDS = { pricePct: 1, zeroStock: 1, confirmValues: 0, rows: 1, approve: ['price', 'zeroStock', 'rows'] };

/**
 * The preview step through an approval: the user previews with every guard rail needing a second
 * editor and asks; the other user shows the request (the Preview sheet, read again) and approves
 * it. What the review showed is what must land, or nothing when a value was edited in between.
 * The settings go back to the suite's guard rails afterwards, whatever happened.
 */
function approvedPush(
  cross: CrossEnv,
  step: Extract<Step, { kind: 'preview' }>,
  editBetween: (lines: Map<string, number>) => EditBetween | null,
): PushOutcome {
  const author = cross.as[step.user];
  const approver = cross.as[step.user === 'A' ? 'B' : 'A'];
  const scope = scopeOf(step.operation, step.scope);
  if (scope === 'selected') selectRows(cross, step.user, step.select);
  const out: PushOutcome = { said: [] };
  author('saveSettings', { guards: APPROVAL_GUARDS });
  try {
    const shown = author('previewPush', step.operation, scope) as Result<{ approval: { draftId: string | null } }>;
    out.said.push(said(shown));
    const draftId = shown.ok ? shown.value?.approval.draftId : null;
    if (!draftId) return out;
    const asked = author('askForApproval', draftId) as Result<Array<{ id: string }>>;
    out.said.push(said(asked));
    const id = asked.ok ? asked.value?.find((r) => r.id === draftId)?.id : undefined;
    if (!id) return out;
    const review = approver('reviewApproval', id);
    out.said.push(said(review));
    if (!review.ok) return out;
    out.previewed = previewLines(cross, ['send', 'send (not checked)']);
    out.unchanged = previewLines(cross, ['unchanged']);
    const edited = step.editBetween ? editBetween(out.previewed) : null;
    if (edited) out.editedBetween = edited;
    const pushed = approver('approveAndPush', id) as Result<Progress>;
    if (!pushed.ok) {
      out.refused = String((pushed as { error?: string }).error ?? '');
      // A request left waiting would be approved by nobody: the author withdraws it.
      author('dropApproval', id);
    }
    finish(approver, pushed, out.said);
    return out;
  } finally {
    author('saveSettings', { guards: { ...TEST_GUARDS } });
  }
}

const AT = /(\d{4}-\d{2}-\d{2} \d{2}:\d{2})/;

export function undo(cross: CrossEnv, step: Extract<Step, { kind: 'undo' }>): PushOutcome {
  const call = cross.as[step.user];
  const anyone = step.whose === 'anyone';
  cross.policy.overwrite = step.overwrite;
  const out: PushOutcome = { said: [], namedAt: null };
  if (step.via === 'menu') {
    const before = cross.env.rt.dialogs().length;
    call(anyone ? 'undoLatestPushByAnyoneFromMenu' : 'undoLastPushFromMenu');
    const asked = cross.env.rt.dialogs().slice(before);
    // Its questions name the push (its time); a summary without a question restored nothing.
    const question = asked.find((d) => /\?/.test(d.message ?? '') && AT.test(d.message ?? ''));
    out.namedAt = question ? (AT.exec(question.message ?? '') as RegExpExecArray)[1] : null;
    return out;
  }
  const shown = call('previewUndo', step.overwrite, anyone);
  out.said.push(said(shown));
  if (!shown.ok || !shown.value || shown.value.pushId === null || shown.value.undoneAt !== null || shown.value.rowsToRestore === 0)
    return out;
  out.namedAt = shown.value.at;
  const v = shown.value;
  finish(call, call('undoLastPush', v.pushId as string, step.overwrite, v.newestId ?? undefined) as Result<Progress>, out.said);
  return out;
}

/** The `at`-th of `list` (a fraction of its length). */
const nth = <T>(list: readonly T[], at: number): T => list[Math.min(list.length - 1, Math.floor(at * list.length))];

/**
 * A revert from the History, as the sidebar does it: the History read (newest first), a push it
 * lists, whole or one entry's row or value, previewed, then put back when the preview offers it.
 */
export function revert(cross: CrossEnv, step: Extract<Step, { kind: 'revert' }>): PushOutcome {
  const call = cross.as[step.user];
  const out: PushOutcome = { said: [], reverted: null };
  const page = call('getHistory', {}) as Result<HistoryPage>;
  out.said.push(said(page));
  if (!page.ok || !page.value || page.value.entries.length === 0) return out;
  const { entries } = page.value;
  const push = nth([...new Set(entries.map((e) => e.push))], step.back);
  const e = nth(
    entries.filter((x) => x.push === push),
    step.pick,
  );
  const target: RevertTarget =
    step.part === 'push' ? { push } : step.part === 'row' ? { push, sku: e.sku } : { push, sku: e.sku, field: e.field, channel: e.channel };
  out.reverted = { target, overwrite: step.overwrite };
  const shown = call('previewRevert', target, step.overwrite) as Result<{ rowsToRestore: number; newestId: string }>;
  out.said.push(said(shown));
  if (!shown.ok || !shown.value || shown.value.rowsToRestore === 0) return out;
  finish(call, call('revertFromHistory', target, step.overwrite, shown.value.newestId) as Result<Progress>, out.said);
  return out;
}
