/**
 * The one date-time format of every sheet the add-on writes (Synced at, Log, Jobs, Orders): ISO
 * order reads the same in every locale and sorts as text, and the sidebar shows times the same
 * way (src/client/format.ts), in the spreadsheet's time zone.
 */
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
