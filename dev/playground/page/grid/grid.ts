/**
 * The sheet grid, virtualised: only the rows on screen (plus a margin) exist in the DOM, so a
 * 20,000-row sheet scrolls as smoothly as a small one. As in Sheets, column letters and frozen
 * rows stay on top and row numbers and frozen columns on the left (sticky) while the rest
 * scrolls, a thicker line after the last frozen row and column. Cell text is set with textContent
 * only.
 */
import type { CellOut, SheetInfo, WindowOut } from '../../protocol';
import { el } from '../dom';
import { WindowCache } from './cache';
import { COL_W, ColumnWidths } from './columns';
import { a1, columnLetters, GridSelection } from './selection';

export const ROW_H = 24;
export { COL_W };
export const ROW_HEADER_W = 56;
/** Columns shown at most (a sheet wider than this is shown cut; the add-on's sheets are far narrower). */
export const MAX_COLS = 200;
const OVERSCAN_ROWS = 15;
/** Frozen rows and columns drawn at most (Sheets' own limits are 10 rows and 5 columns in its UI; the API allows more). */
const MAX_FROZEN = 10;

/** A HYPERLINK's target the page may open: a file the playground serves from the emulator's Drive, or an http(s) URL. */
function safeHref(target: string | undefined): string | null {
  if (!target) return null;
  return /^\/drive\/[A-Za-z0-9_-]+$/.test(target) || /^https?:\/\/\S+$/i.test(target) ? target : null;
}

/** The cell's text, as a link when it is a HYPERLINK (opened in a new tab, as Sheets' link popup does). */
function showText(e: HTMLElement, text: string, target: string | undefined): void {
  const href = safeHref(target);
  const current = e.firstElementChild as HTMLAnchorElement | null;
  if (!href) {
    if (current || e.textContent !== text) e.textContent = text;
    return;
  }
  if (current && current.getAttribute('href') === href && current.textContent === text) return;
  const a = el('a', { class: 'link', target: '_blank', rel: 'noopener noreferrer' }, text);
  a.href = href;
  e.replaceChildren(a);
}

export interface GridEvents {
  fetchWindow(sheet: string, from: number, count: number): Promise<WindowOut>;
  /** The selection or active cell changed. */
  onSelect(sheet: string, ranges: string[], active: { ref: string; cell: CellOut | undefined }): void;
  onError(message: string): void;
}

export class Grid {
  readonly sizer = el('div', { class: 'grid-sizer' });
  private readonly head = el('div', { class: 'grid-head' });
  private readonly body = el('div', { class: 'grid-body' });
  private readonly rows = new Map<number, HTMLElement>();
  private readonly cache: WindowCache;
  private info: SheetInfo | null = null;
  /** Column widths per sheet name, for this page's life. */
  private readonly widthsBySheet = new Map<string, ColumnWidths>();
  private widths = new ColumnWidths();
  selection = new GridSelection(1, 1);
  private frame = 0;

  constructor(
    readonly root: HTMLElement,
    private readonly events: GridEvents,
  ) {
    this.cache = new WindowCache(events.fetchWindow, () => this.refreshCells(), events.onError);
    this.sizer.append(this.head, this.body);
    root.appendChild(this.sizer);
    root.addEventListener('scroll', () => this.schedule());
    new ResizeObserver(() => this.schedule()).observe(root);
  }

  get sheet(): SheetInfo | null {
    return this.info;
  }

  get cols(): number {
    return Math.min(this.info?.maxCols ?? 1, MAX_COLS);
  }

  get frozen(): number {
    return Math.min(this.info?.frozenRows ?? 0, MAX_FROZEN);
  }

  get frozenCols(): number {
    return Math.min(this.info?.frozenCols ?? 0, MAX_FROZEN, this.cols);
  }

  /** Shows another sheet (or the same one with a new size); `revision` says whether cells changed. */
  show(info: SheetInfo, revision: number): void {
    const switched = !this.info || this.info.name !== info.name;
    const resized =
      switched ||
      this.info!.maxRows !== info.maxRows ||
      this.info!.maxCols !== info.maxCols ||
      this.info!.frozenRows !== info.frozenRows ||
      this.info!.frozenCols !== info.frozenCols;
    this.info = info;
    if (switched) {
      this.widths = this.widthsBySheet.get(info.name) ?? new ColumnWidths();
      this.widthsBySheet.set(info.name, this.widths);
    }
    // Widths the add-on set in the sheet (a pull widening the columns it added): drawn anew.
    const widened = this.widths.setSheetWidths(info.columnWidths);
    if (switched) {
      this.cache.reset(info.name, revision);
      this.selection = new GridSelection(info.maxRows, this.cols);
      this.root.scrollTop = 0;
      this.root.scrollLeft = 0;
    } else {
      this.selection.resize(info.maxRows, this.cols);
    }
    if (resized || widened) this.rebuild();
    this.cache.setRevision(revision);
    this.render();
    if (switched) this.selected();
  }

  setRevision(revision: number): void {
    this.cache.setRevision(revision);
  }

  cell(r: number, c: number): CellOut | undefined {
    return this.cache.cell(r, c);
  }

  /**
   * Shows a typed value before the runtime's reading of it comes back; `read` then shows that
   * reading (the number formatted, the cell's conditional colours) until the next fetch.
   */
  patch(r: number, c: number, text: string, read?: Promise<CellOut>): void {
    const typed: CellOut = text === '' ? null : { t: text };
    this.cache.patch(r, c, typed);
    this.refreshCells();
    read
      ?.then((cell) => {
        this.cache.settle(r, c, typed, cell);
        this.refreshCells();
      })
      .catch(() => {
        // Not saved: the caller says so; the next fetch shows what the sheet holds.
      });
  }

  /** Left/top of a cell in the sizer's coordinates, as shown (frozen rows and columns follow the scroll). */
  cellBox(r: number, c: number): { left: number; top: number } {
    const top = r <= this.frozen ? this.root.scrollTop + r * ROW_H : r * ROW_H;
    const left = ROW_HEADER_W + this.widths.left(c);
    return { left: c <= this.frozenCols ? this.root.scrollLeft + left : left, top };
  }

  columnWidth(c: number): number {
    return this.widths.width(c);
  }

  /** Resizes a column of the sheet on screen (the header and every row drawn). */
  setColumnWidth(c: number, px: number): void {
    this.widths.set(c, px);
    const w = `${this.widths.width(c)}px`;
    this.sizer.querySelectorAll<HTMLElement>(`.cell[data-c="${c}"], .ch[data-c="${c}"]`).forEach((e) => (e.style.width = w));
    this.sizer.style.width = `${ROW_HEADER_W + this.widths.total(this.cols)}px`;
    for (const e of this.sizer.querySelectorAll<HTMLElement>('.grid-row')) e.style.width = this.sizer.style.width;
    // Frozen columns to the right of the resized one stick at a new offset.
    for (let f = c + 1; f <= this.frozenCols; f++) {
      const left = `${this.stickyLeft(f)}px`;
      this.sizer.querySelectorAll<HTMLElement>(`.cell[data-c="${f}"], .ch[data-c="${f}"]`).forEach((e) => (e.style.left = left));
    }
  }

  /** Where a frozen column sticks: right of the row numbers and the frozen columns before it. */
  private stickyLeft(c: number): number {
    return ROW_HEADER_W + this.widths.left(c);
  }

  /** Frozen columns stay at the left edge (sticky), the last one drawn with the thicker divider. */
  private placeColumn(e: HTMLElement, c: number): void {
    e.style.width = `${this.widths.width(c)}px`;
    if (c > this.frozenCols) return;
    e.classList.add('frozen-col');
    if (c === this.frozenCols) e.classList.add('frozen-col-last');
    e.style.left = `${this.stickyLeft(c)}px`;
  }

  /** Scrolls so that the active cell is visible below the sticky header. */
  reveal(r: number, c: number): void {
    const headH = (1 + this.frozen) * ROW_H;
    if (r > this.frozen) {
      const top = r * ROW_H;
      if (top < this.root.scrollTop + headH) this.root.scrollTop = top - headH;
      else if (top + ROW_H > this.root.scrollTop + this.root.clientHeight) this.root.scrollTop = top + ROW_H - this.root.clientHeight;
    }
    if (c <= this.frozenCols) return; // always on screen
    const left = ROW_HEADER_W + this.widths.left(c);
    const width = this.widths.width(c);
    // What the frozen columns cover is not on screen either.
    const covered = ROW_HEADER_W + this.widths.total(this.frozenCols);
    if (left < this.root.scrollLeft + covered) this.root.scrollLeft = left - covered;
    else if (left + width > this.root.scrollLeft + this.root.clientWidth) this.root.scrollLeft = left + width - this.root.clientWidth;
  }

  /** Tells the page what is selected and repaints the selection. */
  selected(): void {
    if (!this.info) return;
    const { r, c } = this.selection.active;
    this.paintSelection();
    this.events.onSelect(this.info.name, this.selection.toA1(), { ref: a1(r, c), cell: this.cache.cell(r, c) });
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Size, column letters and frozen rows: redone when the sheet or its size changes. */
  private rebuild(): void {
    const info = this.info!;
    for (const row of this.rows.values()) row.remove();
    this.rows.clear();
    this.sizer.style.width = `${ROW_HEADER_W + this.widths.total(this.cols)}px`;
    this.sizer.style.height = `${(info.maxRows + 1) * ROW_H}px`;
    const letters = el('div', { class: 'grid-row col-heads' }, el('div', { class: 'corner', 'aria-hidden': 'true' }));
    for (let c = 1; c <= this.cols; c++) {
      const head = el(
        'div',
        { class: 'ch', 'data-c': c },
        columnLetters(c),
        el('span', { class: 'col-resize', 'data-c': c, 'aria-hidden': 'true' }),
      );
      this.placeColumn(head, c);
      letters.appendChild(head);
    }
    this.head.replaceChildren(letters);
    for (let r = 1; r <= this.frozen; r++) {
      const row = this.newRow(r);
      row.classList.add('frozen');
      this.head.appendChild(row);
      this.rows.set(r, row);
    }
    for (const e of [letters, ...this.head.querySelectorAll<HTMLElement>('.grid-row')]) e.style.width = this.sizer.style.width;
  }

  private newRow(r: number): HTMLElement {
    const row = el('div', { class: 'grid-row', role: 'row', 'data-r': r }, el('div', { class: 'rh', role: 'rowheader', 'data-r': r }, r));
    for (let c = 1; c <= this.cols; c++) {
      const cell = el('div', { class: 'cell', role: 'gridcell', 'data-r': r, 'data-c': c });
      this.placeColumn(cell, c);
      row.appendChild(cell);
    }
    if (r > this.frozen) {
      row.style.top = `${r * ROW_H}px`;
      row.style.width = this.sizer.style.width;
    }
    this.fillRow(row, r);
    return row;
  }

  private fillRow(row: HTMLElement, r: number): void {
    const cells = row.children;
    for (let c = 1; c <= this.cols; c++) {
      const e = cells[c] as HTMLElement;
      const data = this.cache.cell(r, c);
      const text = data ? data.t : '';
      showText(e, text, data?.l);
      e.title = text.length > 12 ? text : '';
      e.className = this.cellClass(c, data);
      // Custom properties, not inline colours: the selection's highlight still wins (page.css).
      if (data?.bg) e.style.setProperty('--cell-bg', data.bg);
      else e.style.removeProperty('--cell-bg');
      if (data?.fg) e.style.setProperty('--cell-fg', data.fg);
      else e.style.removeProperty('--cell-fg');
    }
  }

  private cellClass(c: number, data: CellOut | undefined): string {
    const names = ['cell'];
    if (c <= this.frozenCols) names.push(c === this.frozenCols ? 'frozen-col frozen-col-last' : 'frozen-col');
    if (data === undefined) names.push('loading');
    if (data?.n) names.push('num');
    if (data?.b) names.push('bold');
    if (data?.v) names.push('dropdown');
    return names.join(' ');
  }

  /** Adds the rows that scrolled into view, drops the ones that left, asks for their cells. */
  private render(): void {
    if (!this.info) return;
    const maxRows = this.info.maxRows;
    const first = Math.max(this.frozen + 1, Math.floor(this.root.scrollTop / ROW_H) - OVERSCAN_ROWS);
    const last = Math.min(maxRows, Math.ceil((this.root.scrollTop + this.root.clientHeight) / ROW_H) + OVERSCAN_ROWS);
    for (const [r, row] of this.rows) {
      if (r > this.frozen && (r < first || r > last)) {
        row.remove();
        this.rows.delete(r);
      }
    }
    const fragment = document.createDocumentFragment();
    for (let r = first; r <= last; r++)
      if (!this.rows.has(r)) {
        const row = this.newRow(r);
        this.rows.set(r, row);
        fragment.appendChild(row);
      }
    this.body.appendChild(fragment);
    this.paintSelection();
    const ranges = [{ first, last }];
    if (this.frozen > 0) ranges.unshift({ first: 1, last: this.frozen });
    this.cache.want(ranges);
  }

  private refreshCells(): void {
    for (const [r, row] of this.rows) this.fillRow(row, r);
    this.paintSelection();
    if (this.info) {
      const { r, c } = this.selection.active;
      this.events.onSelect(this.info.name, this.selection.toA1(), { ref: a1(r, c), cell: this.cache.cell(r, c) });
    }
  }

  private paintSelection(): void {
    const s = this.selection;
    for (const [r, row] of this.rows) {
      const cells = row.children;
      (cells[0] as HTMLElement).classList.toggle('sel', s.rowSelected(r));
      for (let c = 1; c <= this.cols; c++) {
        const e = cells[c] as HTMLElement;
        e.classList.toggle('sel', s.contains(r, c));
        e.classList.toggle('active', s.active.r === r && s.active.c === c);
      }
    }
    const letters = this.head.firstElementChild;
    if (letters) for (let c = 1; c <= this.cols; c++) (letters.children[c] as HTMLElement).classList.toggle('sel', s.colSelected(c));
  }
}
