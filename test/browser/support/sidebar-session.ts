/**
 * One playground, one Chromium and one page with the sidebar loaded, for the tests of one file:
 * started in beforeAll, stopped (and its state folder removed) in afterAll.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchChromium, openPage, Screenshots, sidebar } from './browser';
import { startPlaygroundProcess, type PlaygroundProcess } from './playground-process';

export interface SidebarSession {
  pg: PlaygroundProcess;
  browser: Browser;
  page: Page;
  /** The sidebar's frame; a test that reopens the sidebar puts the new one here. */
  frame: Frame;
  /** JS dialogs and page errors seen so far (none should happen). */
  dialogs: string[];
  errors: string[];
  shots: Screenshots;
}

/** Registers the hooks; the session's fields are there once beforeAll has run. `args` go to the playground. */
export function sidebarSession(name: string, args: string[] = []): SidebarSession {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), `playground-${name}-`));
  const session = { shots: new Screenshots(name) } as SidebarSession;
  beforeAll(async () => {
    [session.pg, session.browser] = await Promise.all([startPlaygroundProcess(stateDir, args), launchChromium()]);
    Object.assign(session, await openPage(session.browser, session.pg.url));
    session.frame = await sidebar(session.page);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.pg?.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });
  return session;
}
