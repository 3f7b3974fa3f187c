/**
 * npm start (first version): builds, runs onOpen in the Apps Script runtime emulator and prints
 * the Hub Sync menu. The full playground (workbook grid, menu and sidebar in a browser page)
 * replaces this.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { loadRuntime } from '../gas-runtime';
import type { MenuTree } from '../gas-runtime/types';

const root = path.resolve(__dirname, '..', '..');
execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'dev/build.ts')], { stdio: 'inherit', cwd: root });
const rt = loadRuntime({ bundlePath: path.join(root, 'dist/Code.js'), htmlDir: path.join(root, 'dist') });
rt.open({ authMode: 'NONE' });
const menu = rt.menu() as MenuTree | null;
const print = (items: MenuTree['items'], indent: string): void => {
  for (const i of items) {
    if ('separator' in i) console.log(`${indent}\u2500\u2500\u2500\u2500`);
    else if ('items' in i) {
      console.log(`${indent}${i.caption} \u25B8`);
      print(i.items, `${indent}    `);
    } else console.log(`${indent}${i.caption}  \u2192 ${i.functionName}()`);
  }
};
console.log(`\nMenu "${menu?.caption ?? '(none)'}":`);
if (menu) print(menu.items, '  ');
rt.close();
