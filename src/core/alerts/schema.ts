/**
 * What the alerts keep in the spreadsheet's document store (one property: onOpen in LIMITED mode
 * can read nothing else). Types come from these schemas; a damaged value reads as "no alerts".
 */
import * as z from 'zod/mini';

/** Background work watched for failures and staleness; its names are the keys of the day's mail. */
export const BACKGROUND_KINDS = ['import', 'jobs', 'push', 'sales'] as const;
export const ALERT_KINDS = [...BACKGROUND_KINDS, 'lowStock'] as const;
export const AlertKind = z.lazy(() => z.enum(ALERT_KINDS));
export type AlertKind = z.infer<typeof AlertKind>;
export type BackgroundKind = (typeof BACKGROUND_KINDS)[number];

/** A SKU at or below the low-stock threshold, with the quantity that put it there. */
export const LowSku = z.lazy(() => z.object({ sku: z.string(), quantity: z.number() }));
export type LowSku = z.infer<typeof LowSku>;

export const Alert = z.lazy(() =>
  z.object({
    kind: AlertKind,
    /** failed: the work threw; stale: it has not succeeded for twice its interval; low: SKUs ran low. */
    cause: z.enum(['failed', 'stale', 'low']),
    /** Failing since (first failure), not succeeded since (stale), or first seen low. */
    since: z.number(),
    /** The latest failure or detection. */
    lastAt: z.number(),
    /** What failed, in the words of the error (or of the detection). */
    message: z.string(),
    /** The user key whose work it is ('' when unknown): their trigger mails it. */
    owner: z._default(z.string(), ''),
    skus: z.optional(z.array(LowSku)),
    /** Shown as a toast at an open already: the next open is quiet; the sidebar keeps it. */
    toasted: z._default(z.boolean(), false),
  }),
);
export type Alert = z.infer<typeof Alert>;

export const AlertsRecord = z.lazy(() =>
  z.object({
    alerts: z._default(z.array(Alert), []),
    /** Kind → when its work last succeeded (epoch ms). */
    lastSuccess: z._default(z.record(z.string(), z.number()), {}),
    /** Kind → the day (yyyy-mm-dd, the spreadsheet's time zone) its alert was last mailed. */
    mailedDay: z._default(z.record(z.string(), z.string()), {}),
    /** When a mail was last refused (quota): tried again an hour later, not at every run. */
    mailFailedAt: z._default(z.nullable(z.number()), null),
  }),
);
export type AlertsRecord = z.infer<typeof AlertsRecord>;
