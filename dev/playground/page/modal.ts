/**
 * One modal at a time, in order: the add-on's alerts and prompts, the playground's own forms and
 * error reports. Texts are set as text; Escape and the close button give the close value.
 */
import { byId, clear, el } from './dom';

export interface ModalButton {
  label: string;
  value: string;
  primary?: boolean;
}

export interface ModalField {
  name: string;
  label: string;
  /** A checkbox: 'true' or 'false'; a select: the chosen option's value; a file: its name. */
  value: string;
  type?: 'text' | 'number' | 'file' | 'checkbox' | 'select';
  /** A select's choices. */
  options?: Array<{ value: string; label: string }>;
  /** A file input's accepted types (".csv,.xlsx"). */
  accept?: string;
}

export interface ModalSpec {
  /** Element id of the dialog box (tests find it by that). */
  id: string;
  title?: string;
  message?: string;
  fields?: ModalField[];
  buttons: ModalButton[];
  /** What Escape and the close button answer. */
  closeValue: string;
  /** Checked before a non-close button closes the modal: a message keeps it open. */
  validate?: (value: string, fields: Record<string, string>) => string | null;
}

export interface ModalResult {
  value: string;
  fields: Record<string, string>;
  /** The file each file field holds (null: none chosen). */
  files: Record<string, File | null>;
}

type FieldInput = HTMLInputElement | HTMLSelectElement;

function fieldInput(id: string, f: ModalField): FieldInput {
  if (f.type === 'select') {
    const select = el('select', { id, name: f.name });
    for (const o of f.options ?? []) select.appendChild(el('option', { value: o.value, selected: o.value === f.value }, o.label));
    return select;
  }
  if (f.type === 'checkbox') return el('input', { id, name: f.name, type: 'checkbox', checked: f.value === 'true' });
  if (f.type === 'file') return el('input', { id, name: f.name, type: 'file', accept: f.accept ?? null });
  return el('input', { id, name: f.name, type: f.type ?? 'text', value: f.value, autocomplete: 'off', spellcheck: 'false' });
}

function fieldValue(i: FieldInput): string {
  if (i instanceof HTMLInputElement && i.type === 'checkbox') return i.checked ? 'true' : 'false';
  if (i instanceof HTMLInputElement && i.type === 'file') return i.files?.[0]?.name ?? '';
  return i.value;
}

let queue: Promise<unknown> = Promise.resolve();

function show(spec: ModalSpec): Promise<ModalResult> {
  const layer = byId('modal-layer');
  const returnFocus = document.activeElement as HTMLElement | null;
  return new Promise((resolve) => {
    const inputs = (spec.fields ?? []).map((f) => fieldInput(`${spec.id}-${f.name}`, f));
    const error = el('p', { class: 'error', role: 'alert' });
    const read = (): Record<string, string> => Object.fromEntries(inputs.map((i) => [i.name, fieldValue(i)]));
    const files = (): Record<string, File | null> =>
      Object.fromEntries(
        inputs
          .filter((i) => i instanceof HTMLInputElement && i.type === 'file')
          .map((i) => [i.name, (i as HTMLInputElement).files?.[0] ?? null]),
      );
    const done = (value: string): void => {
      if (value !== spec.closeValue && spec.validate) {
        const problem = spec.validate(value, read());
        if (problem) {
          error.textContent = problem;
          return;
        }
      }
      document.removeEventListener('keydown', onKey, true);
      layer.hidden = true;
      clear(layer);
      returnFocus?.focus?.();
      resolve({ value, fields: read(), files: files() });
    };
    const primary = spec.buttons.find((b) => b.primary) ?? spec.buttons[spec.buttons.length - 1];
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') {
        e.preventDefault();
        done(spec.closeValue);
      } else if (e.key === 'Enter' && e.target instanceof HTMLInputElement && (e.target.type === 'text' || e.target.type === 'number')) {
        e.preventDefault();
        done(primary.value);
      }
    };
    const buttons = spec.buttons.map((b) => {
      const button = el('button', { type: 'button', id: `${spec.id}-${b.value}`, class: b.primary ? 'primary' : null }, b.label);
      button.addEventListener('click', () => done(b.value));
      return button;
    });
    const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close', id: `${spec.id}-close` }, '\u00d7');
    close.addEventListener('click', () => done(spec.closeValue));
    const titleId = `${spec.id}-title`;
    const box = el(
      'div',
      {
        class: 'modal',
        id: spec.id,
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': spec.title ? titleId : null,
        'aria-label': spec.title ? null : 'Message',
      },
      spec.title ? el('h2', { id: titleId }, spec.title) : null,
      spec.message ? el('p', { class: 'message', id: `${spec.id}-message` }, spec.message) : null,
      ...(spec.fields ?? []).flatMap((f, i) =>
        f.type === 'checkbox'
          ? [el('label', { class: 'check' }, inputs[i], ` ${f.label}`)]
          : [el('label', { for: inputs[i].id }, f.label), inputs[i]],
      ),
      error,
      el('div', { class: 'buttons' }, ...buttons),
      close,
    );
    clear(layer);
    layer.appendChild(box);
    layer.hidden = false;
    document.addEventListener('keydown', onKey, true);
    (inputs[0] ?? buttons.find((b) => b.classList.contains('primary')) ?? buttons[0]).focus();
  });
}

/** Opens a modal after the ones already open have closed. */
export function openModal(spec: ModalSpec): Promise<ModalResult> {
  const next = queue.then(() => show(spec));
  queue = next.catch(() => undefined);
  return next;
}

/** A message with one OK button. */
export function showMessage(title: string, message: string): Promise<ModalResult> {
  return openModal({ id: 'message', title, message, buttons: [{ label: 'OK', value: 'OK', primary: true }], closeValue: 'OK' });
}
