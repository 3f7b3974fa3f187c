/** Labelled form controls with a hint and an error line, wired for screen readers. */
import { h, type Child } from '../dom';

/** A label, the control, an optional hint and the (initially empty) error line. */
export function fieldRow(labelText: string, control: HTMLElement, hint?: Child, errorElementId?: string): HTMLElement {
  const id = control.id;
  const hintId = hint ? `${id}-hint` : null;
  const errId = errorElementId ?? `${id}-error`;
  control.setAttribute('aria-describedby', [hintId, errId].filter(Boolean).join(' '));
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, labelText),
    control,
    hint ? h('p', { id: hintId, class: 'hint' }, hint) : null,
    // Not a live region: after a failed save the first invalid field gets focus and reads its error.
    h('p', { id: errId, class: 'error' }),
  );
}

/** Shows (or clears) an error next to a control; the control is marked invalid for screen readers. */
export function setFieldError(control: HTMLElement | null, errorElement: HTMLElement | null, message: string | null): void {
  if (errorElement) errorElement.textContent = message ?? '';
  if (!control) return;
  if (message) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
}

/** A select of fixed choices, described by the hint its field shows under it. */
export function choiceSelect(id: string, choices: ReadonlyArray<{ value: string; label: string }>): HTMLSelectElement {
  return h(
    'select',
    { id, name: id, 'aria-describedby': `${id}-hint` },
    choices.map((c) => h('option', { value: c.value }, c.label)),
  );
}

/** A labelled select and its hint (no error line: a choice from the list cannot be wrong). */
export function choiceField(labelText: string, select: HTMLSelectElement, hint: string): HTMLElement {
  return h(
    'div',
    { class: 'field' },
    h('label', { for: select.id }, labelText),
    select,
    h('p', { id: `${select.id}-hint`, class: 'hint' }, hint),
  );
}
