/**
 * A long restore's Preview sheet lists this many values put back over exactly what their push set,
 * and counts the rest: they say nothing the History does not, and 10,000 lines of them would cost
 * the preview about 16 s of Sheets writes (docs/dev/benchmarks.md). Everything else is listed.
 * Its own module: the sidebar's words use it without the server's code.
 */
export const RESTORE_PLAIN_LISTED = 500;
