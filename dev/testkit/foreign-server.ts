/**
 * A "foreign" host for token-destination tests: a loopback HTTP server that is NOT the hub. It
 * answers every request 200 `{}` and records it (method, URL, headers, body), so a test can
 * prove that nothing — above all no bearer token — reached it.
 *
 * It runs in a child process, because the Apps Script runtime emulator blocks the test's thread
 * while a request is in flight. Each request is appended to a file (synchronously, before the
 * answer is sent), so `requests()` is synchronous and complete as soon as a runtime call returns.
 * Bounded: the child exits on its own after `maxLifetimeMs` (default 10 min) or when its parent
 * goes away; `close()` stops it at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** One request the foreign server received. */
export interface ForeignRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  /** Header names lower-cased, as Node gives them. */
  headers: Record<string, string | string[]>;
  body: string;
}

export interface ForeignServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  url: string;
  /** Every request received since the start or the last `clear()`, in arrival order. */
  requests(): ForeignRequest[];
  /** Forgets the requests received so far. */
  clear(): void;
  close(): Promise<void>;
}

const CHILD = `
const http = require('node:http');
const fs = require('node:fs');
const [file, lifetime] = process.argv.slice(1);
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const record = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    fs.appendFileSync(file, JSON.stringify(record) + '\\n');
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end('{}');
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
setTimeout(() => process.exit(0), Number(lifetime)).unref();
process.on('disconnect', () => process.exit(0));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

/** Starts a foreign server on 127.0.0.1 (a free port). */
export function startForeignServer(options: { maxLifetimeMs?: number; startTimeoutMs?: number } = {}): Promise<ForeignServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foreign-server-'));
  const file = path.join(dir, 'requests.jsonl');
  fs.writeFileSync(file, '');
  // stdin is a pipe: when the test process dies, the child sees its end and exits.
  const child: ChildProcess = spawn(process.execPath, ['-e', CHILD, file, String(options.maxLifetimeMs ?? 10 * 60_000)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('foreign server did not start'));
    }, options.startTimeoutMs ?? 10_000);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.stdout!.once('data', (d: Buffer) => {
      clearTimeout(timer);
      const port = Number(String(d).trim());
      let skip = 0;
      const all = (): ForeignRequest[] =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as ForeignRequest);
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests: () => all().slice(skip),
        clear: () => {
          skip = all().length;
        },
        close: () =>
          new Promise<void>((done) => {
            const finish = () => {
              fs.rmSync(dir, { recursive: true, force: true });
              done();
            };
            if (child.exitCode !== null || child.signalCode !== null) return finish();
            child.once('exit', finish);
            child.kill();
          }),
      });
    });
  });
}
