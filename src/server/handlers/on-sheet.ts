import type { Context } from '../../core/kernel/context';
import { choiceNote, pushContext } from '../../core/pipeline/sheet-choice';

/**
 * Runs a menu push on the stock sheet chosen for it: the sheet the seller is on when it is a stock
 * sheet (core/pipeline/sheet-choice.ts). Its message starts with the sheet it used instead when
 * the seller is on another one.
 */
export function onChosenSheet(ctx: Context, fn: (on: Context) => string | null): string | null {
  const { ctx: on, choice } = pushContext(ctx);
  const said = fn(on);
  // A question shown in a dialog instead of a toast: the dialog names the sheet.
  if (said === null) return null;
  const note = choiceNote(choice);
  return note ? `${note} ${said}` : said;
}
