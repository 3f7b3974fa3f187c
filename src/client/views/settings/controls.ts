/** The Settings form's controls: one per field of the form's table, in a labelled row. */
import { h } from '../../dom';
import { fieldRow } from '../fields';
import { errorId, fieldId, type FieldSpec } from './fields';

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
