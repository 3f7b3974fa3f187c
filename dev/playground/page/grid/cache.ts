/**
 * The cells the grid has fetched, in blocks of rows. A new revision marks every block stale; the
 * stale text stays on screen until the fresh block arrives (no flicker). One request at a time,
 * nearest to the screen first, so scrolling through 5,000 rows never floods the server.
 */
import type { CellOut, WindowOut } from '../../protocol';

export const BLOCK_ROWS = 100;

interface Block {
  revision: number;
  rows: CellOut[][];
}

export class WindowCache {
  private sheet = '';
  private revision = 0;
  private blocks = new Map<number, Block>();
  private wanted: { first: number; last: number }[] = [];
  private inflight = false;
  /** Typed values shown until a block fetched after the edit (a later revision) arrives. */
  private patches = new Map<string, { cell: CellOut; revision: number }>();

  constructor(
    private readonly fetchWindow: (sheet: string, from: number, count: number) => Promise<WindowOut>,
    private readonly onData: () => void,
    private readonly onError: (message: string) => void,
  ) {}

  /** Another sheet: nothing cached applies. */
  reset(sheet: string, revision: number): void {
    this.sheet = sheet;
    this.revision = revision;
    this.blocks.clear();
    this.patches.clear();
  }

  /** The sheet may have changed: refetch what is on screen. */
  setRevision(revision: number): void {
    if (revision === this.revision) return;
    this.revision = revision;
    this.pump();
  }

  /** undefined: not fetched yet; null: an empty cell. */
  cell(r: number, c: number): CellOut | undefined {
    const block = this.blocks.get(Math.floor((r - 1) / BLOCK_ROWS));
    const key = `${r},${c}`;
    const typed = this.patches.get(key);
    if (typed) {
      // A block fetched before the edit reached the runtime (same revision) must not hide it.
      if (!block || block.revision <= typed.revision) return typed.cell;
      this.patches.delete(key);
    }
    if (!block) return undefined;
    const row = block.rows[(r - 1) % BLOCK_ROWS];
    return row ? (row[c - 1] ?? null) : null;
  }

  /** Shows a typed value at once, until the runtime's reading of it arrives. */
  patch(r: number, c: number, cell: CellOut): void {
    this.patches.set(`${r},${c}`, { cell, revision: this.revision });
  }

  /** The runtime's reading of a typed value (`typed`, still shown), until a block fetched after it arrives. */
  settle(r: number, c: number, typed: CellOut, cell: CellOut): void {
    const held = this.patches.get(`${r},${c}`);
    if (held && held.cell === typed) held.cell = cell;
  }

  /** The row ranges on screen (frozen rows and the scrolled part). */
  want(ranges: { first: number; last: number }[]): void {
    this.wanted = ranges;
    this.pump();
  }

  private next(): number | null {
    for (const { first, last } of this.wanted) {
      for (let b = Math.floor((first - 1) / BLOCK_ROWS); b <= Math.floor((last - 1) / BLOCK_ROWS); b++) {
        const block = this.blocks.get(b);
        if (!block || block.revision < this.revision) return b;
      }
    }
    return null;
  }

  private pump(): void {
    if (this.inflight || !this.sheet) return;
    const b = this.next();
    if (b === null) return;
    this.inflight = true;
    const sheet = this.sheet;
    const revision = this.revision;
    this.fetchWindow(sheet, b * BLOCK_ROWS + 1, BLOCK_ROWS)
      .then((w) => {
        if (sheet !== this.sheet) return;
        this.blocks.set(b, { revision, rows: w.rows });
        this.onData();
      })
      .catch((e: unknown) => {
        if (sheet === this.sheet) {
          // Keep what is shown; mark the block fetched so a failing sheet is not asked again in a loop.
          this.blocks.set(b, { revision, rows: this.blocks.get(b)?.rows ?? [] });
          this.onError(e instanceof Error ? e.message : String(e));
        }
      })
      .finally(() => {
        this.inflight = false;
        this.pump();
      });
  }
}
