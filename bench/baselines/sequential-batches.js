// Baseline (b): a careful seller — 50-row batches, but sent one after another with
// UrlFetchApp.fetch, and one setValues per batch. Run by bench/push.ts; HUB_URL and HUB_TOKEN
// are replaced before loading.
function naivePushSequentialBatches() {
  var sheet = SpreadsheetApp.getActive().getSheetByName('Stock & Prices');
  var values = sheet.getDataRange().getValues();
  for (var start = 1; start < values.length; start += 50) {
    var rows = values.slice(start, start + 50);
    var res = UrlFetchApp.fetch('HUB_URL/api/stock/updatestock', {
      method: 'post',
      contentType: 'application/json',
      payload: JSON.stringify(rows.map((r) => ({ sku: String(r[0]), quantity: Number(r[1]) }))),
      headers: { Authorization: 'Bearer HUB_TOKEN' },
      muteHttpExceptions: true,
    });
    var items = JSON.parse(res.getContentText());
    var out = rows.map((_, i) => {
      var it = items[i] || {};
      return [it.status, it.msg, new Date()];
    });
    sheet.getRange(start + 1, 3, out.length, 3).setValues(out);
  }
}
