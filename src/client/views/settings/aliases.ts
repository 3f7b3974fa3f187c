/** Channel aliases as the seller types them: one `read=written` pair per line (pure). */

export type AliasParse = { ok: true; aliases: Record<string, string> } | { ok: false; error: string };

/**
 * Parses alias lines. Codes are lower-cased (the add-on compares channel codes that way); blank
 * lines and `#` comments are skipped; the first problem is reported with its line number.
 */
export function parseAliasLines(text: string): AliasParse {
  const aliases: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    const where = `Line ${i + 1} (\u201c${line}\u201d)`;
    if (eq < 0) return { ok: false, error: `${where}: write it as read=written, e.g. meli=mercadolibre.` };
    const read = line.slice(0, eq).trim().toLowerCase();
    const written = line
      .slice(eq + 1)
      .trim()
      .toLowerCase();
    if (!read || !written) return { ok: false, error: `${where}: both sides of = need a channel code, e.g. meli=mercadolibre.` };
    if (/\s/.test(read) || /\s/.test(written) || written.includes('=')) {
      return { ok: false, error: `${where}: a channel code has no spaces and one = per line.` };
    }
    if (Object.hasOwn(aliases, read) && aliases[read] !== written) {
      return { ok: false, error: `${where}: ${read} already maps to ${aliases[read]}.` };
    }
    aliases[read] = written;
  }
  return { ok: true, aliases };
}

/** The aliases as lines for the text area, sorted so the text is stable. */
export function formatAliasLines(aliases: Readonly<Record<string, string>>): string {
  return Object.keys(aliases)
    .sort()
    .map((read) => `${read}=${aliases[read]}`)
    .join('\n');
}
