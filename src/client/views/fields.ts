/** Labelled form controls with a hint and an error line, wired for screen readers. */
import { h, type Child } from '../dom';
import { errorId, fieldId, type FieldSpec } from '../settings-fields';

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

/** The control for a settings field (`select`/`schedule` options are filled by the caller or from the spec). */
export function settingsControl(spec: FieldSpec): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  const id = fieldId(spec.path);
  switch (spec.kind) {
    case 'select':
    case 'schedule':
      return h(
        'select',
        { id, name: spec.path },
        (spec.options ?? []).map((o) => h('option', { value: o.value }, o.label)),
      );
    case 'aliases':
      return h('textarea', { id, name: spec.path, rows: 3, spellcheck: 'false', autocapitalize: 'off', placeholder: 'meli=mercadolibre' });
    case 'channelList':
      return h('input', {
        id,
        name: spec.path,
        type: 'text',
        autocomplete: 'off',
        spellcheck: 'false',
        autocapitalize: 'off',
        placeholder: 'amazon, walmart (or *)',
      });
    case 'url':
      return h('input', {
        id,
        name: spec.path,
        type: 'url',
        inputmode: 'url',
        autocomplete: 'off',
        spellcheck: 'false',
        placeholder: 'https://api.example.com',
      });
    case 'integer':
    case 'decimal':
      return h('input', {
        id,
        name: spec.path,
        type: 'number',
        min: spec.min,
        max: spec.max,
        step: spec.kind === 'integer' ? 1 : 'any',
        inputmode: spec.kind === 'integer' ? 'numeric' : 'decimal',
      });
    default:
      return h('input', { id, name: spec.path, type: 'text', autocomplete: 'off', spellcheck: 'false' });
  }
}

/** A settings field: control plus its row. */
export function settingsField(spec: FieldSpec): { row: HTMLElement; control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement } {
  const control = settingsControl(spec);
  return { row: fieldRow(spec.label, control, spec.hint, errorId(spec.path)), control };
}

/** Shows (or clears) an error next to a control; the control is marked invalid for screen readers. */
export function setFieldError(control: HTMLElement | null, errorElement: HTMLElement | null, message: string | null): void {
  if (errorElement) errorElement.textContent = message ?? '';
  if (!control) return;
  if (message) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
}
