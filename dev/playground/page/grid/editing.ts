/**
 * Selecting and editing cells like in Sheets: click, Shift/Ctrl+click, drag, row numbers and
 * column letters; arrows, Enter; typing starts an edit, Enter/F2/double-click edits the
 * content; Delete clears; Ctrl/Cmd+Z undoes; Ctrl/Cmd+V pastes at the selection's top-left
 * cell. A committed edit is sent as typed text: the runtime reads it as
 * Sheets would (see the playground README). Tab and Shift+Tab are the browser's: they move focus
 * out of the grid (no keyboard trap); in the cell editor Tab commits and moves right, as in Sheets.
 */
import { el } from '../dom';
import { COL_W, ROW_H, type Grid } from './grid';

/** Cells Delete clears at once at most (one request each). */
const MAX_CLEAR = 500;

export type CommitEdit = (sheet: string, r: number, c: number, text: string) => void;

export interface GridKeys {
  undo(): void;
  /** Clipboard text to paste with its top-left cell at (r, c). */
  paste(sheet: string, r: number, c: number, text: string): void;
}

function target(e: Event): { r: number; c: number; kind: 'cell' | 'row' | 'col' } | null {
  const t = (e.target as HTMLElement).closest<HTMLElement>('.cell, .rh, .ch');
  if (!t) return null;
  const r = Number(t.dataset.r ?? 0);
  const c = Number(t.dataset.c ?? 0);
  return { r, c, kind: t.classList.contains('rh') ? 'row' : t.classList.contains('ch') ? 'col' : 'cell' };
}

export function attachEditing(grid: Grid, commit: CommitEdit, keys: GridKeys): { editActive(initial?: string): void } {
  const root = grid.root;
  let editor: { input: HTMLInputElement; r: number; c: number; original: string } | null = null;
  let dragging = false;

  /** A dropdown cell's editor lists its values (a datalist: typing filters them, as Sheets' list does). */
  function offerChoices(input: HTMLInputElement, values: readonly string[]): HTMLDataListElement {
    const list = el('datalist', { id: 'cell-editor-choices' });
    for (const v of values) list.appendChild(el('option', { value: v }));
    input.setAttribute('list', list.id);
    input.addEventListener('focus', () => {
      try {
        input.showPicker();
      } catch {
        // A browser that cannot open the list at once still shows it on ArrowDown.
      }
    });
    return list;
  }

  function startingText(r: number, c: number): string {
    const cell = grid.cell(r, c);
    return cell ? (cell.e ?? cell.t) : '';
  }

  function finish(save: boolean, then?: () => void): void {
    if (!editor) return;
    const { input, r, c, original } = editor;
    editor = null;
    input.remove();
    document.getElementById('cell-editor-choices')?.remove();
    const sheet = grid.sheet?.name;
    if (save && sheet && input.value !== original) commit(sheet, r, c, input.value);
    root.focus({ preventScroll: true });
    then?.();
  }

  function startEdit(initial?: string): void {
    if (!grid.sheet) return;
    finish(true);
    const { r, c } = grid.selection.active;
    grid.reveal(r, c);
    const original = startingText(r, c);
    const box = grid.cellBox(r, c);
    const value = initial ?? original;
    const input = el('input', {
      class: 'cell-editor',
      type: 'text',
      'aria-label': `Edit cell`,
      autocomplete: 'off',
      spellcheck: 'false',
      'data-r': r,
      'data-c': c,
    });
    input.value = value;
    const choices = grid.cell(r, c)?.v;
    const list = choices ? offerChoices(input, choices) : null;
    input.style.left = `${box.left}px`;
    input.style.top = `${box.top}px`;
    input.style.width = `${Math.max(COL_W, Math.min(640, value.length * 8 + 24))}px`;
    grid.sizer.appendChild(input);
    if (list) grid.sizer.appendChild(list);
    editor = { input, r, c, original };
    input.focus();
    input.setSelectionRange(value.length, value.length);
    input.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Enter') {
        e.preventDefault();
        finish(true, () => moveBy(e.shiftKey ? -1 : 1, 0));
      } else if (e.key === 'Tab') {
        e.preventDefault();
        finish(true, () => moveBy(0, e.shiftKey ? -1 : 1));
      } else if (e.key === 'Escape') {
        e.preventDefault();
        finish(false);
      }
    });
    input.addEventListener('input', () => {
      input.style.width = `${Math.max(COL_W, Math.min(640, input.value.length * 8 + 24))}px`;
    });
    input.addEventListener('blur', () => finish(true));
  }

  function moveBy(dr: number, dc: number): void {
    grid.selection.move(dr, dc);
    grid.reveal(grid.selection.active.r, grid.selection.active.c);
    grid.selected();
  }

  root.addEventListener('mousedown', (e) => {
    const t = target(e);
    if (!t || e.button !== 0 || (e.target as HTMLElement).classList.contains('cell-editor')) return;
    finish(true);
    e.preventDefault();
    root.focus({ preventScroll: true });
    const how = e.shiftKey ? 'extend' : e.ctrlKey || e.metaKey ? 'add' : 'set';
    if (t.kind === 'row') grid.selection.selectRow(t.r, how);
    else if (t.kind === 'col') grid.selection.selectColumn(t.c, how);
    else if (how === 'extend') grid.selection.extend(t);
    else {
      grid.selection.set(t, how === 'add');
      dragging = true;
    }
    grid.selected();
  });
  root.addEventListener('mouseover', (e) => {
    if (!dragging) return;
    const t = target(e);
    if (t && t.kind === 'cell') {
      grid.selection.extend(t);
      grid.selected();
    }
  });
  document.addEventListener('mouseup', () => (dragging = false));
  root.addEventListener('dblclick', (e) => {
    const t = target(e);
    if (t && t.kind === 'cell') startEdit();
  });

  root.addEventListener('keydown', (e) => {
    if (editor || !grid.sheet) return;
    const arrows: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const arrow = arrows[e.key];
    if (arrow) {
      e.preventDefault();
      if (e.shiftKey) {
        grid.selection.extendBy(arrow[0], arrow[1]);
        grid.selected();
      } else moveBy(arrow[0], arrow[1]);
    } else if (e.key === 'PageDown' || e.key === 'PageUp') {
      e.preventDefault();
      const page = Math.max(1, Math.floor(root.clientHeight / ROW_H) - 2);
      moveBy(e.key === 'PageDown' ? page : -page, 0);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const { r, c } = grid.selection.active;
      if (e.ctrlKey || e.metaKey) moveBy((e.key === 'Home' ? 1 : grid.sheet.lastRow || 1) - r, 1 - c);
      else moveBy(0, (e.key === 'Home' ? 1 : Math.max(1, grid.sheet.lastCol)) - c);
    } else if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      startEdit();
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      const sheet = grid.sheet.name;
      for (const { r, c } of grid.selection.currentCells(MAX_CLEAR)) if (startingText(r, c) !== '') commit(sheet, r, c, '');
    } else if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      keys.undo();
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // Typing replaces the cell's content, as in Sheets; the key itself is the first character.
      e.preventDefault();
      startEdit(e.key);
    }
  });

  // The paste event (not the key) carries the clipboard's text; the cell editor pastes into itself.
  root.addEventListener('paste', (e) => {
    if (editor || !grid.sheet || !e.clipboardData) return;
    const text = e.clipboardData.getData('text/plain');
    e.preventDefault();
    if (text === '') return;
    const range = grid.selection.ranges[grid.selection.ranges.length - 1];
    keys.paste(grid.sheet.name, range.r1, range.c1, text);
  });

  return { editActive: startEdit };
}
