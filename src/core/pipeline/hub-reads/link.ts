/**
 * The Permalink cell. The hub's text must never become a formula of its own, so the only formula
 * written is one we build: HYPERLINK with a URL that is checked to be http(s) and quoted with
 * Sheets' own rule (a quote inside a string is doubled). Anything else is written as plain text.
 */
import type { CellValue } from '../../kernel/ports';
import { escapeCellText } from '../../../sheet';

/** Longer URLs are not made into links (Sheets refuses very long HYPERLINK arguments). */
export const MAX_LINK_CHARS = 2000;

// Scheme, host, then anything visible: no spaces or control characters anywhere.
const HTTP_URL = /^https?:\/\/[^\s/?#\u0000-\u001f\u007f-\u009f]+[^\s\u0000-\u001f\u007f-\u009f]*$/i;

/** True when the text is an http(s) URL that may be put inside HYPERLINK. */
export function isLinkableUrl(text: string): boolean {
  return text.length <= MAX_LINK_CHARS && HTTP_URL.test(text);
}

const quoted = (s: string): string => `"${s.replace(/"/g, '""')}"`;

/** The cell for a permalink: a HYPERLINK showing the URL, plain escaped text, or empty. */
export function permalinkCell(url: string | null | undefined): CellValue {
  const text = String(url ?? '').trim();
  if (text === '') return '';
  if (!isLinkableUrl(text)) return escapeCellText(text);
  return `=HYPERLINK(${quoted(text)},${quoted(text)})`;
}
