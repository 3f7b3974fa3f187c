/**
 * Lists kept packed in hidden sheets: a JSON list per cell, so that thousands of entries cost a
 * few cells to write and read (at ~0.15 ms a cell, one row per entry costs seconds at 10,000).
 * A cell holds 50,000 characters; a pack stays well under.
 */
export const PACK_CHARS = 40_000;

/** The items in packs of at most `maxChars` characters of JSON each (an item too big for one stays alone). */
export function packJson<T>(items: readonly T[], maxChars = PACK_CHARS): T[][] {
  const packs: T[][] = [];
  let pack: T[] = [];
  let chars = 2;
  for (const item of items) {
    const size = JSON.stringify(item).length + 1;
    if (pack.length > 0 && chars + size > maxChars) {
      packs.push(pack);
      pack = [];
      chars = 2;
    }
    pack.push(item);
    chars += size;
  }
  if (pack.length > 0) packs.push(pack);
  return packs;
}

/** The items of a packed cell; none when it cannot be read. */
export function unpackJson(text: string): unknown[] {
  try {
    const items: unknown = JSON.parse(text);
    return Array.isArray(items) ? items : [];
  } catch {
    return [];
  }
}
