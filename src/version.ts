declare const __VERSION__: string | undefined;

/** The add-on's version, injected by dev/tools/build.ts ("dev" when running unbundled, e.g. in unit tests). */
export const VERSION: string = typeof __VERSION__ !== 'undefined' ? __VERSION__ : 'dev';

/** The add-on's name as users see it in menus and titles. */
export const ADDON_NAME = 'Hub Sync';

declare const __BUILD_ID__: string | undefined;

/**
 * A digest of the built bundle, set by dev/tools/build.ts ("dev" when running unbundled): stored
 * data this very build checked once can be read without checking it again (core/settings/store.ts).
 */
export const BUILD_ID: string = typeof __BUILD_ID__ !== 'undefined' ? __BUILD_ID__ : 'dev';
