/** Calls to the playground server. Types are the server's own (protocol.ts). */
import type { AddedSkus } from '../hub/catalogue';
import type { CellOut, Selection, Snapshot, PendingDialog, StructureEdit, WindowOut } from '../protocol';

export interface Status {
  snapshot: Snapshot | null;
  dialog: PendingDialog | null;
  running: string | null;
  hubUrl: string;
}

export type CallResult = { ok: true; value: unknown } | { ok: false; error: { name: string; message: string } };

async function answer<T>(res: Response): Promise<T> {
  const data = (await res.json()) as T & { ok?: boolean; error?: { message?: string } };
  if (!res.ok) throw new Error(data.error?.message ?? `HTTP ${res.status}`);
  return data;
}

export async function getJson<T>(path: string): Promise<T> {
  return answer<T>(await fetch(path, { cache: 'no-store' }));
}

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  return answer<T>(
    await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Playground': '1' }, body: JSON.stringify(body) }),
  );
}

export const api = {
  status: () => getJson<Status>('/api/status'),
  window: (sheet: string, from: number, count: number) =>
    getJson<WindowOut>(`/api/window?sheet=${encodeURIComponent(sheet)}&from=${from}&count=${count}`),
  select: (selection: Selection) => postJson<{ ok: boolean }>('/api/select', { selection }),
  menu: (name: string, selection: Selection | null) => postJson<CallResult>('/api/menu', { name, selection }),
  /** The cell as the runtime read the typed text (shown formatted before the next poll). */
  edit: (sheet: string, row: number, col: number, text: string) =>
    postJson<{ ok: boolean; value: CellOut }>('/api/edit', { sheet, row, col, text }),
  answerDialog: (id: number, button: string, text: string) => postJson<{ ok: boolean }>('/api/dialog', { id, button, text }),
  fill: (prefix: string, rows: number) => postJson<{ ok: boolean; value: { sheet: string; rows: number } }>('/api/fill', { prefix, rows }),
  paste: (sheet: string, row: number, col: number, text: string) =>
    postJson<{ ok: boolean; value: { rows: number; cols: number } }>('/api/paste', { sheet, row, col, text }),
  import: (file: { name: string; base64: string }, into: 'new' | 'replace', sheet: string, convert: boolean) =>
    postJson<{ ok: boolean; value: { sheet: string } }>('/api/import', { ...file, into, sheet, convert }),
  structure: (sheet: string, edit: StructureEdit, at: number, count: number) =>
    postJson<{ ok: boolean }>('/api/structure', { sheet, edit, at, count }),
  addSheet: () => postJson<{ ok: boolean; value: { sheet: string } }>('/api/sheet/add', {}),
  renameSheet: (from: string, to: string) => postJson<{ ok: boolean }>('/api/sheet/rename', { from, to }),
  deleteSheet: (name: string) => postJson<{ ok: boolean }>('/api/sheet/delete', { name }),
  undo: () => postJson<{ ok: boolean; value: string | null }>('/api/undo', {}),
  /** Playground › Work as: the page's executions run as the other editor, or as the owner again. */
  switchUser: () => postJson<{ ok: boolean; value: { user: string } }>('/api/switch-user', {}),
  addSkus: (sheet: string) => postJson<{ ok: boolean; value: AddedSkus }>('/api/add-skus', { sheet }),
  generate: (prefix: string, count: number) =>
    postJson<{ ok: boolean; value: { added: number; first: string; last: string } }>('/api/generate', { prefix, count }),
};
