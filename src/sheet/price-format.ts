/**
 * The number format of the prices and amounts the add-on writes (catalogue pull, order import):
 * thousands separated, two decimals, as Sheets' own Format › Number › Number shows money. The
 * spreadsheet's locale picks the separators (1,234.50 in en_US, 1.234,50 in es_ES). A cell the
 * seller formatted keeps their format (SheetPort.setDefaultNumberFormat).
 */
export const PRICE_FORMAT = '#,##0.00';
