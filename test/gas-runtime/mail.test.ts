import { loadRuntime, type Runtime } from '../../dev/gas-runtime';

/**
 * MailApp (https://developers.google.com/apps-script/reference/mail/mail-app): every sendEmail
 * form recorded; the daily quota counts recipients (100 a day for a consumer account: "Email
 * recipients per day", https://developers.google.com/apps-script/guides/services/quotas) and
 * a send past it sends nothing and throws; sendEmail needs the script.send_mail scope.
 */
const BUNDLE = `
function plain(to) { MailApp.sendEmail(to, 'Subject', 'Body'); return MailApp.getRemainingDailyQuota(); }
function withOptions() { MailApp.sendEmail('a@example.com', 'S', 'B', { cc: 'b@example.com, c@example.com', name: 'Hub Sync' }); }
function asObject() { MailApp.sendEmail({ to: 'a@example.com', subject: 'S', body: 'B', htmlBody: '<b>B</b>' }); }
function replyTo() { MailApp.sendEmail('a@example.com', 'help@example.com', 'S', 'B'); }
function left() { return MailApp.getRemainingDailyQuota(); }
`;
const HOUR = 3600_000;

describe('MailApp in the runtime emulator', () => {
  let rt: Runtime;
  afterEach(async () => rt?.close());

  test('each form of sendEmail is recorded with its recipients; the quota counts recipients, not messages', () => {
    rt = loadRuntime({ bundle: BUNDLE });
    expect(rt.call('plain', 'a@example.com')).toBe(99);
    rt.call('withOptions');
    rt.call('asObject');
    rt.call('replyTo');
    expect(rt.mails().map((m) => [m.to, m.cc, m.subject, m.replyTo ?? '', m.name ?? '', m.htmlBody ?? ''])).toEqual([
      [['a@example.com'], [], 'Subject', '', '', ''],
      [['a@example.com'], ['b@example.com', 'c@example.com'], 'S', '', 'Hub Sync', ''],
      [['a@example.com'], [], 'S', '', '', '<b>B</b>'],
      [['a@example.com'], [], 'S', 'help@example.com', '', ''],
    ]);
    expect(rt.mails()[0].user).toBe('user@example.com');
    expect(rt.call('left')).toBe(100 - 6);
  });

  test("past 100 recipients a day a send throws Apps Script's message and sends nothing; the window resets 24 h after the first send", () => {
    rt = loadRuntime({ bundle: BUNDLE });
    rt.setQuotaUsed('email', 99);
    expect(rt.call('plain', 'a@example.com')).toBe(0);
    expect(() => rt.call('plain', 'a@example.com')).toThrow('Service invoked too many times for one day: email.');
    expect(rt.mails()).toHaveLength(1);
    rt.advance(24 * HOUR);
    expect(rt.call('plain', 'a@example.com')).toBe(99);
  });

  test('a Workspace account has 1,500; sendEmail needs script.send_mail when the manifest declares scopes', () => {
    rt = loadRuntime({ bundle: BUNDLE, mailRecipientsPerDay: 1500 });
    expect(rt.call('left')).toBe(1500);
    void rt.close();
    rt = loadRuntime({ bundle: BUNDLE, manifest: { oauthScopes: ['https://www.googleapis.com/auth/spreadsheets.currentonly'] } });
    expect(() => rt.call('plain', 'a@example.com')).toThrow(
      /Specified permissions are not sufficient to call MailApp.sendEmail\. Required permissions: https:\/\/www.googleapis.com\/auth\/script.send_mail/,
    );
  });
});
