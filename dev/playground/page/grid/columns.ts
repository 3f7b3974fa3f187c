/**
 * Column widths of one sheet as the user dragged them (the page's view only: the add-on never
 * reads column widths). Columns not resized are COL_W wide.
 */
export const COL_W = 120;
export const MIN_COL_W = 24;
export const MAX_COL_W = 1200;

export class ColumnWidths {
  private readonly widths = new Map<number, number>();

  width(c: number): number {
    return this.widths.get(c) ?? COL_W;
  }

  set(c: number, px: number): void {
    this.widths.set(c, Math.round(Math.min(MAX_COL_W, Math.max(MIN_COL_W, px))));
  }

  /** Pixels from the first column's left edge to column c's. */
  left(c: number): number {
    let x = 0;
    for (let i = 1; i < c; i++) x += this.width(i);
    return x;
  }

  /** Width of columns 1..n. */
  total(n: number): number {
    return this.left(n + 1);
  }
}
