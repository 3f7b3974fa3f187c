/** The shared shape of a sidebar button that calls the server once and shows what it said. */
import { h, isBusy, setBusy } from '../dom';
import { errorMessage } from '../server';
import { fieldRow, setFieldError } from './fields';

export interface MessageLines {
  message: HTMLElement;
  error: HTMLElement;
}

/** A status line (announced politely) and an error line (announced at once), both empty at first. */
export function messageLines(id: string, errorElementId = `${id}-error`): MessageLines {
  return {
    message: h('p', { id, role: 'status', class: 'message' }),
    error: h('p', { id: errorElementId, class: 'error', role: 'alert' }),
  };
}

/** A labelled control whose error line is a live region (its errors come from the server too). */
export function liveFieldRow(label: string, control: HTMLElement, hint?: string): { row: HTMLElement; error: HTMLElement } {
  const row = fieldRow(label, control, hint);
  const error = row.querySelector<HTMLElement>(`#${control.id}-error`) as HTMLElement;
  error.setAttribute('role', 'alert');
  return { row, error };
}

export interface ActionLines extends MessageLines {
  /** The control the error belongs to (marked aria-invalid while it shows). */
  control?: HTMLElement | null;
}

/**
 * Runs one server call from a button: ignores a click while busy, clears the lines, shows the
 * answer's message (or the error by the control), then runs `after` (the state refresh).
 * Resolves with the answer, or null when it failed or the button was busy.
 */
export async function runAction<T>(
  button: HTMLButtonElement,
  busyLabel: string,
  lines: ActionLines,
  work: () => Promise<T>,
  show: (answer: T) => string,
  after?: () => Promise<void>,
): Promise<T | null> {
  if (isBusy(button)) return null;
  setBusy(button, true, busyLabel);
  lines.message.textContent = '';
  setFieldError(lines.control ?? null, lines.error, null);
  let answer: T | null = null;
  try {
    answer = await work();
    lines.message.textContent = show(answer);
  } catch (e) {
    setFieldError(lines.control ?? null, lines.error, errorMessage(e));
  } finally {
    setBusy(button, false);
    if (after) await after();
  }
  return answer;
}
