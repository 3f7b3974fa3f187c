/**
 * The playground takes real files and edits like Sheets: Shopify- and WooCommerce-shaped CSVs and
 * an XLSX (made here with exceljs) through File › Import, a pasted block, a row inserted and
 * deleted, a sheet renamed, undo. What the runtime's workbook then holds is what Sheets would:
 * CSV text typed by Sheets' rules (numbers as numbers, leading zeros dropped, TRUE a boolean,
 * dates as dates), XLSX cells kept with the file's types (text "00123" stays text).
 */
import ExcelJS from 'exceljs';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BROWSER_TEST_MS, cell, expectActiveTab, launchChromium, menu, openPage, Screenshots, waitForCell } from './support/browser';
import { startPlaygroundProcess, type PlaygroundProcess } from './support/playground-process';
import { savedSheet, sheetNames, waitForSaved, type SavedCell } from './support/saved-workbook';

jest.setTimeout(BROWSER_TEST_MS);

const FIXTURES = path.join(__dirname, 'fixtures');

async function xlsxFixture(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Inventario');
  ws.addRow(['SKU', 'Qty', 'Price', 'Barcode', 'Since', 'Link']);
  ws.addRow([
    '00123',
    5,
    12.5,
    '0012345678905',
    new Date(Date.UTC(2026, 0, 31)),
    { formula: 'HYPERLINK("https://example.com/p/00123","ver")', result: 'ver' },
  ]);
  ws.addRow(['B-2', 0, 3, null, null, null]);
  ws.getCell('C2').numFmt = '0.00';
  ws.getCell('E2').numFmt = 'yyyy-mm-dd';
  book.addWorksheet('Notas').addRow(['nota']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('playground: files, paste, rows, sheets and undo', () => {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playground-files-'));
  const shots = new Screenshots('playground-files');
  let pg: PlaygroundProcess;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    [pg, browser] = await Promise.all([startPlaygroundProcess(stateDir), launchChromium()]);
    ({ page, errors } = await openPage(browser, pg.url));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: pg.url });
  });

  afterAll(async () => {
    await browser?.close();
    await pg?.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  async function importFile(name: string, mimeType: string, buffer: Buffer, into: 'new' | 'replace' = 'new'): Promise<void> {
    await menu(page, 'File', 'Import');
    await page.locator('#import').waitFor();
    await page.locator('#import-file').setInputFiles({ name, mimeType, buffer });
    await page.locator('#import-into').selectOption(into);
    await page.locator('#import-OK').click();
    await page.locator('#import').waitFor({ state: 'detached' });
  }

  const saved = (sheet: string, ref: string): SavedCell | undefined => savedSheet(stateDir, sheet)?.get(ref);

  test('a Shopify product export imports into a new sheet, typed as Sheets types CSV', async () => {
    await importFile('shopify-products.csv', 'text/csv', fs.readFileSync(path.join(FIXTURES, 'shopify-products.csv')));
    await expectActiveTab(page, 'shopify-products');
    await waitForCell(page, 1, 10, 'Variant SKU');
    await waitForCell(page, 2, 10, 'CAM-ROJA.M');
    await waitForCell(page, 4, 15, '1299.5');
    await shots.take(page, 'shopify-imported');
    const s = await waitForSaved(stateDir, () => savedSheet(stateDir, 'shopify-products'));
    expect(s.get('J2')?.value).toBe('CAM-ROJA.M');
    expect(s.get('J4')?.value).toBe(42); // "00042" typed into Sheets is the number 42
    expect(s.get('M2')?.value).toBe(12);
    expect(s.get('O2')?.value).toBe(19.99);
    expect(s.get('O4')?.value).toBe(1299.5); // "1,299.50"
    expect(s.get('Q2')?.value).toBe(12345678905); // a barcode loses its leading zeros, as in Sheets
    expect(s.get('G2')?.value).toBe(true);
    expect(s.get('G4')?.value).toBe(false);
    expect(s.get('C2')?.value).toBe('<p>Algodón, 100%</p>');
    expect(s.get('B4')?.value).toBe('Taza "Hub"');
    expect(s.get('F2')?.value).toBe('rojo, verano');
    expect(s.get('B3')).toBeUndefined(); // an empty field is an empty cell
  });

  test('a WooCommerce export (BOM, CRLF, a line break inside quotes) imports into a new sheet', async () => {
    await importFile('woocommerce-products.csv', 'text/csv', fs.readFileSync(path.join(FIXTURES, 'woocommerce-products.csv')));
    await expectActiveTab(page, 'woocommerce-products');
    await waitForCell(page, 1, 1, 'ID'); // the byte-order mark is not part of the first header
    await waitForCell(page, 3, 3, '007-B');
    await shots.take(page, 'woocommerce-imported');
    const s = await waitForSaved(stateDir, () => savedSheet(stateDir, 'woocommerce-products'));
    expect(s.get('A2')?.value).toBe(15);
    expect(s.get('C2')?.value).toBe('WOO-001');
    expect(s.get('C3')?.value).toBe('007-B');
    expect(s.get('H4')?.value).toBe('Línea 1\r\nLínea 2');
    expect(s.get('I2')?.value).toEqual({ $date: expect.stringMatching(/^2026-02-01T0[56]:00:00\.000Z$/) }); // midnight in Mexico City
    expect(s.get('I2')?.numberFormat).toBe('yyyy-mm-dd');
    expect(s.get('K4')?.value).toBe(-3);
    expect(s.get('L2')?.value).toBe(199.5);
    expect(s.get('M4')?.value).toBe(2500);
    expect(s.get('N2')?.value).toBe('Accesorios > Gorras');
  });

  test('an XLSX imports every worksheet, keeping the types the file gives (text "00123" stays text)', async () => {
    await importFile('inventario.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', await xlsxFixture());
    await expectActiveTab(page, 'Inventario');
    await waitForCell(page, 2, 1, '00123');
    await waitForCell(page, 2, 3, '12.50');
    await waitForCell(page, 2, 5, '2026-01-31');
    const link = cell(page, 2, 6).locator('a.link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://example.com/p/00123');
    expect(await link.textContent()).toBe('ver');
    await page.locator('[role=tab][data-sheet="Notas"]').waitFor();
    await shots.take(page, 'xlsx-imported');
    const s = await waitForSaved(stateDir, () => savedSheet(stateDir, 'Inventario'));
    expect(s.get('A2')?.value).toBe('00123');
    expect(s.get('B2')?.value).toBe(5);
    expect(s.get('C2')).toMatchObject({ value: 12.5, numberFormat: '0.00' });
    expect(s.get('D2')?.value).toBe('0012345678905');
    expect(s.get('F2')).toMatchObject({ value: 'ver', formula: '=HYPERLINK("https://example.com/p/00123","ver")' });
    expect(savedSheet(stateDir, 'Notas')?.get('A1')?.value).toBe('nota');
  });

  test('Ctrl+V pastes a block from the clipboard at the selection, typed cell by cell', async () => {
    await page.locator('[role=tab][data-sheet="Inventario"]').click();
    await cell(page, 5, 1).click();
    await page.evaluate(() =>
      navigator.clipboard.writeText('SKU\tQty\tPrice\n00077\t5\t$3.50\nX-1\t1,234\t=HYPERLINK("https://example.com/x","x")\n'),
    );
    await page.keyboard.press('Control+V');
    await waitForCell(page, 7, 2, '1234');
    await shots.take(page, 'pasted');
    const s = await waitForSaved(stateDir, () => {
      const sheet = savedSheet(stateDir, 'Inventario');
      return sheet?.get('B7') ? sheet : null;
    });
    expect(s.get('A5')?.value).toBe('SKU');
    expect(s.get('A6')?.value).toBe(77);
    expect(s.get('C6')?.value).toBe(3.5);
    expect(s.get('B7')?.value).toBe(1234);
    expect(s.get('C7')?.formula).toBe('=HYPERLINK("https://example.com/x","x")');
  });

  test('Insert › Row above and Edit › Delete row move the cells as Sheets does', async () => {
    await cell(page, 2, 1).click();
    await menu(page, 'Insert', 'Row above');
    await waitForCell(page, 3, 1, '00123');
    await waitForCell(page, 2, 1, '');
    await shots.take(page, 'row-inserted');
    await waitForSaved(stateDir, () => saved('Inventario', 'A3')?.value === '00123' && saved('Inventario', 'A2') === undefined);
    await cell(page, 2, 1).click();
    await menu(page, 'Edit', 'Delete row 2');
    await waitForCell(page, 2, 1, '00123');
    await waitForSaved(stateDir, () => saved('Inventario', 'A2')?.value === '00123');
  });

  test('a sheet renamed from its tab; Ctrl+Z undoes the rename, then the row deletion', async () => {
    await page.locator('[role=tab][data-sheet="Notas"]').dblclick();
    await page.locator('#rename-name').fill('Notas 2026');
    await page.locator('#rename-OK').click();
    await expectActiveTab(page, 'Notas 2026');
    await waitForSaved(stateDir, () => sheetNames(stateDir).includes('Notas 2026'));
    await shots.take(page, 'renamed');

    await page.locator('[data-menu="Edit"]').click();
    expect(await page.locator('[data-menu="Edit"] + .menu-list .menu-item').first().textContent()).toBe('Undo rename sheet');
    await page.keyboard.press('Escape');
    await page.locator('#grid').focus();
    await page.keyboard.press('Control+Z');
    await page.locator('[role=tab][data-sheet="Notas"]').waitFor();
    await waitForSaved(stateDir, () => sheetNames(stateDir).includes('Notas') && !sheetNames(stateDir).includes('Notas 2026'));

    // The edit before the rename: the deleted (blank) row 2 comes back, the data moves down again.
    await page.locator('[role=tab][data-sheet="Inventario"]').click();
    await page.locator('#grid').focus();
    await page.keyboard.press('Control+Z');
    await waitForCell(page, 3, 1, '00123');
    await waitForSaved(stateDir, () => saved('Inventario', 'A3')?.value === '00123');
    await shots.take(page, 'undone');
    expect(errors).toEqual([]);
  });
});
