/**
 * Column widths of one sheet: those the user dragged (the page's view only, never sent to the
 * sheet), else those a script set in the sheet (the add-on widening the columns it adds), else
 * COL_W.
 */
export const COL_W = 120;
export const MIN_COL_W = 24;
export const MAX_COL_W = 1200;

export class ColumnWidths {
  private readonly widths = new Map<number, number>();
  private fromSheet = new Map<number, number>();

  width(c: number): number {
    return this.widths.get(c) ?? this.fromSheet.get(c) ?? COL_W;
  }

  /** The widths the sheet holds, [column, px]; returns whether they changed. */
  setSheetWidths(widths: ReadonlyArray<readonly [number, number]>): boolean {
    const next = new Map(widths.map(([c, px]) => [c, Math.round(Math.min(MAX_COL_W, Math.max(MIN_COL_W, px)))] as const));
    const same = next.size === this.fromSheet.size && [...next].every(([c, px]) => this.fromSheet.get(c) === px);
    this.fromSheet = next;
    return !same;
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
