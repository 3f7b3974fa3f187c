import type { Context } from '../../core/context';
import { addNotice as keepNotice } from '../../core/notices';

export { takeNotices } from '../../core/notices';

/** Notices for the next time someone opens the spreadsheet (triggers have no screen). */
export function addNotice(ctx: Context, text: string): void {
  keepNotice(ctx.ports.documentStore, text);
}
