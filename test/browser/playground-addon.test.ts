/**
 * The playground running the Marketplace build (`npm start -- --target addon`): the sidebar offers
 * only hourly schedules, shows the deployment as set by the build, and lists the spreadsheets the
 * add-on's hourly run opens (Settings › Background work).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchChromium, openPage, Screenshots, sidebar } from './support/browser';
import { startPlaygroundProcess, type PlaygroundProcess } from './support/playground-process';

describe('playground: the Marketplace add-on build', () => {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-addon-'));
  const shots = new Screenshots('playground-addon');
  let pg: PlaygroundProcess;
  let browser: Browser;
  let page: Page;
  let frame: Frame;
  let errors: string[];

  beforeAll(async () => {
    [pg, browser] = await Promise.all([startPlaygroundProcess(stateDir, ['--target', 'addon']), launchChromium()]);
    ({ page, errors } = await openPage(browser, pg.url));
    frame = await sidebar(page);
    await frame.waitForFunction(() => (document.getElementById('orders-schedule') as HTMLSelectElement).options.length > 1);
  });

  afterAll(async () => {
    await browser?.close();
    await pg?.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  test('hourly schedules only; switched on, the spreadsheet appears in the background list of Settings', async () => {
    const choices = await frame.locator('#orders-schedule option').evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
    expect(choices).toEqual([0, 60, 120, 240, 360, 480, 720]);
    await frame.locator('#orders-schedule').selectOption('60');
    await frame.locator('#orders-schedule-save').click();
    await frame.locator('#orders-schedule-message').filter({ hasText: 'Schedule saved: every hour' }).waitFor();

    await frame.locator('#settings summary').click();
    const deployment = frame.locator('#settings-deployment');
    expect(await deployment.isDisabled()).toBe(true);
    expect(await deployment.inputValue()).toBe('addon');
    const list = frame.locator('#background-documents li');
    await list.first().filter({ hasText: 'This spreadsheet: order import every 60 min' }).waitFor();
    expect(await list.count()).toBe(1);
    expect(await frame.locator('#background-note').textContent()).toMatch(/once an hour/);
    await frame.locator('#background').scrollIntoViewIfNeeded();
    await shots.take(page, 'settings-background-list');
    await deployment.scrollIntoViewIfNeeded();
    await shots.take(page, 'settings-deployment-set-by-build');

    await frame.locator('#orders-schedule').selectOption('0');
    await frame.locator('#orders-schedule-save').click();
    await frame.locator('#orders-schedule-message').filter({ hasText: 'Schedule switched off' }).waitFor();
    expect(errors).toEqual([]);
  });
});
