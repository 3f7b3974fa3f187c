/**
 * RELIABILITY.md's section on the cross-feature properties (dev/testkit/cross): what `npm test`
 * (reports/reliability/cross/) and `npm run soak` (cross-soak/) ran and checked, per property.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RELIABILITY_DIR } from '../testkit/reliability';
import type { CrossFigures } from '../testkit/cross/suite';

const WHAT: Record<string, string> = {
  mixed: 'every step kind',
  changes: 'push, then Push changes at once (c)',
  undo: 'pushes by two users, hub changes, undos (d)',
  background: 'async jobs, time passing with job reads failing (e)',
};

const list = (f: Record<string, number>): string =>
  Object.entries(f)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k.replace(/^answer:/, '')} ×${n}`)
    .join(', ');

export function crossSection(): string[] {
  const suites: Array<{ name: string; f: CrossFigures }> = [];
  for (const dir of ['cross', 'cross-soak']) {
    const full = path.join(RELIABILITY_DIR, dir);
    if (!fs.existsSync(full)) continue;
    for (const file of fs.readdirSync(full).sort())
      suites.push({
        name: `${dir === 'cross' ? 'npm test' : 'npm run soak'}: ${file.replace(/\.json$/, '')}`,
        f: JSON.parse(fs.readFileSync(path.join(full, file), 'utf8')) as CrossFigures,
      });
  }
  if (suites.length === 0) return ['not run (run `npm test` first)'];
  const total = (pick: (f: CrossFigures) => number): string => suites.reduce((n, s) => n + pick(s.f), 0).toLocaleString('en-US');
  const violations = suites.reduce((n, s) => n + Object.values(s.f.violations).reduce((a, b) => a + b, 0), 0);
  return [
    `Each seed: a hub of a few products listed on amazon, walmart and mercadolibre; a \`Stock & Prices\` sheet of a random subset and order of SKU, Channel, Quantity, Price, Quantity [amazon], Price [amazon], Price [walmart], Sale price [amazon], ERP id and the seller's Notes (sometimes typed over a catalogue pull), with blanks, typos, \`12,50\`, negatives and huge values; \`Rules\` rows with markups negative and huge, roundings, bounds and buffers; default channels none, amazon or every channel. Then a sequence of steps by two users — cell edits, colleagues' inserted columns and rows and sorts, rule changes, menu and sidebar pushes of every operation and scope, previews and Push these changes (with an edit in between, which must make it refuse), undos of your last push or anyone's (with or without overwrite), catalogue pulls, changes on the hub behind the add-on's back, a contrary hub for a step, virtual hours passing with job reads failing. After every step, against the hub's own state: (a) OK means the hub holds the value that left (and the cells, where no rule or channel shapes them; the snapshot too), (b) every value that left passes a typed cell's limits, (c) Push changes right after a clean push sends nothing it confirmed, (d) an undo changes only its push's values and none changed since unless told, (e) no background failure unreported past the alert threshold, and the seller's cells untouched, no token leak.`,
    '',
    `In all: ${total((f) => f.seeds)} seeds, ${total((f) => f.steps)} steps and ${total((f) => f.checkSteps)} Push changes check steps; ${total((f) => f.checked['values that left'] ?? 0)} values that left checked against the limits, ${total((f) => (f.checked['OK values held by the hub'] ?? 0) + (f.checked['OK cells held by the hub'] ?? 0))} OK values and cells and ${total((f) => f.checked['snapshot entries'] ?? 0)} snapshot entries against the hub, ${total((f) => f.checked['undo values'] ?? 0)} undo values; **violations: ${violations}**.`,
    '',
    '| Suite | Seeds (rows ≤, steps ≤) | Time | Steps by kind | Checked | Faults drawn |',
    '|---|---:|---:|---|---|---|',
    ...suites.map(
      ({ name, f }) =>
        `| ${name} — ${WHAT[f.profile] ?? f.profile} | ${f.seeds} (${f.maxRows}, ${f.maxSteps}) | ${f.seconds} s | ${list(f.kinds)} | ${list(f.checked)} | ${list(f.faults)} |`,
    ),
  ];
}
