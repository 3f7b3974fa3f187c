/** The runtime's world on disk: read at start, written atomically (temp file + rename). */
import * as fs from 'node:fs';
import type { WorldState } from '../../gas-runtime/types';

export function readWorld(file: string): WorldState | undefined {
  if (!fs.existsSync(file)) return undefined;
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as WorldState;
  if (data?.version !== 1) throw new Error(`${file} is not a saved playground workbook (delete it or start with --reset)`);
  return data;
}

export function writeWorld(file: string, state: WorldState): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state));
  fs.renameSync(tmp, file);
}
