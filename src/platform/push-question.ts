/**
 * The question a menu push asks before sending (core/push/confirm.ts), as a modal dialog. Apps
 * Script does not wait for a dialog (Ui.showModalDialog returns at once; the page answers through
 * google.script.run, and google.script.host.close() closes it:
 * https://developers.google.com/apps-script/guides/html/reference/host), so the menu's execution
 * ends having sent nothing, and Push is a new execution that names the question's token.
 *
 * Each button that calls the server says which function and arguments in `data-run` and
 * `data-args` (the page's script reads them; a test presses a button by them too).
 */
import { OPERATION_TITLES, type PushQuestion } from '../core/pipeline/types';

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const STYLE = `body{font:13px/1.45 Arial,sans-serif;margin:0;padding:4px 2px;color:#202124}
#question-headline{font-size:15px;font-weight:bold;margin:0 0 8px}
#question-details{margin:0 0 12px;padding-left:18px}#question-details li{margin:2px 0}
#question-status{min-height:1.2em;margin:0 0 8px}#question-status.error{color:#b3261e}
.buttons{display:flex;gap:8px;justify-content:flex-end}
button{font:inherit;padding:6px 14px;border:1px solid #dadce0;border-radius:4px;background:#fff;color:#1a73e8;cursor:pointer}
button.primary{background:#1a73e8;border-color:#1a73e8;color:#fff}button:disabled{opacity:.6;cursor:default}
button:focus-visible{outline:2px solid #174ea6;outline-offset:2px}`;

/** The page's script: draws the question, wires the buttons, draws a new question when the sheet changed since. */
const SCRIPT = `(function () {
  'use strict';
  var byId = function (id) { return document.getElementById(id); };
  var buttons = [byId('question-push'), byId('question-preview'), byId('question-cancel')];
  function draw(q) {
    byId('question-headline').textContent = q.headline;
    var list = byId('question-details');
    while (list.firstChild) list.removeChild(list.firstChild);
    q.details.forEach(function (d) { var li = document.createElement('li'); li.textContent = d; list.appendChild(li); });
    byId('question-push').setAttribute('data-args', JSON.stringify([q.operation, q.scope, q.token, q.sheet]));
    byId('question-preview').setAttribute('data-args', JSON.stringify([q.operation, q.scope]));
  }
  function say(text, error) { var s = byId('question-status'); s.textContent = text; s.className = error ? 'error' : ''; }
  function busy(on) { buttons.forEach(function (b) { b.disabled = on; }); }
  function answered(result) {
    busy(false);
    if (!result || !result.ok) { say(result ? result.error : 'No answer from the server: try again.', true); return; }
    if (result.value && result.value.question) { draw(result.value.question); say(result.value.message, true); byId('question-push').focus(); return; }
    google.script.host.close();
  }
  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      var name = button.getAttribute('data-run');
      if (!name) { google.script.host.close(); return; }
      busy(true);
      say(button.id === 'question-push' ? 'Pushing\\u2026' : 'Opening the sidebar\\u2026', false);
      var run = google.script.run.withSuccessHandler(answered).withFailureHandler(function (e) { answered({ ok: false, error: String(e && e.message || e) }); });
      run[name].apply(run, JSON.parse(button.getAttribute('data-args') || '[]'));
    });
  });
  draw(JSON.parse(byId('question-data').textContent));
  byId('question-push').focus();
})();`;

/** The dialog's page for a question: its text drawn from the embedded question, three buttons. */
export function pushQuestionPage(q: PushQuestion): string {
  // JSON inside <script>: "<" escaped, so no text of a cell can end the script.
  const data = JSON.stringify(q).replace(/</g, '\\u003c');
  const details = q.details.map((d) => `<li>${escapeHtml(d)}</li>`).join('');
  const args = (list: unknown[]): string => escapeHtml(JSON.stringify(list));
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><base target="_top"><title>${escapeHtml(pushQuestionTitle(q))}</title><style>${STYLE}</style></head><body>
<main aria-labelledby="question-headline">
<h1 id="question-headline">${escapeHtml(q.headline)}</h1>
<ul id="question-details">${details}</ul>
<p id="question-status" role="status"></p>
<div class="buttons">
<button id="question-cancel" type="button">Cancel</button>
<button id="question-preview" type="button" data-run="previewPushInSidebar" data-args="${args([q.operation, q.scope])}">Preview in sidebar</button>
<button id="question-push" type="button" class="primary" data-run="answerPushQuestion" data-args="${args([q.operation, q.scope, q.token, q.sheet])}">Push</button>
</div>
</main>
<script type="application/json" id="question-data">${data}</script>
<script>${SCRIPT}</script>
</body></html>`;
}

/** Shows the question in a modal dialog; returns at once (the answer is a later execution). */
export function showPushQuestion(q: PushQuestion): void {
  const html = HtmlService.createHtmlOutput(pushQuestionPage(q)).setWidth(560).setHeight(420);
  SpreadsheetApp.getUi().showModalDialog(html, pushQuestionTitle(q));
}

/** The dialog's title (and its page's). */
export function pushQuestionTitle(q: PushQuestion): string {
  return `${OPERATION_TITLES[q.operation]}: check before sending`;
}
