/**
 * Requests for approval, as they are kept: what an author's preview would send once a second
 * editor approves it — every value, those a guard rail holds for an approval too — packed in a
 * hidden sheet (10,000 rows do not fit a property), and the list of requests in one document
 * property with a hash of each request's rows, so that a hand-edited hidden sheet is noticed
 * rather than sent. A preview whose values wait for an approval keeps a draft (one per author,
 * replaced by their next one); Ask for approval makes it a request that expires.
 */
import { escapeCellText } from '../../../sheet';
import type { CellValue, KeyValueStore, Workbook } from '../../kernel/ports';
import { packJson } from '../../kernel/packed';
import type { GuardCounts } from '../../pipeline/guards';
import type { PreviewedRow } from '../../pipeline/limit';
import type { Operation, Scope } from '../../pipeline/types';
import { keptRows, previewDigest } from '../record';

export const APPROVALS_SHEET = 'Hub Sync approvals';
const HEADER = ['Request', 'Rows'];
const KEY = 'approvals';
/**
 * Requests kept at once (drafts included): their list is one property, whose value Apps Script
 * caps at 9 KB; at most ~850 bytes each (three held lines of at most 160 characters, request.ts), six
 * fit with room. More waiting than this is a queue nobody reads.
 */
export const MOST_REQUESTS = 6;
/** The list's own bound, under Apps Script's 9 KB a property value. */
const LIST_MAX_BYTES = 8 * 1024;

/** A text's UTF-8 size, as Apps Script counts a property value (no Buffer there). */
function utf8Bytes(text: string): number {
  return encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, '_').length;
}

export interface ApprovalRequest {
  /** The preview's id: the request is that preview, with its held values. */
  id: string;
  state: 'draft' | 'asked';
  /** The author's user key and e-mail ('' when Google did not say). */
  ownerKey: string;
  by: string;
  /** When the preview was read from the hub. */
  at: number;
  askedAt?: number;
  expiresAt?: number;
  operation: Operation;
  scope: Scope;
  sheet: string;
  /** The guard rails' counts over the whole preview: an approver's check counts what the author saw. */
  counts: GuardCounts;
  /** What held it: the first lines, in the seller's words, and how many values in all. */
  held: string[];
  heldCount: number;
  /** Values and rows it would send. */
  values: number;
  rows: number;
  digest: string;
}

export function readRequests(store: KeyValueStore): ApprovalRequest[] {
  const raw = store.get(KEY);
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? (list as ApprovalRequest[]).filter((r) => r && typeof r.id === 'string') : [];
  } catch {
    return [];
  }
}

function writeList(store: KeyValueStore, list: readonly ApprovalRequest[]): void {
  if (list.length === 0) store.delete(KEY);
  else store.set(KEY, JSON.stringify(list));
}

/** The packed rows of every request, by id (one read of the hidden sheet). */
function readPacks(workbook: Workbook): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const sheet = workbook.sheet(APPROVALS_SHEET);
  for (const line of sheet ? sheet.readAll().slice(1) : []) {
    const id = String(line[0]);
    if (id) out.set(id, [...(out.get(id) ?? []), String(line[1])]);
  }
  return out;
}

/** Rewrites the hidden sheet with the packs of the requests kept (old rows blanked). */
function writePacks(workbook: Workbook, packs: ReadonlyMap<string, readonly string[]>): void {
  const sheet = workbook.ensureSheet(APPROVALS_SHEET, HEADER, { hidden: true });
  const before = Math.max(0, sheet.lastRow() - 1);
  const cells: CellValue[][] = [...packs].flatMap(([id, texts]) => texts.map((text) => [escapeCellText(id), text]));
  for (let i = cells.length; i < before; i++) cells.push(['', '']);
  if (cells.length > 0) sheet.write(2, 1, cells);
}

/**
 * Keeps a draft: `request`'s rows, replacing the author's draft before it. The oldest drafts go
 * first when the list is full; requests asked are never dropped to make room (the author's new
 * draft is refused then, said by the caller).
 */
export function writeDraft(
  workbook: Workbook,
  store: KeyValueStore,
  request: Omit<ApprovalRequest, 'digest' | 'rows' | 'state'>,
  rows: ReadonlyMap<string, PreviewedRow>,
): ApprovalRequest | null {
  const list = readRequests(store).filter((r) => !(r.state === 'draft' && r.ownerKey === request.ownerKey));
  const full: ApprovalRequest = { ...request, state: 'draft', rows: rows.size, digest: previewDigest(rows) };
  // Room by count and by bytes (long e-mails, sheet names, SKUs may make entries bigger than planned).
  while (list.length >= MOST_REQUESTS || utf8Bytes(JSON.stringify([...list, full])) > LIST_MAX_BYTES) {
    const oldestDraft = list.findIndex((r) => r.state === 'draft');
    if (oldestDraft < 0) return null;
    list.splice(oldestDraft, 1);
  }
  const packs = keptPacks(readPacks(workbook), list);
  packs.set(
    full.id,
    packJson([...rows]).map((p) => p.text),
  );
  writePacks(workbook, packs);
  writeList(store, [...list, full]);
  return full;
}

function keptPacks(packs: Map<string, string[]>, list: readonly ApprovalRequest[]): Map<string, string[]> {
  const ids = new Set(list.map((r) => r.id));
  return new Map([...packs].filter(([id]) => ids.has(id)));
}

/** Replaces one request's entry (its rows stay as they are). */
export function updateRequest(store: KeyValueStore, request: ApprovalRequest): void {
  writeList(
    store,
    readRequests(store).map((r) => (r.id === request.id ? request : r)),
  );
}

/** Forgets requests (their rows too). */
export function removeRequests(workbook: Workbook, store: KeyValueStore, ids: ReadonlySet<string>): void {
  if (ids.size === 0) return;
  const list = readRequests(store).filter((r) => !ids.has(r.id));
  writePacks(workbook, keptPacks(readPacks(workbook), list));
  writeList(store, list);
}

/** A request's rows; null when they were changed by hand in the hidden sheet. */
export function requestRows(workbook: Workbook, request: ApprovalRequest): Map<string, PreviewedRow> | null {
  return keptRows(readPacks(workbook).get(request.id) ?? [], request);
}
