import type { Notifier } from '../core/kernel/ports';

/**
 * Toasts, alerts and questions. `interactive` is false in triggers, where getUi() throws and
 * nobody could answer: alerts become toasts and questions answer "no".
 */
export function spreadsheetNotifier(
  interactive: boolean,
  spreadsheet: () => GoogleAppsScript.Spreadsheet.Spreadsheet = () => SpreadsheetApp.getActive(),
): Notifier {
  const toast = (message: string, title?: string): void => {
    spreadsheet().toast(message, title ?? 'Hub Sync', 8);
  };
  if (!interactive) {
    return { toast, alert: toast, confirm: () => false, prompt: () => null };
  }
  return {
    toast,
    alert(message, title) {
      const ui = SpreadsheetApp.getUi();
      if (title) ui.alert(title, message, ui.ButtonSet.OK);
      else ui.alert(message);
    },
    confirm(message, title) {
      const ui = SpreadsheetApp.getUi();
      return ui.alert(title ?? 'Hub Sync', message, ui.ButtonSet.YES_NO) === ui.Button.YES;
    },
    prompt(message, title) {
      const ui = SpreadsheetApp.getUi();
      const answer = ui.prompt(title ?? 'Hub Sync', message, ui.ButtonSet.OK_CANCEL);
      return answer.getSelectedButton() === ui.Button.OK ? answer.getResponseText() : null;
    },
  };
}
