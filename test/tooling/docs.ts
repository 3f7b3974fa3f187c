/**
 * The documentation as a set: every relative link of README.md, CHANGELOG.md and docs/**.md leads
 * to a file that exists (and to a heading that exists, for a #anchor, by GitHub's slug rules);
 * README.md stays a door (short, the two commands first); the user manual speaks to sellers, so
 * no issue or review number. Pure functions over text, so a test can feed them a throwaway page.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** What a link check needs of the files around a page: does a path exist, and a Markdown file's text. */
export interface DocFiles {
  exists(file: string): boolean;
  read(file: string): string | null;
}

export const diskFiles: DocFiles = {
  exists: (file) => fs.existsSync(file),
  read: (file) => (fs.existsSync(file) && fs.statSync(file).isFile() ? fs.readFileSync(file, 'utf8') : null),
};

/** The page's lines with fenced code blocks blanked out (so line numbers hold). */
export function outsideFences(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence === null && open) {
      fence = open[1][0];
      return '';
    }
    if (fence !== null) {
      if (new RegExp(`^\\s*\\${fence}{3,}\\s*$`).test(line)) fence = null;
      return '';
    }
    return line;
  });
}

/** The text with fenced code blocks and inline code spans blanked out (lines kept, so line numbers hold). */
export function withoutCode(markdown: string): string {
  return outsideFences(markdown)
    .join('\n')
    .replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (span) => span.replace(/[^\n]/g, ' '));
}

/** GitHub's anchor for a heading: its text as rendered, lower case, punctuation dropped, each space a hyphen. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** Every anchor a page offers: its ATX headings (a repeated one numbered -1, -2 as GitHub does) and explicit <a id/name>. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of outsideFences(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of withoutCode(markdown).matchAll(/<a\s[^>]*(?:id|name)=["']([^"']+)["']/gi)) anchors.add(m[1]);
  return anchors;
}

export interface Link {
  line: number;
  target: string;
}

/** The relative links of a page: Markdown links and images, reference definitions, <a href> and <img src>; not inside code. */
export function relativeLinks(markdown: string): Link[] {
  const out: Link[] = [];
  const patterns = [
    /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
    /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm,
    /<(?:a|img)\s[^>]*(?:href|src)=["']([^"']+)["']/gi,
  ];
  const text = withoutCode(markdown);
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const target = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      out.push({ line: text.slice(0, m.index).split('\n').length, target });
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

/** Each link of a page that leads nowhere, as "page:line target — why". */
export function brokenLinks(page: string, markdown: string, files: DocFiles = diskFiles): string[] {
  const problems: string[] = [];
  for (const { line, target } of relativeLinks(markdown)) {
    const [rawPath, anchor] = target.split('#', 2) as [string, string | undefined];
    const file = rawPath === '' ? page : path.resolve(path.dirname(page), decodeURIComponent(rawPath));
    const where = `${page}:${line} ${target}`;
    if (file !== page && !files.exists(file)) {
      problems.push(`${where} — no such file`);
      continue;
    }
    if (anchor === undefined || !file.endsWith('.md')) continue;
    const text = file === page ? markdown : files.read(file);
    if (text === null || !anchorsOf(text).has(anchor)) problems.push(`${where} — no heading #${anchor} in ${path.basename(file)}`);
  }
  return problems;
}

export const README_MAX_LINES = 200;
export const FIRST_COMMANDS = ['npm ci && npm start', 'npm ci && npm test'];

/** What keeps README.md from being the door: too long, or the two commands not the first in it. */
export function readmeProblems(markdown: string): string[] {
  const problems: string[] = [];
  const lines = markdown.replace(/\n$/, '').split('\n').length;
  if (lines > README_MAX_LINES) problems.push(`README.md has ${lines} lines, more than ${README_MAX_LINES}`);
  const block = /^\s*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\s*\1/m.exec(markdown);
  const commands = (block?.[2] ?? '')
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
  if (commands.join('\n') !== FIRST_COMMANDS.join('\n'))
    problems.push(`README.md's first commands are ${JSON.stringify(commands)}, not ${JSON.stringify(FIRST_COMMANDS)}`);
  return problems;
}

/** Issue, review or pull-request numbers in a page ("issue 17", "review 18", "issues 17 and 19", "PR #4"), as "line: text". */
export function issueNumbers(markdown: string): string[] {
  const re = /\b(?:issues?|reviews?|pull requests?|PRs?|tickets?)[\s-]*#?\s*\d+/gi;
  return markdown.split('\n').flatMap((line, i) => [...line.matchAll(re)].map((m) => `${i + 1}: ${m[0]}`));
}

/** Every Markdown file under a folder. */
export function markdownFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(full);
    return e.name.endsWith('.md') ? [full] : [];
  });
}
