/**
 * The documentation holds together, and each check can fail: every relative link of README.md,
 * CHANGELOG.md and docs/ leads to a file and heading that exist; README.md is a short door that
 * starts with the two commands; the user manual names no issue or review number.
 */
import * as path from 'node:path';
import { anchorsOf, brokenLinks, type DocFiles, diskFiles, issueNumbers, markdownFiles, readmeProblems, relativeLinks, slug } from './docs';

const ROOT = path.join(__dirname, '..', '..');
const PAGES = [path.join(ROOT, 'README.md'), path.join(ROOT, 'CHANGELOG.md'), ...markdownFiles(path.join(ROOT, 'docs'))];
const USER_PAGES = markdownFiles(path.join(ROOT, 'docs', 'user'));
const read = (file: string): string => diskFiles.read(file) ?? '';

describe('the documentation as a set', () => {
  test('there is a user manual and developer docs to check', () => {
    expect(USER_PAGES.length).toBeGreaterThanOrEqual(10);
    expect(markdownFiles(path.join(ROOT, 'docs', 'dev')).length).toBeGreaterThanOrEqual(4);
  });

  test.each(PAGES.map((p) => [path.relative(ROOT, p), p]))(
    'every relative link of %s leads to a file and heading that exist',
    (_name, page) => {
      expect(brokenLinks(page, read(page))).toEqual([]);
    },
  );

  test('README.md is at most 200 lines and starts with the two commands', () => {
    expect(readmeProblems(read(path.join(ROOT, 'README.md')))).toEqual([]);
  });

  test.each(USER_PAGES.map((p) => [path.relative(ROOT, p), p]))('%s names no issue or review number', (_name, page) => {
    expect(issueNumbers(read(page))).toEqual([]);
  });
});

describe('the checks fail on a throwaway page', () => {
  const page = '/docs/user/page.md';
  const files = (pages: Record<string, string>): DocFiles => ({
    exists: (file) => file in pages || Object.keys(pages).some((p) => p.startsWith(`${file}/`)),
    read: (file) => pages[file] ?? null,
  });

  test('GitHub slugs: punctuation dropped, spaces to hyphens, code and emphasis as rendered', () => {
    expect(slug("Result columns (the add-on's)")).toBe('result-columns-the-add-ons');
    expect(slug('What "In hub" means')).toBe('what-in-hub-means');
    expect(slug('Cost model (virtual time, `costs.ts`)')).toBe('cost-model-virtual-time-coststs');
    expect(slug('Deadline, backoff and budget')).toBe('deadline-backoff-and-budget');
    expect(slug('Preview, push — undo')).toBe('preview-push--undo');
    expect(slug('**Bold** and [a link](x.md) › Días')).toBe('bold-and-a-link--días');
  });

  test('a repeated heading is numbered, a heading inside a code fence is none, an <a id> is one', () => {
    const anchors = anchorsOf('# Setup\n\n## Setup\n\n```md\n## Not a heading\n```\n\n<a id="here"></a>\n');
    expect([...anchors]).toEqual(['setup', 'setup-1', 'here']);
  });

  test('links: a missing file, a missing anchor, a missing anchor on the same page; code and web links are not links', () => {
    const text = [
      '# Page',
      'See [the menu](menu.md#the-menu), [gone](gone.md), [bad anchor](menu.md#nowhere).',
      'Here: [up](#page), [nope](#missing), ![shot](../screenshots/a.png), <img src="../screenshots/b.png">.',
      'Web: [Google](https://developers.google.com/x), and `[code](not-a-link.md)`.',
      '```',
      '[fenced](not-a-link-either.md)',
      '```',
    ].join('\n');
    expect(relativeLinks(text).map((l) => l.target)).toEqual([
      'menu.md#the-menu',
      'gone.md',
      'menu.md#nowhere',
      '#page',
      '#missing',
      '../screenshots/a.png',
      '../screenshots/b.png',
    ]);
    const world = files({ '/docs/user/menu.md': '# The menu\n', '/docs/screenshots/a.png': '' });
    expect(brokenLinks(page, text, world)).toEqual([
      '/docs/user/page.md:2 gone.md — no such file',
      '/docs/user/page.md:2 menu.md#nowhere — no heading #nowhere in menu.md',
      '/docs/user/page.md:3 #missing — no heading #missing in page.md',
      '/docs/user/page.md:3 ../screenshots/b.png — no such file',
    ]);
  });

  test('README: too long, or not starting with the two commands', () => {
    const door = '# Hub Sync\n\n```sh\nnpm ci && npm start    # the playground\nnpm ci && npm test     # every test\n```\n';
    expect(readmeProblems(door)).toEqual([]);
    expect(readmeProblems(door + 'line\n'.repeat(200))).toEqual(['README.md has 206 lines, more than 200']);
    expect(readmeProblems('# Hub Sync\n\n```sh\nnpm install\nnpm ci && npm start\nnpm ci && npm test\n```\n')).toHaveLength(1);
    expect(readmeProblems('# Hub Sync\n\nNo commands at all.\n')).toHaveLength(1);
  });

  test('issue and review numbers in a user page', () => {
    const text = 'Preview before push (issue 17).\nRules came with review 18; issues 17 and 19 too.\nSee PR #4.\nThe hub lists #3 and #71.';
    expect(issueNumbers(text)).toEqual(['1: issue 17', '2: review 18', '2: issues 17', '3: PR #4']);
  });
});
