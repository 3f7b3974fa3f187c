/**
 * "1 row", "2 rows", "1 minute", "every 5 minutes": a number of things in words, singular or
 * plural as English wants it. One helper for every message, the sidebar included (no imports, so
 * the sidebar's bundle takes this file alone).
 */

/** `1 row`, `2 rows`, `1,200 rows`; `pluralWord` for the irregular ones (`retry`, `retries`). */
export function countOf(count: number, word: string, pluralWord = `${word}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? word : pluralWord}`;
}

/** `every minute`, `every 5 minutes`, `every hour`, `every 2 hours`: how often a schedule runs. */
export function everyMinutes(minutes: number): string {
  if (minutes === 1) return 'every minute';
  if (minutes === 60) return 'every hour';
  if (minutes > 60 && minutes % 60 === 0) return `every ${countOf(minutes / 60, 'hour')}`;
  return `every ${countOf(minutes, 'minute')}`;
}

/** `500 of 1,000 rows`, `0 of 1 row`: part of a count, the word agreeing with the whole. */
export function partOf(part: number, whole: number, word: string, pluralWord = `${word}s`): string {
  return `${part.toLocaleString('en-US')} of ${countOf(whole, word, pluralWord)}`;
}
