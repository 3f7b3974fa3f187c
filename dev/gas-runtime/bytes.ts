/**
 * Apps Script's byte[] is a JS array of signed integers (-128..127, Java bytes). These helpers
 * convert between it and host Uint8Arrays, and encode text in the charsets Apps Script names.
 */

/** Uint8Array → signed byte array (host array; copy it into the realm before handing it out). */
export function toSignedBytes(u8: Uint8Array): number[] {
  const out = new Array<number>(u8.length);
  for (let i = 0; i < u8.length; i++) out[i] = u8[i] > 127 ? u8[i] - 256 : u8[i];
  return out;
}

/** A byte array of any sign convention (or a typed array) → Uint8Array. */
export function fromByteArray(arr: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(arr.length);
  for (let i = 0; i < arr.length; i++) out[i] = Number(arr[i]) & 0xff;
  return out;
}

/** True for a plain array of numbers (Apps Script's byte[]). */
export function isByteArray(v: unknown): v is number[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'number');
}

function bufferEncoding(charset?: unknown): BufferEncoding {
  const c = String(charset ?? 'UTF-8')
    .toUpperCase()
    .replace(/_/g, '-');
  if (c === 'US-ASCII' || c === 'ASCII') return 'ascii';
  if (c === 'ISO-8859-1' || c === 'LATIN1') return 'latin1';
  if (c === 'UTF-16LE' || c === 'UTF-16') return 'utf16le';
  return 'utf8';
}

/** Text → bytes in an Apps Script charset name (default UTF-8). */
export function encodeText(s: string, charset?: unknown): Uint8Array {
  return new Uint8Array(Buffer.from(s, bufferEncoding(charset)));
}

/** Bytes → text in a charset name (default UTF-8). */
export function decodeText(bytes: Uint8Array, charset?: unknown): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(bufferEncoding(charset));
}
