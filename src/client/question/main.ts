/**
 * The script of the push question's dialog (src/platform/push-question.ts): wires the three buttons
 * and draws a new question when the server answers that the sheet changed since. Each button that
 * calls the server names the function and its arguments in `data-run` and `data-args`; Apps Script
 * does not wait for a dialog, so an answer is a new execution and the dialog closes itself
 * (https://developers.google.com/apps-script/guides/html/reference/host).
 */
import type { PushQuestion } from '../../core/pipeline/types';

interface Answer {
  ok: boolean;
  error?: string;
  value?: { question?: PushQuestion; message?: string };
}
interface ScriptRun {
  withSuccessHandler(handler: (value: Answer) => void): ScriptRun;
  withFailureHandler(handler: (error: unknown) => void): ScriptRun;
}
type Callable = Record<string, (...args: unknown[]) => unknown>;
declare const google: { script: { run: ScriptRun; host: { close(): void; setHeight(px: number): void } } };

const byId = (id: string): HTMLElement => document.getElementById(id) as HTMLElement;
const buttons = ['question-push', 'question-preview', 'question-cancel'].map((id) => byId(id) as HTMLButtonElement);

function draw(q: PushQuestion): void {
  byId('question-headline').textContent = q.headline;
  const list = byId('question-details');
  while (list.firstChild) list.removeChild(list.firstChild);
  for (const d of q.details) {
    const li = document.createElement('li');
    li.textContent = d;
    list.appendChild(li);
  }
  byId('question-push').setAttribute('data-args', JSON.stringify([q.operation, q.scope, q.token, q.sheet]));
  byId('question-preview').setAttribute('data-args', JSON.stringify([q.operation, q.scope]));
  fitHeight();
}

function say(text: string, error: boolean): void {
  const status = byId('question-status');
  status.textContent = text;
  status.className = error ? 'error' : '';
  fitHeight();
}

/**
 * The dialog as tall as its page: the server's height is an estimate from the text's length, and a
 * new question or a long error changes it (https://developers.google.com/apps-script/guides/html/reference/host#setHeight(Integer)).
 */
function fitHeight(): void {
  try {
    google.script.host.setHeight(document.documentElement.scrollHeight + 8);
  } catch {
    // A host that cannot resize keeps the estimated height: the page scrolls.
  }
}

function busy(on: boolean): void {
  for (const b of buttons) b.disabled = on;
}

function answered(result: Answer | null): void {
  busy(false);
  if (!result?.ok) {
    say(result?.error ?? 'No answer from the server: try again.', true);
    return;
  }
  if (result.value?.question) {
    draw(result.value.question);
    say(result.value.message ?? '', true);
    byId('question-push').focus();
    return;
  }
  google.script.host.close();
}

for (const button of buttons) {
  button.addEventListener('click', () => {
    const name = button.getAttribute('data-run');
    if (!name) {
      google.script.host.close();
      return;
    }
    busy(true);
    say(button.id === 'question-push' ? 'Pushing\u2026' : 'Opening the sidebar\u2026', false);
    const run = google.script.run
      .withSuccessHandler(answered)
      .withFailureHandler((e) => answered({ ok: false, error: String((e as Error | null)?.message ?? e) }));
    (run as unknown as Callable)[name](...(JSON.parse(button.getAttribute('data-args') ?? '[]') as unknown[]));
  });
}
draw(JSON.parse(byId('question-data').textContent ?? '{}') as PushQuestion);
byId('question-push').focus();
