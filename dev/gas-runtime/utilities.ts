import * as crypto from 'node:crypto';
import { blobFacade, dataBytes } from './blob';
import { encodeText, toSignedBytes } from './bytes';
import { formatSimpleDate } from './date-format';
import { MSG } from './errors';
import type { Ctx } from './execution';
import { facade } from './facade';
import { dateMs, isDate } from './realm';
import { format } from 'node:util';

/**
 * Utilities: sleep (advances the virtual clock), formatDate (SimpleDateFormat in a time zone),
 * formatString, base64 (+ web-safe), digests and HMACs (signed byte arrays), UUIDs, blobs,
 * parseCsv and the JSON helpers.
 */

export const CHARSET = { US_ASCII: 'US-ASCII', UTF_8: 'UTF-8' };
export const DIGEST_ALGORITHM = { MD2: 'MD2', MD5: 'MD5', SHA_1: 'SHA_1', SHA_256: 'SHA_256', SHA_384: 'SHA_384', SHA_512: 'SHA_512' };
export const MAC_ALGORITHM = {
  HMAC_MD5: 'HMAC_MD5',
  HMAC_SHA_1: 'HMAC_SHA_1',
  HMAC_SHA_256: 'HMAC_SHA_256',
  HMAC_SHA_384: 'HMAC_SHA_384',
  HMAC_SHA_512: 'HMAC_SHA_512',
};

const NODE_HASH: Record<string, string> = {
  MD2: 'md2',
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
};

/** Utilities.formatString: Java-like %s %d %i %f (with precision) and %%. */
export function formatString(template: string, args: unknown[]): string {
  let i = 0;
  return template.replace(/%(\.\d+)?([sdif%])/g, (_m, prec: string | undefined, conv: string) => {
    if (conv === '%') return '%';
    const v = args[i++];
    if (conv === 's') return String(v);
    if (conv === 'd' || conv === 'i') return String(Math.trunc(Number(v)));
    return prec ? Number(v).toFixed(Number(prec.slice(1))) : String(Number(v));
  });
}

/** RFC 4180 CSV parsing (quotes, doubled quotes, CRLF). */
export function parseCsv(csv: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i];
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && csv[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function webSafe(b64: string): string {
  return b64.replace(/\+/g, '-').replace(/\//g, '_');
}

/** The Utilities global. */
export function utilities(ctx: Ctx): object {
  const cheap = (method: string) => ctx.cheap('Utilities', method);
  const bytesOut = (u8: Uint8Array) => ctx.toRealm(toSignedBytes(u8));
  const digest = (alg: unknown, value: unknown, charset?: unknown) => {
    const name = NODE_HASH[String(alg)];
    if (!name) ctx.fail(MSG.invalidArgument('algorithm'));
    return crypto.createHash(name).update(dataBytes(value, charset)).digest();
  };
  const hmac = (alg: string, value: unknown, key: unknown, charset?: unknown) =>
    crypto.createHmac(alg, dataBytes(key, charset)).update(dataBytes(value, charset)).digest();
  return facade('Utilities', {
    Charset: CHARSET,
    DigestAlgorithm: DIGEST_ALGORITHM,
    MacAlgorithm: MAC_ALGORITHM,
    sleep(milliseconds: unknown) {
      ctx.enter('Utilities', 'sleep');
      const ms = Math.max(0, Number(milliseconds) || 0);
      ctx.world.counters.sleeps++;
      ctx.world.counters.sleepMs += ms;
      ctx.charge(ms);
    },
    formatDate(date: unknown, timeZone: unknown, pattern: unknown) {
      cheap('formatDate');
      if (!isDate(date)) ctx.fail(MSG.invalidArgument('date'));
      try {
        return formatSimpleDate(dateMs(date), String(timeZone), String(pattern));
      } catch (e) {
        return ctx.fail(e instanceof RangeError ? MSG.invalidArgument('timeZone') : (e as Error).message);
      }
    },
    formatString: (template: unknown, ...args: unknown[]) => (cheap('formatString'), formatString(String(template), args)),
    base64Encode: (data: unknown, charset?: unknown) => (cheap('base64Encode'), Buffer.from(dataBytes(data, charset)).toString('base64')),
    base64EncodeWebSafe: (data: unknown, charset?: unknown) => (
      cheap('base64EncodeWebSafe'), webSafe(Buffer.from(dataBytes(data, charset)).toString('base64'))
    ),
    base64Decode: (encoded: unknown) => (cheap('base64Decode'), bytesOut(new Uint8Array(Buffer.from(String(encoded), 'base64')))),
    base64DecodeWebSafe: (encoded: unknown) => (
      cheap('base64DecodeWebSafe'), bytesOut(new Uint8Array(Buffer.from(String(encoded), 'base64url')))
    ),
    computeDigest: (alg: unknown, value: unknown, charset?: unknown) => (cheap('computeDigest'), bytesOut(digest(alg, value, charset))),
    computeHmacSha256Signature: (value: unknown, key: unknown, charset?: unknown) => (
      cheap('computeHmacSha256Signature'), bytesOut(hmac('sha256', value, key, charset))
    ),
    computeHmacSignature(alg: unknown, value: unknown, key: unknown, charset?: unknown) {
      cheap('computeHmacSignature');
      const name = NODE_HASH[String(alg).replace(/^HMAC_/, '')];
      if (!name) ctx.fail(MSG.invalidArgument('algorithm'));
      return bytesOut(hmac(name, value, key, charset));
    },
    getUuid: () => (cheap('getUuid'), crypto.randomUUID()),
    newBlob(data: unknown, contentType?: unknown, name?: unknown) {
      cheap('newBlob');
      return blobFacade(ctx, {
        bytes: typeof data === 'string' ? encodeText(data) : dataBytes(data),
        contentType: contentType == null ? null : String(contentType),
        name: name == null ? null : String(name),
      });
    },
    parseCsv: (csv: unknown, delimiter?: unknown) => (
      cheap('parseCsv'), ctx.toRealm(parseCsv(String(csv), delimiter === undefined ? ',' : String(delimiter)))
    ),
    jsonParse: (s: unknown) => (cheap('jsonParse'), ctx.toRealm(JSON.parse(String(s)))),
    jsonStringify: (v: unknown) => (cheap('jsonStringify'), JSON.stringify(v)),
  });
}

/** Formats Logger/console arguments the way a reader of the log expects. */
export function formatLogArgs(args: unknown[]): string {
  if (typeof args[0] === 'string' && args.length > 1 && /%[sdif]/.test(args[0])) return formatString(args[0], args.slice(1));
  return format(...args);
}
