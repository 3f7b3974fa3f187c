/** Where the settings' errors show: each by its field, a count and what belongs to no field in the general line. */
import { setFieldError } from '../fields';
import type { Control } from './form';
import { FIELDS, errorId, routeErrors } from './fields';

/** Shows every error by its field (clearing the others); returns the first control to focus. */
export function showErrors(controls: Map<string, Control>, generalError: HTMLElement, errors: Record<string, string>): Control | null {
  const { fields, general } = routeErrors(errors);
  let first: Control | null = null;
  for (const path of [...controls.keys(), 'sheetNames']) {
    const control = controls.get(path) ?? null;
    const message = fields[path] ?? null;
    setFieldError(control, document.getElementById(errorId(path)), message);
    if (message && !first) first = control ?? (controls.get(FIELDS.sheetNames[0].path) as Control);
  }
  const count = Object.keys(fields).length;
  const summary = count ? `${count === 1 ? 'One setting needs' : `${count} settings need`} a fix (see the messages by the fields).` : '';
  generalError.textContent = [summary, ...general].filter(Boolean).join(' ');
  return first;
}
