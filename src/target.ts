declare const __TARGET__: 'bound' | 'addon' | undefined;

/**
 * The product this bundle was built as (dev/tools/build.ts --target): a container-bound script or a
 * Marketplace editor add-on. Null when running unbundled (unit tests), where the settings decide.
 */
export const BUILD_TARGET: 'bound' | 'addon' | null = typeof __TARGET__ !== 'undefined' ? __TARGET__ : null;
