/**
 * Dragging the right edge of a column letter resizes the column, as in Sheets. The handle's
 * mousedown is taken in the capture phase, so it never selects the column.
 */
import { MIN_COL_W } from './columns';
import type { Grid } from './grid';

export function attachColumnResize(grid: Grid): void {
  grid.root.addEventListener(
    'mousedown',
    (e) => {
      const handle = (e.target as HTMLElement).closest<HTMLElement>('.col-resize');
      if (!handle || e.button !== 0) return;
      e.preventDefault();
      e.stopPropagation();
      const c = Number(handle.dataset.c);
      const startX = e.clientX;
      const startW = grid.columnWidth(c);
      const move = (m: MouseEvent): void => grid.setColumnWidth(c, Math.max(MIN_COL_W, startW + m.clientX - startX));
      const up = (): void => {
        document.removeEventListener('mousemove', move);
        document.removeEventListener('mouseup', up);
      };
      document.addEventListener('mousemove', move);
      document.addEventListener('mouseup', up);
    },
    true,
  );
}
