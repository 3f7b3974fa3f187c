/** The grid's selection: ranges of cells, whole rows or whole columns, and the active cell (pure). */

export interface Rect {
  r1: number;
  c1: number;
  r2: number;
  c2: number;
  kind: 'cells' | 'rows' | 'cols';
}

export interface Cell {
  r: number;
  c: number;
}

export function columnLetters(col: number): string {
  let s = '';
  for (let c = col; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

export function a1(r: number, c: number): string {
  return `${columnLetters(c)}${r}`;
}

function rect(a: Cell, b: Cell, kind: Rect['kind']): Rect {
  return { r1: Math.min(a.r, b.r), c1: Math.min(a.c, b.c), r2: Math.max(a.r, b.r), c2: Math.max(a.c, b.c), kind };
}

export class GridSelection {
  active: Cell = { r: 1, c: 1 };
  private anchor: Cell = { r: 1, c: 1 };
  /** Earlier ranges (Ctrl+click), then the current one last. */
  ranges: Rect[] = [rect(this.anchor, this.anchor, 'cells')];

  constructor(
    private maxRows: number,
    private maxCols: number,
  ) {}

  resize(maxRows: number, maxCols: number): void {
    this.maxRows = maxRows;
    this.maxCols = maxCols;
    if (this.active.r > maxRows || this.active.c > maxCols) this.set({ r: 1, c: 1 });
  }

  private clamp(cell: Cell): Cell {
    return { r: Math.min(Math.max(1, cell.r), this.maxRows), c: Math.min(Math.max(1, cell.c), this.maxCols) };
  }

  /** A single cell, or a new range added to the others (Ctrl/Cmd). */
  set(cell: Cell, add = false): void {
    const at = this.clamp(cell);
    this.active = at;
    this.anchor = at;
    const r = rect(at, at, 'cells');
    this.ranges = add ? [...this.ranges, r] : [r];
  }

  /** Shift+click / Shift+arrow: the current range from its anchor to `cell`. */
  extend(cell: Cell): void {
    const to = this.clamp(cell);
    const current = this.ranges[this.ranges.length - 1];
    let next: Rect;
    if (current.kind === 'rows') next = { ...rect(this.anchor, to, 'rows'), c1: 1, c2: this.maxCols };
    else if (current.kind === 'cols') next = { ...rect(this.anchor, to, 'cols'), r1: 1, r2: this.maxRows };
    else next = rect(this.anchor, to, 'cells');
    this.ranges = [...this.ranges.slice(0, -1), next];
  }

  /** A click on a row number (Shift extends, Ctrl adds). */
  selectRow(row: number, how: 'set' | 'extend' | 'add'): void {
    const r = Math.min(Math.max(1, row), this.maxRows);
    if (how === 'extend') {
      const current = this.ranges[this.ranges.length - 1];
      if (current.kind === 'rows') {
        this.extend({ r, c: this.maxCols });
        return;
      }
    }
    this.set({ r, c: 1 }, how === 'add');
    this.ranges[this.ranges.length - 1] = { r1: r, r2: r, c1: 1, c2: this.maxCols, kind: 'rows' };
  }

  /** A click on a column letter. */
  selectColumn(col: number, how: 'set' | 'extend' | 'add'): void {
    const c = Math.min(Math.max(1, col), this.maxCols);
    if (how === 'extend') {
      const current = this.ranges[this.ranges.length - 1];
      if (current.kind === 'cols') {
        this.extend({ r: this.maxRows, c });
        return;
      }
    }
    this.set({ r: 1, c }, how === 'add');
    this.ranges[this.ranges.length - 1] = { r1: 1, r2: this.maxRows, c1: c, c2: c, kind: 'cols' };
  }

  /** Arrow keys: moves the active cell (and the selection with it). */
  move(dr: number, dc: number): void {
    this.set({ r: this.active.r + dr, c: this.active.c + dc });
  }

  /** Shift+arrow: grows the current range from the anchor. */
  extendBy(dr: number, dc: number): void {
    const current = this.ranges[this.ranges.length - 1];
    const far = { r: current.r1 === this.anchor.r ? current.r2 : current.r1, c: current.c1 === this.anchor.c ? current.c2 : current.c1 };
    this.extend({ r: far.r + dr, c: far.c + dc });
  }

  contains(r: number, c: number): boolean {
    return this.ranges.some((x) => r >= x.r1 && r <= x.r2 && c >= x.c1 && c <= x.c2);
  }

  rowSelected(r: number): boolean {
    return this.ranges.some((x) => r >= x.r1 && r <= x.r2);
  }

  colSelected(c: number): boolean {
    return this.ranges.some((x) => c >= x.c1 && c <= x.c2);
  }

  /** The ranges in A1 notation, as Sheets reports them (whole rows as `2:5`, columns as `A:B`). */
  toA1(): string[] {
    return this.ranges.map((x) => {
      if (x.kind === 'rows') return `${x.r1}:${x.r2}`;
      if (x.kind === 'cols') return `${columnLetters(x.c1)}:${columnLetters(x.c2)}`;
      return x.r1 === x.r2 && x.c1 === x.c2 ? a1(x.r1, x.c1) : `${a1(x.r1, x.c1)}:${a1(x.r2, x.c2)}`;
    });
  }

  /** The cells of the current range (for Delete), at most `limit`. */
  currentCells(limit: number): Cell[] {
    const x = this.ranges[this.ranges.length - 1];
    const out: Cell[] = [];
    for (let r = x.r1; r <= x.r2; r++)
      for (let c = x.c1; c <= x.c2; c++) {
        if (out.length >= limit) return out;
        out.push({ r, c });
      }
    return out;
  }
}
