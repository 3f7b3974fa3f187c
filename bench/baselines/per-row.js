// Baseline (a): what a seller writes first — one request per row and one setValue per result
// cell. Run in the Apps Script runtime emulator by bench/push.ts; HUB_URL and HUB_TOKEN are
// replaced before loading.
function naivePushPerRow() {
  var sheet = SpreadsheetApp.getActive().getSheetByName('Stock & Prices');
  var values = sheet.getDataRange().getValues();
  for (var r = 1; r < values.length; r++) {
    var res = UrlFetchApp.fetch('HUB_URL/api/stock/updatestock', {
      method: 'post',
      contentType: 'application/json',
      payload: JSON.stringify([{ sku: String(values[r][0]), quantity: Number(values[r][1]) }]),
      headers: { Authorization: 'Bearer HUB_TOKEN' },
      muteHttpExceptions: true,
    });
    var item = JSON.parse(res.getContentText())[0] || {};
    sheet.getRange(r + 1, 3).setValue(item.status);
    sheet.getRange(r + 1, 4).setValue(item.msg);
    sheet.getRange(r + 1, 5).setValue(new Date());
  }
}
