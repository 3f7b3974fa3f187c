/**
 * The sidebar's only way to build DOM. Every string becomes a text node or an attribute value,
 * never markup, so text from the hub, the sheet or the server is shown literally.
 */

export type Child = Node | string | number | null | undefined | false | readonly Child[];
type Listener = (event: Event) => void;
export type Attrs = Record<string, string | number | boolean | null | undefined | Listener>;

/** Attributes that would run or load something: refused so no caller can pass data into them. */
const UNSAFE_ATTRIBUTE = /^(on|srcdoc$|formaction$|action$|href$|src$|xlink:href$|style$)/i;

function appendChildren(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) appendChildren(parent, child);
    else if (typeof child === 'string' || typeof child === 'number') parent.appendChild(document.createTextNode(String(child)));
    else parent.appendChild(child as Node);
  }
}

/**
 * Creates an element. `onclick: fn` style keys add listeners; `true` sets a boolean attribute;
 * `false`/null/undefined leave it out; other values are set as attribute text.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) {
    for (const key of Object.keys(attrs)) {
      const value = attrs[key];
      if (typeof value === 'function') {
        if (!/^on[a-z]+$/.test(key)) throw new Error(`h(): a listener needs an on<event> key, not ${key}`);
        el.addEventListener(key.slice(2), value);
      } else if (value === null || value === undefined || value === false) {
      } else if (UNSAFE_ATTRIBUTE.test(key)) {
        throw new Error(`h(): attribute ${key} is not allowed`);
      } else {
        el.setAttribute(key, value === true ? '' : String(value));
      }
    }
  }
  appendChildren(el, children);
  return el;
}

/** Replaces an element's children (text stays text). */
export function setChildren(parent: Element, ...children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  appendChildren(parent, children);
}

/** Sets an element's text. */
export function setText(el: Element, text: string): void {
  el.textContent = text;
}

/** The element with this id; a missing one is a bug in the layout, so it throws. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`Sidebar element #${id} is missing`);
  return el as T;
}

/**
 * Marks a button busy without `disabled`: a disabled button drops keyboard focus to the page,
 * so it stays focusable and its click handler checks `isBusy` instead.
 */
export function setBusy(button: HTMLButtonElement, busy: boolean, busyLabel?: string): void {
  if (busy) {
    if (busyLabel !== undefined) {
      if (!button.dataset.label) button.dataset.label = button.textContent ?? '';
      button.textContent = busyLabel;
    }
    button.setAttribute('aria-disabled', 'true');
  } else {
    if (button.dataset.label !== undefined) {
      button.textContent = button.dataset.label;
      delete button.dataset.label;
    }
    button.removeAttribute('aria-disabled');
  }
}

export function isBusy(button: HTMLButtonElement): boolean {
  return button.getAttribute('aria-disabled') === 'true';
}

/** Shows or hides an element (the `hidden` attribute also hides it from screen readers). */
export function show(el: HTMLElement, visible: boolean): void {
  el.hidden = !visible;
}

/** Hiding a focused element would drop keyboard focus to the page: call this first to hand it on. */
export function handFocus(from: HTMLElement, to: HTMLElement): void {
  if (document.activeElement === from) to.focus();
}

/** An input for a code or a secret (a job id, a token): the browser neither suggests, capitalises nor corrects it. */
export function codeInput(attrs: Attrs): HTMLInputElement {
  return h('input', { autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off', ...attrs });
}
