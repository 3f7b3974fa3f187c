/**
 * The zod of the build before issue 16, for bench/bundle.ts only: classic `zod` under the names
 * the source now imports from `zod/mini` (classic zod calls minimum and maximum gte and lte).
 * Classic schemas carry every method, so the bundle gets all of classic zod, as it did.
 */
export * from 'zod';
export { gte as minimum, lte as maximum } from 'zod';
