/**
 * The one global the server-side core may name besides the language's own: `console`, which every
 * runtime the core runs in has (Apps Script's V8, Node in tests). Only tsconfig.core.json reads this
 * file; the other programs get `console` from their own libraries.
 */
declare const console: { log(...data: unknown[]): void; warn(...data: unknown[]): void; error(...data: unknown[]): void };
