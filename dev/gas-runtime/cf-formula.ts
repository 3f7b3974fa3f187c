import { columnLetters, columnNumber, parseA1, type Rect } from './a1';
import type { IndexMap } from './structure';
import type { SheetModel, WorkbookModel } from './workbook';

/**
 * Custom formulas of conditional format rules (`whenFormulaSatisfied`), evaluated as Sheets does
 * for the subset modelled: literals (numbers, "text", TRUE, FALSE), single-cell references of the
 * rule's own sheet ($ for absolute), `&`, the comparisons = <> < > <= >=, and AND, OR, NOT, IF,
 * LEN, IFERROR, INDEX(range, row, column), MATCH(value, range, 0) and INDIRECT("'Sheet'!A1 range").
 * Anything else — another function, a range or another sheet named directly (Sheets accepts other
 * sheets only through INDIRECT: <https://support.google.com/docs/answer/78413>), MATCH's sorted
 * modes — is refused: the rule formats no cell, as Sheets shows nothing for a formula it rejects.
 *
 * Relative references are read from the rule's first range's top-left cell, like a formula copied
 * over the range (<https://developers.google.com/sheets/api/samples/conditional-formatting>);
 * inserting, deleting and moving rows and columns moves references as Sheets moves them
 * (remapFormula), text inside INDIRECT's quotes excepted.
 *
 * Values follow Sheets: a blank compared with a number is 0, with text "", with a logical FALSE;
 * a number never equals a text; texts compare without regard to case; numbers < texts < logicals.
 */

type Blank = { blank: true };
type Err = { error: '#N/A' | '#REF!' | '#VALUE!' };
type Ref = { sheet: SheetModel; rect: Rect };
type Scalar = number | string | boolean | Blank;
type Value = Scalar | Err | Ref;

type Node =
  | { k: 'lit'; v: number | string | boolean }
  | { k: 'ref'; row: number; col: number; rowAbs: boolean; colAbs: boolean }
  | { k: 'call'; name: string; args: Node[] }
  | { k: 'op'; op: string; a: Node; b: Node };

const BLANK: Blank = { blank: true };
const FUNCTIONS = new Set(['AND', 'OR', 'NOT', 'IF', 'LEN', 'IFERROR', 'INDEX', 'MATCH', 'INDIRECT']);
const COMPARISONS = new Set(['=', '<>', '<', '>', '<=', '>=']);
const CELL = /^(\$?)([A-Za-z]{1,3})(\$?)(\d+)$/;

/** Thrown for a formula outside the subset: the rule then formats nothing. */
class Unsupported extends Error {}

interface Token {
  t: 'num' | 'str' | 'name' | 'op' | 'ws';
  text: string;
}

function tokenize(formula: string): Token[] {
  const re = /\s+|"(?:[^"]|"")*"|\d+(?:\.\d+)?|[A-Za-z_$][A-Za-z0-9_$.]*|<>|<=|>=|[=<>&(),]|./gy;
  const out: Token[] = [];
  for (const m of formula.matchAll(re)) {
    const text = m[0];
    if (/^\s/.test(text)) out.push({ t: 'ws', text });
    else if (text.startsWith('"')) out.push({ t: 'str', text });
    else if (/^\d/.test(text)) out.push({ t: 'num', text });
    else if (/^[A-Za-z_$]/.test(text)) out.push({ t: 'name', text });
    else if (/^(<>|<=|>=|[=<>&(),])$/.test(text)) out.push({ t: 'op', text });
    else throw new Unsupported(`"${text}"`);
  }
  return out;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.comparison();
    if (this.at < this.tokens.length) throw new Unsupported(this.tokens[this.at].text);
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private take(text?: string): Token {
    const t = this.tokens[this.at++];
    if (!t || (text !== undefined && t.text !== text)) throw new Unsupported(`expected ${text ?? 'more'}`);
    return t;
  }

  private comparison(): Node {
    const a = this.concat();
    const t = this.peek();
    if (t?.t === 'op' && COMPARISONS.has(t.text)) {
      this.at++;
      return { k: 'op', op: t.text, a, b: this.concat() };
    }
    return a;
  }

  private concat(): Node {
    let a = this.primary();
    while (this.peek()?.text === '&') {
      this.at++;
      a = { k: 'op', op: '&', a, b: this.primary() };
    }
    return a;
  }

  private primary(): Node {
    const t = this.take();
    if (t.t === 'num') return { k: 'lit', v: Number(t.text) };
    if (t.t === 'str') return { k: 'lit', v: t.text.slice(1, -1).replace(/""/g, '"') };
    if (t.text === '(') {
      const inner = this.comparison();
      this.take(')');
      return inner;
    }
    if (t.t !== 'name') throw new Unsupported(t.text);
    if (this.peek()?.text === '(') return this.call(t.text.toUpperCase());
    const upper = t.text.toUpperCase();
    if (upper === 'TRUE' || upper === 'FALSE') return { k: 'lit', v: upper === 'TRUE' };
    const m = CELL.exec(t.text);
    // A range ("A1:B2"), a name or another sheet's cell: outside the subset.
    if (!m || this.peek()?.text === ':') throw new Unsupported(t.text);
    return { k: 'ref', colAbs: m[1] === '$', col: columnNumber(m[2]), rowAbs: m[3] === '$', row: Number(m[4]) };
  }

  private call(name: string): Node {
    if (!FUNCTIONS.has(name)) throw new Unsupported(name);
    this.take('(');
    const args: Node[] = [];
    if (this.peek()?.text !== ')') {
      args.push(this.comparison());
      while (this.peek()?.text === ',') {
        this.at++;
        args.push(this.comparison());
      }
    }
    this.take(')');
    return { k: 'call', name, args };
  }
}

const parsed = new Map<string, Node | null>();

/** The formula's tree, or null when it is outside the subset (cached per text). */
export function parseFormula(formula: string): Node | null {
  if (parsed.has(formula)) return parsed.get(formula) ?? null;
  let node: Node | null = null;
  try {
    const body = formula.trim().replace(/^=/, '');
    node = new Parser(tokenize(body).filter((t) => t.t !== 'ws')).parse();
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
  }
  parsed.set(formula, node);
  return node;
}

/** Where a formula is evaluated: the rule's sheet, its anchor (first range's top-left), the cell. */
export interface FormulaPlace {
  workbook: WorkbookModel;
  sheet: SheetModel;
  anchor: { row: number; col: number };
  row: number;
  col: number;
}

const isErr = (v: Value): v is Err => typeof v === 'object' && 'error' in v;
const isRef = (v: Value): v is Ref => typeof v === 'object' && 'rect' in v;
const isBlank = (v: Value): v is Blank => typeof v === 'object' && 'blank' in v;

function cellValue(sheet: SheetModel, row: number, col: number): Scalar {
  const v = sheet.cell(row, col)?.value;
  if (v === undefined || v === '') return BLANK;
  if (v instanceof Date) return v.getTime() / 86400000 + 25569;
  return v;
}

/** A reference used as a value: one cell's value (a range is not a scalar here). */
function scalar(v: Value): Scalar | Err {
  if (!isRef(v)) return v;
  if (v.rect.numRows === 1 && v.rect.numCols === 1) return cellValue(v.sheet, v.rect.row, v.rect.col);
  return { error: '#VALUE!' };
}

function asText(v: Scalar): string {
  if (isBlank(v)) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
}

function asLogical(v: Scalar): boolean | Err | null {
  if (isBlank(v)) return null;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return { error: '#VALUE!' };
}

const rank = (v: number | string | boolean): number => (typeof v === 'number' ? 0 : typeof v === 'string' ? 1 : 2);

/** -1, 0, 1 as Sheets orders two values (a blank takes the other's type). */
function compare(a: Scalar, b: Scalar): number {
  const blankAs = (other: Scalar): number | string | boolean => (typeof other === 'number' ? 0 : typeof other === 'boolean' ? false : '');
  const x = isBlank(a) ? blankAs(b) : a;
  const y = isBlank(b) ? blankAs(a) : b;
  if (rank(x) !== rank(y)) return rank(x) < rank(y) ? -1 : 1;
  const [p, q] = typeof x === 'string' ? [x.toLowerCase(), String(y).toLowerCase()] : [x, y];
  return p === q ? 0 : p < q ? -1 : 1;
}

function comparison(op: string, c: number): boolean {
  if (op === '=') return c === 0;
  if (op === '<>') return c !== 0;
  if (op === '<') return c < 0;
  if (op === '>') return c > 0;
  if (op === '<=') return c <= 0;
  return c >= 0;
}

function evaluate(node: Node, at: FormulaPlace): Value {
  switch (node.k) {
    case 'lit':
      return node.v;
    case 'ref': {
      const row = node.rowAbs ? node.row : node.row + at.row - at.anchor.row;
      const col = node.colAbs ? node.col : node.col + at.col - at.anchor.col;
      if (row < 1 || col < 1) return { error: '#REF!' };
      return cellValue(at.sheet, row, col);
    }
    case 'op':
      return operator(node.op, scalar(evaluate(node.a, at)), scalar(evaluate(node.b, at)));
    case 'call':
      return call(node.name, node.args, at);
  }
}

function operator(op: string, a: Scalar | Err, b: Scalar | Err): Value {
  if (isErr(a)) return a;
  if (isErr(b)) return b;
  return op === '&' ? asText(a) + asText(b) : comparison(op, compare(a, b));
}

function logicals(name: 'AND' | 'OR', args: Node[], at: FormulaPlace): Value {
  const seen: boolean[] = [];
  for (const arg of args) {
    const v = scalar(evaluate(arg, at));
    if (isErr(v)) return v;
    const b = asLogical(v);
    if (b !== null && typeof b === 'object') return b;
    if (b !== null) seen.push(b);
  }
  if (seen.length === 0) return { error: '#VALUE!' };
  return name === 'AND' ? seen.every(Boolean) : seen.some(Boolean);
}

function call(name: string, args: Node[], at: FormulaPlace): Value {
  const arg = (i: number): Scalar | Err => (args[i] ? scalar(evaluate(args[i], at)) : BLANK);
  const arity = (min: number, max: number) => {
    if (args.length < min || args.length > max) throw new Unsupported(`${name} with ${args.length} arguments`);
  };
  switch (name) {
    case 'AND':
    case 'OR':
      return logicals(name, args, at);
    case 'NOT': {
      arity(1, 1);
      const v = arg(0);
      const b = isErr(v) ? v : asLogical(v);
      return b === null ? true : typeof b === 'object' ? b : !b;
    }
    case 'IF': {
      arity(2, 3);
      const c = arg(0);
      const b = isErr(c) ? c : asLogical(c);
      if (b !== null && typeof b === 'object') return b;
      return b ? evaluate(args[1], at) : args[2] ? evaluate(args[2], at) : false;
    }
    case 'LEN': {
      arity(1, 1);
      const v = arg(0);
      return isErr(v) ? v : asText(v).length;
    }
    case 'IFERROR': {
      arity(1, 2);
      const v = evaluate(args[0], at);
      return isErr(v) ? (args[1] ? evaluate(args[1], at) : BLANK) : v;
    }
    case 'INDIRECT':
      arity(1, 1);
      return indirect(arg(0), at);
    case 'INDEX':
      arity(3, 3);
      return index(evaluate(args[0], at), arg(1), arg(2));
    default:
      arity(3, 3);
      if (args[2].k !== 'lit' || args[2].v !== 0) throw new Unsupported('MATCH without match type 0');
      return match(arg(0), evaluate(args[1], at));
  }
}

/** INDIRECT's text as a range of the rule's sheet or another; #REF! when there is no such sheet or range. */
function indirect(text: Scalar | Err, at: FormulaPlace): Value {
  if (isErr(text)) return text;
  const a1 = asText(text);
  const named = /!/.test(a1);
  const probe = parseA1(a1, 1, 1);
  const sheet = named && probe?.sheetName !== undefined ? at.workbook.sheetByName(probe.sheetName) : at.sheet;
  if (!sheet) return { error: '#REF!' };
  const r = parseA1(a1, sheet.maxRows, sheet.maxCols);
  if (!r || r.row + r.numRows - 1 > sheet.maxRows || r.col + r.numCols - 1 > sheet.maxCols) return { error: '#REF!' };
  return { sheet, rect: { row: r.row, col: r.col, numRows: r.numRows, numCols: r.numCols } };
}

function index(range: Value, row: Scalar | Err, col: Scalar | Err): Value {
  if (isErr(range)) return range;
  if (isErr(row)) return row;
  if (isErr(col)) return col;
  if (!isRef(range) || typeof row !== 'number' || typeof col !== 'number') return { error: '#VALUE!' };
  const r = Math.trunc(row);
  const c = Math.trunc(col);
  if (r < 1 || c < 1) throw new Unsupported('INDEX of a whole row or column');
  if (r > range.rect.numRows || c > range.rect.numCols) return { error: '#REF!' };
  return cellValue(range.sheet, range.rect.row + r - 1, range.rect.col + c - 1);
}

/** The 1-based place of the first cell equal to `wanted` in a one-row or one-column range; #N/A when none. */
function match(wanted: Scalar | Err, range: Value): Value {
  if (isErr(wanted)) return wanted;
  if (isErr(range)) return range;
  if (!isRef(range) || isBlank(wanted)) return { error: '#N/A' };
  const { sheet, rect } = range;
  const alongRows = rect.numCols === 1;
  if (!alongRows && rect.numRows !== 1) return { error: '#N/A' };
  // Cells past the last row or column with content are blank, which no value equals.
  const n = alongRows ? Math.min(rect.numRows, sheet.lastRow() - rect.row + 1) : Math.min(rect.numCols, sheet.lastColumn() - rect.col + 1);
  for (let i = 0; i < n; i++) {
    const v = alongRows ? cellValue(sheet, rect.row + i, rect.col) : cellValue(sheet, rect.row, rect.col + i);
    if (!isBlank(v) && compare(v, wanted) === 0) return i + 1;
  }
  return { error: '#N/A' };
}

/** Whether the rule formats the cell: the formula gives TRUE (or a number other than 0). Outside the subset: never. */
export function formulaHolds(formula: string, at: FormulaPlace): boolean {
  const node = parseFormula(formula);
  if (!node) return false;
  try {
    const v = scalar(evaluate(node, at));
    return v === true || (typeof v === 'number' && v !== 0);
  } catch (e) {
    if (e instanceof Unsupported) return false;
    throw e;
  }
}

/**
 * The formula with its references moved as Sheets moves them when rows or columns are inserted,
 * deleted or moved (`map`: old index → new, null when gone: the reference becomes #REF!, which
 * the subset refuses). Text in quotes is left alone.
 */
export function remapFormula(formula: string, axis: 'row' | 'col', map: IndexMap): string {
  let tokens: Token[];
  try {
    tokens = tokenize(formula.replace(/^=/, ''));
  } catch {
    return formula;
  }
  const moved = tokens.map((t, i) => {
    const call = tokens.slice(i + 1).find((n) => n.t !== 'ws')?.text === '(';
    const m = t.t === 'name' && !call ? CELL.exec(t.text) : null;
    if (!m) return t.text;
    const col = columnNumber(m[2]);
    const row = Number(m[4]);
    const to = map(axis === 'row' ? row : col);
    if (to === null) return '#REF!';
    return axis === 'row' ? `${m[1]}${m[2]}${m[3]}${to}` : `${m[1]}${columnLetters(to)}${m[3]}${m[4]}`;
  });
  return `${formula.startsWith('=') ? '=' : ''}${moved.join('')}`;
}
