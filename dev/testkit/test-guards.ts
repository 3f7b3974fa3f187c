/**
 * The safety settings tests run with unless they set their own or ask for a fresh install's
 * (EnvOptions.outOfTheBox): guard rails off and no question before a push, so that a test of
 * something else pushes without being asked. The tests of the defaults leave them as shipped.
 */
export const TEST_GUARDS = { pricePct: 0, zeroStock: 0, confirmValues: 0 } as const;
