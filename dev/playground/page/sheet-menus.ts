/**
 * The spreadsheet's own menus, as far as the add-on is concerned: File › Import, Edit › Undo and
 * Delete rows/columns, Insert › rows, columns and a sheet. Each edit goes to the runtime through
 * the server, so the add-on sees what a seller's edit would produce.
 */
import type { StructureEdit } from '../protocol';
import { api } from './api';
import type { Rect } from './grid/selection';
import { columnLetters } from './grid/selection';
import { importFile } from './import-dialog';
import type { PageMenu, PageMenuItem } from './menus';

export interface SheetMenuContext {
  /** The sheet on screen, or null before the first status. */
  sheet(): string | null;
  /** The current range of the selection. */
  range(): Rect;
  /** What Edit › Undo would undo. */
  undoLabel(): string | null;
  track<T>(work: Promise<T>): Promise<T>;
  /** Shows a sheet the edit made active (an added or imported one). */
  show(sheet: string): void;
  report(title: string, e: unknown): void;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

/** Runs an edit and reports a refusal (the runtime's message) instead of failing silently. */
function run(ctx: SheetMenuContext, title: string, work: () => Promise<unknown>): void {
  ctx.track(work()).catch((e: unknown) => ctx.report(title, e));
}

/** Edit › Undo and Ctrl/Cmd+Z. */
export function undo(ctx: SheetMenuContext): void {
  run(ctx, 'Could not undo', async () => {
    const done = await api.undo();
    if (done.value === null) ctx.report('Undo', new Error('Nothing to undo.'));
  });
}

function structure(ctx: SheetMenuContext, edit: StructureEdit, at: (r: Rect) => number, count: (r: Rect) => number): () => void {
  return () => {
    const sheet = ctx.sheet();
    const r = ctx.range();
    if (sheet) run(ctx, 'Could not change the sheet', () => api.structure(sheet, edit, at(r), count(r)));
  };
}

export function sheetMenus(ctx: SheetMenuContext): PageMenu[] {
  const r = ctx.range();
  const rows = r.r2 - r.r1 + 1;
  const cols = r.c2 - r.c1 + 1;
  const undoLabel = ctx.undoLabel();
  const rowsOf = (x: Rect) => x.r2 - x.r1 + 1;
  const colsOf = (x: Rect) => x.c2 - x.c1 + 1;
  const edit: PageMenuItem[] = [
    { caption: undoLabel ? `Undo ${undoLabel}` : 'Undo', functionName: 'sheet:undo', run: () => undo(ctx) },
    { separator: true },
    {
      caption: rows === 1 ? `Delete row ${r.r1}` : `Delete rows ${r.r1}\u2013${r.r2}`,
      functionName: 'sheet:deleteRows',
      run: structure(ctx, 'deleteRows', (x) => x.r1, rowsOf),
    },
    {
      caption: cols === 1 ? `Delete column ${columnLetters(r.c1)}` : `Delete columns ${columnLetters(r.c1)}\u2013${columnLetters(r.c2)}`,
      functionName: 'sheet:deleteColumns',
      run: structure(ctx, 'deleteColumns', (x) => x.c1, colsOf),
    },
  ];
  const insert: PageMenuItem[] = [
    {
      caption: `${plural(rows, 'Row', 'rows')} above`,
      functionName: 'sheet:rowsAbove',
      run: structure(ctx, 'insertRows', (x) => x.r1, rowsOf),
    },
    {
      caption: `${plural(rows, 'Row', 'rows')} below`,
      functionName: 'sheet:rowsBelow',
      run: structure(ctx, 'insertRows', (x) => x.r2 + 1, rowsOf),
    },
    {
      caption: `${plural(cols, 'Column', 'columns')} left`,
      functionName: 'sheet:columnsLeft',
      run: structure(ctx, 'insertColumns', (x) => x.c1, colsOf),
    },
    {
      caption: `${plural(cols, 'Column', 'columns')} right`,
      functionName: 'sheet:columnsRight',
      run: structure(ctx, 'insertColumns', (x) => x.c2 + 1, colsOf),
    },
    { separator: true },
    { caption: 'Sheet', functionName: 'sheet:add', run: () => addSheet(ctx) },
  ];
  const file: PageMenuItem[] = [
    {
      caption: 'Import\u2026',
      functionName: 'sheet:import',
      run: () => {
        const sheet = ctx.sheet();
        if (sheet) void importFile(sheet, ctx.track).then((shown) => shown && ctx.show(shown));
      },
    },
  ];
  return [
    { caption: 'File', items: file },
    { caption: 'Edit', items: edit },
    { caption: 'Insert', items: insert },
  ];
}

/** The + button and Insert › Sheet: "SheetN" added last and shown. */
export function addSheet(ctx: SheetMenuContext): void {
  run(ctx, 'Could not add a sheet', async () => ctx.show((await api.addSheet()).value.sheet));
}
