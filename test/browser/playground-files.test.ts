/**
 * The playground takes real files and edits like Sheets: Shopify- and WooCommerce-shaped CSVs and
 * an XLSX (made here with exceljs) through File › Import, a pasted block, a row inserted and
 * deleted, a sheet renamed, undo. What the runtime's workbook then holds is what Sheets would:
 * CSV text typed by Sheets' rules (numbers as numbers, leading zeros dropped, TRUE a boolean,
 * dates as dates), XLSX cells kept with the file's types (text "00123" stays text).
 */
import ExcelJS from 'exceljs';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BROWSER_TEST_MS, cell, expectActiveTab, menu, waitForCell } from './support/browser';
import { savedSheet, sheetNames, waitForSaved, type SavedCell } from './support/saved-workbook';
import { usePlayground } from './support/sidebar-session';

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
  const session = usePlayground('playground-files');
  const { stateDir, shots } = session;
  beforeAll(async () => {
    await session.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.pg.url });
  });

  async function importFile(name: string, mimeType: string, buffer: Buffer, into: 'new' | 'replace' = 'new'): Promise<void> {
    await menu(session.page, 'File', 'Import');
    await session.page.locator('#import').waitFor();
    await session.page.locator('#import-file').setInputFiles({ name, mimeType, buffer });
    await session.page.locator('#import-into').selectOption(into);
    await session.page.locator('#import-OK').click();
    await session.page.locator('#import').waitFor({ state: 'detached' });
  }

  const saved = (sheet: string, ref: string): SavedCell | undefined => savedSheet(stateDir, sheet)?.get(ref);

  test('a Shopify product export imports into a new sheet, typed as Sheets types CSV', async () => {
    await importFile('shopify-products.csv', 'text/csv', fs.readFileSync(path.join(FIXTURES, 'shopify-products.csv')));
    await expectActiveTab(session.page, 'shopify-products');
    await waitForCell(session.page, 1, 10, 'Variant SKU');
    await waitForCell(session.page, 2, 10, 'CAM-ROJA.M');
    await waitForCell(session.page, 4, 15, '1299.5');
    await shots.take(session.page, 'shopify-imported');
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
    await expectActiveTab(session.page, 'woocommerce-products');
    await waitForCell(session.page, 1, 1, 'ID'); // the byte-order mark is not part of the first header
    await waitForCell(session.page, 3, 3, '007-B');
    await shots.take(session.page, 'woocommerce-imported');
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
    await expectActiveTab(session.page, 'Inventario');
    await waitForCell(session.page, 2, 1, '00123');
    await waitForCell(session.page, 2, 3, '12.50');
    await waitForCell(session.page, 2, 5, '2026-01-31');
    const link = cell(session.page, 2, 6).locator('a.link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://example.com/p/00123');
    expect(await link.textContent()).toBe('ver');
    await session.page.locator('[role=tab][data-sheet="Notas"]').waitFor();
    await shots.take(session.page, 'xlsx-imported');
    const s = await waitForSaved(stateDir, () => savedSheet(stateDir, 'Inventario'));
    expect(s.get('A2')?.value).toBe('00123');
    expect(s.get('B2')?.value).toBe(5);
    expect(s.get('C2')).toMatchObject({ value: 12.5, numberFormat: '0.00' });
    expect(s.get('D2')?.value).toBe('0012345678905');
    expect(s.get('F2')).toMatchObject({ value: 'ver', formula: '=HYPERLINK("https://example.com/p/00123","ver")' });
    expect(savedSheet(stateDir, 'Notas')?.get('A1')?.value).toBe('nota');
  });

  test('Ctrl+V pastes a block from the clipboard at the selection, typed cell by cell', async () => {
    await session.page.locator('[role=tab][data-sheet="Inventario"]').click();
    await cell(session.page, 5, 1).click();
    await session.page.evaluate(() =>
      navigator.clipboard.writeText('SKU\tQty\tPrice\n00077\t5\t$3.50\nX-1\t1,234\t=HYPERLINK("https://example.com/x","x")\n'),
    );
    await session.page.keyboard.press('Control+V');
    await waitForCell(session.page, 7, 2, '1234');
    await shots.take(session.page, 'pasted');
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
    await cell(session.page, 2, 1).click();
    await menu(session.page, 'Insert', 'Row above');
    await waitForCell(session.page, 3, 1, '00123');
    await waitForCell(session.page, 2, 1, '');
    await shots.take(session.page, 'row-inserted');
    await waitForSaved(stateDir, () => saved('Inventario', 'A3')?.value === '00123' && saved('Inventario', 'A2') === undefined);
    await cell(session.page, 2, 1).click();
    await menu(session.page, 'Edit', 'Delete row 2');
    await waitForCell(session.page, 2, 1, '00123');
    await waitForSaved(stateDir, () => saved('Inventario', 'A2')?.value === '00123');
  });

  test('a sheet renamed from its tab; Ctrl+Z undoes the rename, then the row deletion', async () => {
    await session.page.locator('[role=tab][data-sheet="Notas"]').dblclick();
    await session.page.locator('#rename-name').fill('Notas 2026');
    await session.page.locator('#rename-OK').click();
    await expectActiveTab(session.page, 'Notas 2026');
    await waitForSaved(stateDir, () => sheetNames(stateDir).includes('Notas 2026'));
    await shots.take(session.page, 'renamed');
    // The open sidebar polls the add-on every few seconds: a read, which must leave Edit › Undo as it is.
    await session.page.waitForResponse(
      (r) => r.url().endsWith('/api/run') && (r.request().postData() ?? '').includes('"getSidebarRevisions"'),
    );

    await session.page.locator('[data-menu="Edit"]').click();
    expect(await session.page.locator('[data-menu="Edit"] + .menu-list .menu-item').first().textContent()).toBe('Undo rename sheet');
    await session.page.keyboard.press('Escape');
    await session.page.locator('#grid').focus();
    await session.page.keyboard.press('Control+Z');
    await session.page.locator('[role=tab][data-sheet="Notas"]').waitFor();
    await waitForSaved(stateDir, () => sheetNames(stateDir).includes('Notas') && !sheetNames(stateDir).includes('Notas 2026'));

    // The edit before the rename: the deleted (blank) row 2 comes back, the data moves down again.
    await session.page.locator('[role=tab][data-sheet="Inventario"]').click();
    await session.page.locator('#grid').focus();
    await session.page.keyboard.press('Control+Z');
    await waitForCell(session.page, 3, 1, '00123');
    await waitForSaved(stateDir, () => saved('Inventario', 'A3')?.value === '00123');
    await shots.take(session.page, 'undone');
    expect(session.errors).toEqual([]);
  });
});
