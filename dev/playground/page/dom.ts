/**
 * The page's only way to build DOM: strings become text nodes or attribute values, never markup,
 * so text from sheets, the hub and the add-on is shown literally.
 */
export type Child = Node | string | number | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | null | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (/^on/i.test(k) || k === 'style' || k === 'src' || k === 'href' || k === 'srcdoc')
      throw new Error(`el(): attribute ${k} is not allowed`);
    e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return e;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`#${id} is missing from the page`);
  return e as T;
}

export function clear(e: Element): void {
  while (e.firstChild) e.removeChild(e.firstChild);
}
