declare const __VERSION__: string | undefined;

/** The add-on's version, injected by dev/tools/build.ts ("dev" when running unbundled, e.g. in unit tests). */
export const VERSION: string = typeof __VERSION__ !== 'undefined' ? __VERSION__ : 'dev';

/** The add-on's name as users see it in menus and titles. */
export const ADDON_NAME = 'Hub Sync';
