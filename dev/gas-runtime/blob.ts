import { decodeText, encodeText, fromByteArray, isByteArray, toSignedBytes } from './bytes';
import type { Ctx } from './execution';
import { facade } from './facade';

/**
 * Blob: bytes with a content type and a name (Utilities.newBlob, HTTPResponse.getBlob,
 * File.getBlob). Conversions (getAs to PDF...) are not emulated beyond relabelling.
 */

export interface BlobState {
  bytes: Uint8Array;
  contentType: string | null;
  name: string | null;
}

const states = new WeakMap<object, BlobState>();

/** The state of a Blob facade, or of any object with getBlob() returning one (BlobSource). */
export function blobState(v: unknown): BlobState | undefined {
  if (!v || typeof v !== 'object') return undefined;
  return states.get(v);
}

/** Bytes from what Apps Script accepts as data: a string, a byte[] or a Blob. */
export function dataBytes(data: unknown, charset?: unknown): Uint8Array {
  const b = blobState(data);
  if (b) return b.bytes.slice();
  if (isByteArray(data)) return fromByteArray(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
  return encodeText(String(data ?? ''), charset);
}

/** A Blob facade over a copy of `state`. */
export function blobFacade(ctx: Ctx, init: BlobState): object {
  const state: BlobState = { ...init, bytes: init.bytes.slice() };
  const cheap = (method: string) => ctx.cheap('Blob', method);
  const self: object = facade('Blob', {
    getBytes: () => (cheap('getBytes'), ctx.toRealm(toSignedBytes(state.bytes))),
    setBytes: (data: unknown) => (cheap('setBytes'), (state.bytes = dataBytes(data)), self),
    getDataAsString: (charset?: unknown) => (cheap('getDataAsString'), decodeText(state.bytes, charset)),
    setDataFromString: (s: unknown, charset?: unknown) => (
      cheap('setDataFromString'), (state.bytes = encodeText(String(s), charset)), self
    ),
    getContentType: () => (cheap('getContentType'), state.contentType),
    setContentType: (t: unknown) => (cheap('setContentType'), (state.contentType = t == null ? null : String(t)), self),
    getName: () => (cheap('getName'), state.name),
    setName: (n: unknown) => (cheap('setName'), (state.name = n == null ? null : String(n)), self),
    copyBlob: () => (cheap('copyBlob'), blobFacade(ctx, state)),
    getBlob: () => (cheap('getBlob'), self),
    getAs: (contentType: unknown) => (cheap('getAs'), blobFacade(ctx, { ...state, contentType: String(contentType) })),
    isGoogleType: () => (cheap('isGoogleType'), false),
  });
  states.set(self, state);
  return self;
}
