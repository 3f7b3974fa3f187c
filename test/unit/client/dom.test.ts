/**
 * h() against a minimal fake document (unit tests have no DOM): strings must become text nodes
 * and attribute values, never markup; listeners go through addEventListener.
 */
type FakeNode = { kind: 'text'; text: string } | FakeElement;
interface FakeElement {
  kind: 'element';
  tag: string;
  attributes: Record<string, string>;
  children: FakeNode[];
  listeners: Record<string, unknown>;
  firstChild: FakeNode | null;
  setAttribute(name: string, value: string): void;
  appendChild(node: FakeNode): FakeNode;
  removeChild(node: FakeNode): FakeNode;
  addEventListener(type: string, fn: unknown): void;
}

function fakeElement(tag: string): FakeElement {
  const el: FakeElement = {
    kind: 'element',
    tag,
    attributes: {},
    children: [],
    listeners: {},
    get firstChild() {
      return el.children[0] ?? null;
    },
    setAttribute: (name, value) => {
      el.attributes[name] = value;
    },
    appendChild: (node) => {
      el.children.push(node);
      return node;
    },
    removeChild: (node) => {
      el.children.splice(el.children.indexOf(node), 1);
      return node;
    },
    addEventListener: (type, fn) => {
      el.listeners[type] = fn;
    },
  };
  return el;
}

(globalThis as { document?: unknown }).document = {
  createElement: fakeElement,
  createTextNode: (text: string) => ({ kind: 'text', text }),
};

import { h, setChildren } from '../../../src/client/dom';

const asFake = (n: unknown): FakeElement => n as FakeElement;

describe('h', () => {
  it('turns strings into text nodes, literally', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const formula = '=HYPERLINK("http://x","y")';
    const el = asFake(h('p', null, evil, formula, 42));
    expect(el.children).toEqual([
      { kind: 'text', text: evil },
      { kind: 'text', text: formula },
      { kind: 'text', text: '42' },
    ]);
  });

  it('sets attribute values as text; true as a boolean attribute; skips false/null/undefined', () => {
    const el = asFake(
      h('input', { id: 'x', title: '"><script>', value: 0, required: true, disabled: false, placeholder: null, name: undefined }),
    );
    expect(el.attributes).toEqual({ id: 'x', title: '"><script>', value: '0', required: '' });
  });

  it('adds listeners for on<event> keys', () => {
    const fn = (): void => undefined;
    expect(asFake(h('button', { onclick: fn })).listeners).toEqual({ click: fn });
  });

  it('refuses attributes that run or load something', () => {
    expect(() => h('div', { onclick: 'alert(1)' })).toThrow(/not allowed/);
    expect(() => h('iframe', { srcdoc: '<b>' })).toThrow(/not allowed/);
    expect(() => h('img', { src: 'https://x' })).toThrow(/not allowed/);
    expect(() => h('div', { style: 'x' })).toThrow(/not allowed/);
  });

  it('flattens nested children and skips empty ones', () => {
    const el = asFake(h('ul', null, [h('li', null, 'a'), null, false, [h('li', null, 'b')]], undefined));
    expect(el.children.map((c) => (c as FakeElement).tag)).toEqual(['li', 'li']);
  });

  it('setChildren replaces the children', () => {
    const el = h('ul', null, 'old', 'older');
    setChildren(el, 'new');
    expect(asFake(el).children).toEqual([{ kind: 'text', text: 'new' }]);
  });
});
