/**
 * axe-core in the browser tests: a page (with its frames, as a seller's screen reader meets it)
 * or one frame alone (the sidebar's own document) checked against WCAG 2.1 A and AA, and against
 * axe's best practices (an h1, every part of the page in a landmark, landmarks named apart).
 */
import * as fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Frame, Page } from 'playwright-core';

/** The rules checked: WCAG 2.0/2.1 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

function isPage(target: Page | Frame): target is Page {
  return 'mainFrame' in target;
}

/** The violations axe finds in a page (frames included) or in one frame's document alone. */
export async function axeViolations(target: Page | Frame): Promise<Result[]> {
  // Legacy mode runs axe in each frame of this page (the default mode needs a page of its own context).
  if (isPage(target))
    return (await new AxeBuilder({ page: target, axeSource: AXE_SOURCE }).withTags(AXE_TAGS).setLegacyMode(true).analyze()).violations;
  // One frame alone: axe injected into it and run on its document, so page-level rules (one main,
  // an h1) judge the sidebar as the document it is in Sheets.
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, iframes: false };
  const hasAxe = await target.evaluate(() => 'axe' in window);
  if (!hasAxe) await target.evaluate(AXE_SOURCE);
  const results = await target.evaluate(
    (opts) => (window as unknown as { axe: { run(c: Document, o: unknown): Promise<AxeResults> } }).axe.run(document, opts),
    options as Record<string, unknown>,
  );
  return results.violations;
}

/** One line per rule, then one per element: what to fix, readable in a failed test's output. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`);
      return `  ${v.id} (${v.impact ?? 'no impact'}): ${v.help} [${v.tags.filter((t) => t.startsWith('wcag') || t === 'best-practice').join(', ')}]\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/** Fails with the list of violations when axe finds any; `label` names the state checked. */
export async function expectNoAxeViolations(target: Page | Frame, label: string): Promise<void> {
  const violations = await axeViolations(target);
  if (violations.length > 0) {
    const count = violations.reduce((n, v) => n + v.nodes.length, 0);
    throw new Error(`axe: ${violations.length} rule(s) violated on ${count} element(s) in ${label}:\n${describeViolations(violations)}`);
  }
}
