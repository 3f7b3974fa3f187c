/** The Log sheet's columns: written by core/log.ts, read by the sidebar (no imports, so it costs the sidebar nothing). */

/** Columns of the Log sheet. */
export const LOG_HEADER = [
  'Time',
  'User',
  'Operation',
  'Rows OK',
  'Rows failed',
  'Rows skipped',
  'Requests',
  'Retries',
  'Duration (s)',
  'Message',
] as const;
