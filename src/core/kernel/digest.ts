/** A short digest of a text (FNV-1a, with its length): enough to tell one stored version from another. */
export function textDigest(text: string | null): string {
  const t = text ?? '';
  let h = 0x811c9dc5;
  for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 0x01000193);
  return `${t.length}.${(h >>> 0).toString(36)}`;
}
