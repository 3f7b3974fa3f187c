/**
 * The browser tests' fixtures: usePlayground() — one playground (its own state folder), one
 * Chromium and one page, for the tests of one describe block: started in beforeAll, stopped (and
 * the state folder removed) in afterAll — and sidebarSession(), the same with the sidebar loaded.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchChromium, openPage, Screenshots, sidebar } from './browser';
import { startPlaygroundProcess, type PlaygroundProcess } from './playground-process';

export interface PlaygroundSession {
  pg: PlaygroundProcess;
  browser: Browser;
  page: Page;
  /** JS dialogs and page errors seen so far (none should happen). */
  dialogs: string[];
  errors: string[];
  shots: Screenshots;
  /** The playground's state folder (removed after the block). */
  stateDir: string;
}

export interface SidebarSession extends PlaygroundSession {
  /** The sidebar's frame; a test that reopens the sidebar puts the new one here. */
  frame: Frame;
}

/**
 * Registers the hooks; the session's fields are there once beforeAll has run. `args` go to the
 * playground (e.g. `['--target', 'addon']`); `name` names the screenshots and the state folder;
 * `beforeOpen` runs once the playground is up, before the page loads (e.g. to seed the hub).
 */
export function usePlayground(
  name: string,
  args: string[] = [],
  { beforeOpen }: { beforeOpen?: (pg: PlaygroundProcess) => Promise<void> } = {},
): PlaygroundSession {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), `playground-${name}-`));
  const session = { shots: new Screenshots(name), stateDir } as PlaygroundSession;
  beforeAll(async () => {
    [session.pg, session.browser] = await Promise.all([startPlaygroundProcess(stateDir, args), launchChromium()]);
    await beforeOpen?.(session.pg);
    Object.assign(session, await openPage(session.browser, session.pg.url));
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.pg?.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });
  return session;
}

/** usePlayground() with the sidebar open (its frame in `frame`). */
export function sidebarSession(name: string, args: string[] = []): SidebarSession {
  const session = usePlayground(name, args) as SidebarSession;
  beforeAll(async () => {
    session.frame = await sidebar(session.page);
  });
  return session;
}
