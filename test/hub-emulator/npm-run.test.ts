/**
 * npm is not silenced for the whole project (npm ci shows its progress and warnings), yet a script
 * can still read the hub emulator's URL as the first line: `npm run -s hub`.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';

const ROOT = path.resolve(__dirname, '..', '..');

describe('npm and the hub emulator', () => {
  it('no project .npmrc silences npm (npm ci must show its output)', () => {
    const npmrc = path.join(ROOT, '.npmrc');
    const text = fs.existsSync(npmrc) ? fs.readFileSync(npmrc, 'utf8') : '';
    expect(text).not.toMatch(/^\s*loglevel\s*=\s*silent/m);
  });

  it('npm run -s hub prints the listening line first', async () => {
    const child = spawn('npm', ['run', '-s', 'hub', '--', '--port', '0', '--seed', 'empty'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
      const first = await new Promise<string>((resolve, reject) => {
        const lines = readline.createInterface({ input: child.stdout! });
        lines.once('line', resolve);
        child.once('exit', (code) => reject(new Error(`npm exited (${code}) before printing`)));
      });
      expect(first).toMatch(/^hub emulator listening on http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      // npm starts tsx which starts node: stop the whole group this test started.
      process.kill(-child.pid!, 'SIGTERM');
    }
  });
});
