/**
 * Pressing the buttons of an HTML dialog the add-on showed (Ui.showModalDialog), as a seller
 * would: a button that calls the server names the function and its arguments in `data-run` and
 * `data-args` (src/platform/push-question.ts); one without `data-run` only closes the dialog
 * (google.script.host.close()). The runtime emulator records the dialog's HTML; nothing waits for it.
 */
import type { DialogRecord, Runtime } from '../gas-runtime';

/** The last HTML dialog (modal or modeless) shown, or null. */
export function lastHtmlDialog(rt: Runtime): DialogRecord | null {
  return (
    rt
      .dialogs()
      .filter((d) => d.kind === 'modal' || d.kind === 'modeless')
      .pop() ?? null
  );
}

const fromHtml = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The dialog's buttons: label, and the server call each makes (null: it only closes the dialog). */
export function dialogButtons(dialog: DialogRecord): Array<{ label: string; run: string | null; args: unknown[] }> {
  const out: Array<{ label: string; run: string | null; args: unknown[] }> = [];
  for (const m of (dialog.content ?? '').matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)) {
    const attrs = m[1];
    const run = /\bdata-run="([^"]*)"/.exec(attrs)?.[1] ?? null;
    const args = /\bdata-args="([^"]*)"/.exec(attrs)?.[1];
    out.push({ label: fromHtml(m[2].replace(/<[^>]*>/g, '').trim()), run, args: args ? (JSON.parse(fromHtml(args)) as unknown[]) : [] });
  }
  return out;
}

/**
 * Presses the button labelled `label` of the last HTML dialog: runs its server call as this
 * user's execution and returns what it returned, or `{ closed: true }` for a button that only
 * closes the dialog. Throws when there is no dialog or no such button.
 */
export function pressDialogButton(rt: Runtime, label: string): unknown {
  const dialog = lastHtmlDialog(rt);
  if (!dialog) throw new Error('No HTML dialog was shown');
  const buttons = dialogButtons(dialog);
  const button = buttons.find((b) => b.label === label);
  if (!button) throw new Error(`No button "${label}" in the dialog (it has ${buttons.map((b) => b.label).join(', ')})`);
  return button.run ? rt.call(button.run, ...button.args) : { closed: true };
}

/** The question the dialog shows (its embedded data), for a test's checks. */
export function dialogData<T>(dialog: DialogRecord): T {
  const m = /<script type="application\/json" id="question-data">([\s\S]*?)<\/script>/.exec(dialog.content ?? '');
  if (!m) throw new Error('The dialog carries no question data');
  return JSON.parse(m[1]) as T;
}
