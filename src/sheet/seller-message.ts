/**
 * The one shape of a message a seller reads about a row (Sync message, the Log's and toasts'
 * "first problem"): one sentence first that says the outcome, in at most {@link HEADLINE_MAX}
 * characters, then the details. The hub's own words (often Spanish, often long) are quoted once in
 * the details, with the channels they concern, however many channels or parts said them.
 */

/** The longest first sentence, in characters. */
export const HEADLINE_MAX = 120;

/** Between the details of a message. */
const DETAIL_SEPARATOR = ' \u00B7 ';

/** One thing that happened to a row (one part sent, one check), for its message. */
export interface MessagePart {
  /** What happened, in the add-on's words: a short clause ("Quantity 5 sent to 2 channels"). */
  says: string;
  /** The hub's own words about it, quoted once, and the channels that said them. */
  hub?: ReadonlyArray<HubWords>;
}

/** The hub's words for one channel (or for the whole item: `channel` ''). */
export interface HubWords {
  channel: string;
  words: string;
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const sentence = (s: string): string => {
  const t = s.trim();
  return /[.!?\u2026]$/.test(t) ? t : `${t}.`;
};

/** "Producto no encontrado" once for amazon and walmart: `“Producto no encontrado” (amazon, walmart)`. */
function hubQuotes(parts: readonly MessagePart[]): string[] {
  const byWords = new Map<string, string[]>();
  for (const part of parts) {
    for (const { channel, words } of part.hub ?? []) {
      const text = words.trim();
      if (!text) continue;
      const channels = byWords.get(text) ?? [];
      if (channel && !channels.includes(channel)) channels.push(channel);
      byWords.set(text, channels);
    }
  }
  return [...byWords].map(([words, channels]) => `\u201C${words}\u201D${channels.length > 0 ? ` (${channels.join(', ')})` : ''}`);
}

/**
 * A row's message from what happened to it and the notes of its checks: the outcomes first (as one
 * sentence when they fit; otherwise `summary`, or the first outcome, then each outcome), the hub's
 * words (each once) and the notes. Repeated clauses are said once.
 */
export function rowMessage(parts: readonly MessagePart[], notes: readonly string[] = [], summary?: string): string {
  const says = [...new Set(parts.map((p) => p.says.trim()).filter(Boolean))];
  const together = says.join('; ');
  const fits = together.length < HEADLINE_MAX || says.length < 2;
  const [first, rest] = fits ? [together, []] : summary ? [summary, says] : [says[0], says.slice(1)];
  const quotes = hubQuotes(parts);
  const details = [
    ...rest,
    ...(quotes.length > 0 ? [`The hub said: ${quotes.join('; ')}`] : []),
    ...new Set(notes.map((n) => n.trim()).filter((n) => n && !says.includes(n))),
  ];
  return withHeadline([first, ...details].filter(Boolean));
}

/** Sentences from clauses: the first as the headline, the others after it. */
function withHeadline(clauses: readonly string[]): string {
  if (clauses.length === 0) return '';
  const [head, ...details] = clauses;
  const text = details.length === 0 ? capitalise(head.trim()) : `${sentence(capitalise(head))} ${details.join(DETAIL_SEPARATOR)}`;
  return shortHeadline(text);
}

const OPEN = '([\u201C';
const CLOSE = ')]\u201D';

/** Each character's depth in brackets and quotes: 0 outside any. */
function depths(text: string): number[] {
  const out: number[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (CLOSE.includes(c) && depth > 0) depth--;
    out.push(depth);
    if (OPEN.includes(c)) depth++;
  }
  return out;
}

/**
 * Where the first sentence ends: at a full stop (or ! ? …) followed by a space or the end, outside
 * brackets and quotes, so "(Producto no encontrado. Verifique)" and "12.5" do not end it.
 */
export function headlineEnd(text: string): number {
  const depth = depths(text);
  for (let i = 0; i < text.length; i++) {
    if (depth[i] === 0 && /[.!?\u2026]/.test(text[i]) && (i + 1 === text.length || /\s/.test(text[i + 1]))) return i + 1;
  }
  return text.length;
}

/** The first sentence of a message (the whole message when it is one sentence). */
export function headlineOf(text: string): string {
  return text.slice(0, headlineEnd(text)).trim();
}

/** Breaks, best first, at the last of which a too long first sentence is ended (before a bracket, rather than inside it). */
const BREAKS = [': ', ' \u2014 ', '; ', ' \u00B7 ', ', ', ' (', ' '];

/** The last `mark` outside brackets and quotes that ends a headline of at most HEADLINE_MAX characters, or -1. */
function lastBreak(text: string, depth: readonly number[], mark: string): number {
  for (let at = text.lastIndexOf(mark, HEADLINE_MAX - 2); at >= 20; at = text.lastIndexOf(mark, at - 1)) {
    if (depth[at] === 0) return at;
  }
  return -1;
}

/**
 * The message with a first sentence of at most HEADLINE_MAX characters: a longer one is ended
 * at its last clause break that fits (a colon, a dash, a semicolon, a comma, or else a space, with
 * "…"), and goes on as the details. Nothing is dropped. Shaping a shaped message changes nothing.
 */
export function shortHeadline(message: string): string {
  const text = message.trim();
  if (headlineEnd(text) <= HEADLINE_MAX) return text;
  const depth = depths(text);
  for (const mark of BREAKS) {
    const at = lastBreak(text, depth, mark);
    if (at < 0) continue;
    // A bracket opens the details: it stays with them.
    const rest = text.slice(at + (mark === ' (' ? 1 : mark.length)).trim();
    if (mark === ' ') return `${text.slice(0, at)}\u2026 \u2026${rest}`;
    return `${text.slice(0, at).replace(/[,;:]$/, '')}. ${capitalise(rest)}`;
  }
  return `${text.slice(0, HEADLINE_MAX - 1)}\u2026 \u2026${text.slice(HEADLINE_MAX - 1)}`;
}

/** A shaped message with more details after it (each said once): its first sentence stays first. */
export function withDetails(message: string, details: readonly string[]): string {
  const text = message.trim();
  const fresh = [...new Set(details.map((d) => d.trim()))].filter((d) => d && !text.includes(d));
  if (fresh.length === 0) return shortHeadline(text);
  if (!text) return rowMessage(fresh.map((says) => ({ says })));
  const oneSentence = headlineEnd(text) >= text.length;
  const base = oneSentence ? sentence(capitalise(text)) : text;
  return shortHeadline(`${base}${oneSentence ? ' ' : DETAIL_SEPARATOR}${fresh.join(DETAIL_SEPARATOR)}`);
}

/** A message that leads with `first` (what matters most now), the earlier message after it. */
export function leadWith(first: string, message: string): string {
  return rowMessage([{ says: first }], [message]);
}
