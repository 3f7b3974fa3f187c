import * as crypto from 'node:crypto';
import { loadRuntime } from '../../dev/gas-runtime';

const RUNNER = `function run(code) { return eval(code); }`;

describe('Utilities', () => {
  const rt = loadRuntime({ bundle: RUNNER });
  const run = (code: string) => rt.call('run', code);

  it('formats dates with SimpleDateFormat patterns in a time zone', () => {
    const d = `new Date(Date.UTC(2026, 0, 5, 14, 7, 9, 45))`;
    expect(run(`Utilities.formatDate(${d}, 'UTC', "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")`)).toBe('2026-01-05T14:07:09.045Z');
    expect(run(`Utilities.formatDate(${d}, 'America/New_York', 'EEE, d MMM yyyy h:mm a Z')`)).toBe('Mon, 5 Jan 2026 9:07 AM -0500');
    expect(run(`Utilities.formatDate(${d}, 'Europe/Madrid', 'EEEE dd/MM/yy HH:mm XXX')`)).toBe('Monday 05/01/26 15:07 +01:00');
    expect(run(`Utilities.formatDate(${d}, 'GMT+2', 'HH:mm z')`)).toBe('16:07 GMT+02:00');
    expect(run(`Utilities.formatDate(${d}, 'UTC', "MMMM ''yy X")`)).toBe("January '26 Z");
    expect(() => run(`Utilities.formatDate(${d}, 'UTC', 'yyyy-qq')`)).toThrow("Illegal pattern character 'q'");
    expect(() => run(`Utilities.formatDate('2026-01-01', 'UTC', 'yyyy')`)).toThrow('Invalid argument: date');
  });

  it('encodes base64 and computes digests as signed byte arrays', () => {
    expect(run(`Utilities.base64Encode('héllo')`)).toBe(Buffer.from('héllo').toString('base64'));
    expect(run(`Utilities.base64EncodeWebSafe([251, 255])`)).toBe('-_8=');
    expect(run(`Utilities.base64Decode('AP9/gA==')`)).toEqual([0, -1, 127, -128]);
    expect(run(`Utilities.newBlob(Utilities.base64DecodeWebSafe('aMOpbGxv')).getDataAsString()`)).toBe('héllo');
    const sha = [...crypto.createHash('sha256').update('abc').digest()].map((b) => (b > 127 ? b - 256 : b));
    expect(run(`Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, 'abc')`)).toEqual(sha);
    const mac = [...crypto.createHmac('sha256', 'key').update('msg').digest()].map((b) => (b > 127 ? b - 256 : b));
    expect(run(`Utilities.computeHmacSha256Signature('msg', 'key')`)).toEqual(mac);
    expect(run(`Utilities.computeHmacSignature(Utilities.MacAlgorithm.HMAC_SHA_256, 'msg', 'key')`)).toEqual(mac);
  });

  it('makes blobs, uuids, CSV and formatted strings', () => {
    expect(
      run(
        `var b = Utilities.newBlob('a,b', 'text/csv', 'x.csv'); [b.getContentType(), b.getName(), b.getBytes(), b.copyBlob().setName('y').getName(), b.getName()]`,
      ),
    ).toEqual(['text/csv', 'x.csv', [97, 44, 98], 'y', 'x.csv']);
    expect(run(`Utilities.getUuid()`)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(run(`Utilities.parseCsv('a,"b ""q"", c"\\r\\n1,2')`)).toEqual([
      ['a', 'b "q", c'],
      ['1', '2'],
    ]);
    expect(run(`Utilities.formatString('%s has %d rows (%.1f%%)', 'Stock', 12.7, 99.44)`)).toBe('Stock has 12 rows (99.4%)');
  });

  it('sleeps on the virtual clock', () => {
    const t0 = rt.now();
    const real0 = Date.now();
    run(`Utilities.sleep(30000)`);
    expect(rt.now() - t0).toBeGreaterThanOrEqual(30_000);
    // Never waited for real: a real sleep cannot take less than its 30 s, however fast the
    // machine, and the call takes far less however busy it is.
    expect(Date.now() - real0).toBeLessThan(30_000);
  });
});

describe('Session, Logger and console', () => {
  it('identifies the user and collects log lines', () => {
    const rt = loadRuntime({ bundle: RUNNER, user: 'seller@example.com', timeZone: 'Europe/Madrid' });
    expect(
      rt.call(
        'run',
        `[Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail(), Session.getScriptTimeZone(),
        typeof Session.getTemporaryActiveUserKey()]`,
      ),
    ).toEqual(['seller@example.com', 'seller@example.com', 'Europe/Madrid', 'string']);
    rt.call(
      'run',
      `Logger.log('pushed %s rows', 12); console.log('plain', {a: 1}); console.warn('careful'); console.error(new Error('bad'))`,
    );
    expect(rt.logs().map((l) => [l.source, l.level, l.message.split('\n')[0]])).toEqual([
      ['Logger', 'log', 'pushed 12 rows'],
      ['console', 'log', 'plain { a: 1 }'],
      ['console', 'warn', 'careful'],
      ['console', 'error', 'Error: bad'],
    ]);
    expect(rt.call('run', `Logger.log('a'); Logger.log('b'); Logger.getLog()`)).toBe('a\nb');
  });
});

describe('DriveApp', () => {
  it('creates folders and files and finds them again', () => {
    const rt = loadRuntime({ bundle: RUNNER });
    const id = rt.call(
      'run',
      `var f = DriveApp.createFolder('Labels');
       var file = f.createFile(Utilities.newBlob([37, 80, 68, 70], MimeType.PDF, 'order-1.pdf'));
       DriveApp.createFile('notes.txt', 'hello', MimeType.PLAIN_TEXT);
       [f.getId(), file.getUrl().indexOf(file.getId()) > 0, file.getMimeType(), file.getName()]`,
    ) as [string, boolean, string, string];
    expect(id.slice(1)).toEqual([true, 'application/pdf', 'order-1.pdf']);
    expect(
      rt.call(
        'run',
        `var it = DriveApp.getFoldersByName('Labels'); var f = it.next(); [it.hasNext(), f.getId(), f.getFiles().next().getName()]`,
      ),
    ).toEqual([false, id[0], 'order-1.pdf']);
    expect(rt.call('run', `DriveApp.getFolderById('${id[0]}').getName()`)).toBe('Labels');
    expect(() => rt.call('run', `DriveApp.getFolderById('missing')`)).toThrow('No item with the given ID could be found');
    expect(rt.drive().map((f) => [f.name, f.folderName, f.text])).toEqual([
      ['order-1.pdf', 'Labels', '%PDF'],
      ['notes.txt', 'My Drive', 'hello'],
    ]);
    expect(rt.counters().driveOps).toBeGreaterThan(3);
  });
});
