/**
 * Lists kept packed in hidden sheets: a JSON list per cell, so that thousands of entries cost a
 * few cells to write and read (at ~0.15 ms a cell, one row per entry costs seconds at 10,000).
 * A cell holds 50,000 characters; a pack stays well under.
 */
export const PACK_CHARS = 40_000;

/** A pack: its items, and the cell's text (their JSON list, each item stringified once). */
export interface Pack<T> {
  items: T[];
  text: string;
}

/** The items in packs of at most `maxChars` characters of JSON each (an item too big for one stays alone). */
export function packJson<T>(items: readonly T[], maxChars = PACK_CHARS): Array<Pack<T>> {
  const packs: Array<Pack<T>> = [];
  let pack: T[] = [];
  let texts: string[] = [];
  let chars = 2;
  const close = (): void => {
    packs.push({ items: pack, text: `[${texts.join(',')}]` });
    pack = [];
    texts = [];
    chars = 2;
  };
  for (const item of items) {
    const text = JSON.stringify(item);
    if (pack.length > 0 && chars + text.length + 1 > maxChars) close();
    pack.push(item);
    texts.push(text);
    chars += text.length + 1;
  }
  if (pack.length > 0) close();
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
