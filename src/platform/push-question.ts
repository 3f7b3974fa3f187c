/**
 * The question a menu push asks before sending (core/push/confirm.ts), as a modal dialog. Apps
 * Script does not wait for a dialog (Ui.showModalDialog returns at once; the page answers through
 * google.script.run, and google.script.host.close() closes it:
 * https://developers.google.com/apps-script/guides/html/reference/host), so the menu's execution
 * ends having sent nothing, and Push is a new execution that names the question's token.
 *
 * Each button that calls the server says which function and arguments in `data-run` and
 * `data-args` (the page's script, src/client/question/main.ts, reads them; a test presses a
 * button by them too).
 */
import { OPERATION_TITLES, type PushQuestion } from '../core/pipeline/types';

/** The dialog's page for a question: QuestionDialog.html (src/client/question/), its scriptlets fed here. */
export function pushQuestionPage(q: PushQuestion): GoogleAppsScript.HTML.HtmlOutput {
  const page = HtmlService.createTemplateFromFile('QuestionDialog') as GoogleAppsScript.HTML.HtmlTemplate & Record<string, unknown>;
  page.title = pushQuestionTitle(q);
  page.question = q;
  page.previewArgs = JSON.stringify([q.operation, q.scope]);
  page.pushArgs = JSON.stringify([q.operation, q.scope, q.token, q.sheet]);
  // JSON inside <script>: "<" escaped, so no text of a cell can end the script.
  page.data = JSON.stringify(q).replace(/</g, '\\u003c');
  return page.evaluate();
}

/** The dialog's height: its lines and buttons, with no empty band under them (a modal dialog does not size itself). */
function dialogHeight(q: PushQuestion): number {
  // About 90 characters a line at 560 px; the headline, the status line and the buttons take 110 px.
  const lines = q.details.reduce((sum, d) => sum + Math.ceil(d.length / 90), 0);
  return Math.min(560, 110 + 20 * lines);
}

/** Shows the question in a modal dialog; returns at once (the answer is a later execution). */
export function showPushQuestion(q: PushQuestion): void {
  const html = pushQuestionPage(q).setWidth(560).setHeight(dialogHeight(q));
  SpreadsheetApp.getUi().showModalDialog(html, pushQuestionTitle(q));
}

/** The dialog's title (and its page's). */
export function pushQuestionTitle(q: PushQuestion): string {
  return `${OPERATION_TITLES[q.operation]}: check before sending`;
}
