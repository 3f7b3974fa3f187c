/**
 * The playground's folder (default `.playground/`, git-ignored): the runtime's world, the hub's
 * state file and a small record of this playground (its token, the hub URL of the last run).
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface StateFiles {
  dir: string;
  /** The workbook, properties, triggers and clock of the Apps Script runtime emulator. */
  workbook: string;
  /** The hub emulator's --state-file. */
  hub: string;
  meta: string;
}

export interface Meta {
  version: 1;
  /** The bearer token the hub accepts and the add-on stores (local only, never a real secret). */
  token: string;
  /** Where the hub listened last time (its port may change between runs). */
  hubUrl: string | null;
}

export function stateFiles(dir: string): StateFiles {
  const abs = path.resolve(dir);
  return { dir: abs, workbook: path.join(abs, 'workbook.json'), hub: path.join(abs, 'hub.json'), meta: path.join(abs, 'playground.json') };
}

/** --reset: forgets the workbook, the hub's data and the meta record (only the playground's own files). */
export function resetState(files: StateFiles): void {
  for (const file of [files.workbook, files.hub, files.meta]) fs.rmSync(file, { force: true });
}

/** The meta record; a fresh one (new token) when missing or unreadable. */
export function readMeta(files: StateFiles): Meta {
  try {
    const m = JSON.parse(fs.readFileSync(files.meta, 'utf8')) as Meta;
    if (m.version === 1 && typeof m.token === 'string' && m.token) return m;
  } catch {
    // missing or unreadable: start a new record
  }
  return { version: 1, token: `pg_${crypto.randomBytes(12).toString('hex')}`, hubUrl: null };
}

export function writeMeta(files: StateFiles, meta: Meta): void {
  fs.writeFileSync(files.meta, `${JSON.stringify(meta, null, 2)}\n`);
}
