/**
 * How wide a column the add-on adds is made, so that its header reads whole: `Listing status
 * [mercadolibre]` is cut at Sheets' default width. Estimated from the header's length (the add-on
 * cannot measure text), generously for the bold header font; never narrower than the default.
 */

/** Sheets' width (px) of a column nobody resized. */
export const DEFAULT_COLUMN_WIDTH = 100;

/** Widest the add-on makes a column: a longer header wraps into view when the seller widens it. */
const MAX_COLUMN_WIDTH = 320;

/** Pixels per character of a bold 10 pt Arial header (Sheets' default font), rounded up, and the cell's padding. */
const PX_PER_CHAR = 8;
const PADDING = 16;

/** The width (px) that shows every one of `headers` whole, between the default width and the widest the add-on sets. */
export function widthForHeaders(headers: readonly string[]): number {
  const longest = Math.max(0, ...headers.map((h) => h.length));
  return Math.min(MAX_COLUMN_WIDTH, Math.max(DEFAULT_COLUMN_WIDTH, longest * PX_PER_CHAR + PADDING));
}
