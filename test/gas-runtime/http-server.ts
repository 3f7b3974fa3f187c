import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A tiny HTTP server in a child process (SyncHttp blocks this thread, so the server must live
 * elsewhere). Routes:
 *   /delay?ms=200        waits, then 200 "ok"
 *   /barrier?n=10&id=k&ms=200   answers 200 "ok" (ms after) only once n requests of barrier k are waiting at the same
 *                        time: proof of concurrency that needs no clock (requests sent one after
 *                        another never get past it)
 *   /status?code=503&body=text   answers that status and body
 *   /echo                JSON of method, url, headers and body
 *   /hang                never answers
 *   /announced-hang      says it never will (103 with X-Emulator-Fault: timeout), then never answers
 *   /redirect            302 to /echo
 *   /redirect-to?to=URL&code=302   that status with Location: URL (another host, for redirect tests)
 *   /bytes               body bytes 0xff 0x00 0x7f 0x80
 *   /inflight?ms=200     waits, then JSON { inFlight }: how many requests were open when this one arrived
 */
const SERVER = `
const http = require('node:http');
let open = 0;
const barriers = new Map();
const server = http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  open++;
  res.on('finish', () => open--);
  res.on('close', () => { if (!res.writableFinished) open--; });
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (u.pathname === '/delay') {
      setTimeout(() => { res.writeHead(200, { 'Content-Type': 'text/plain' }); res.end('ok'); }, Number(u.searchParams.get('ms') || 0));
    } else if (u.pathname === '/barrier') {
      const id = u.searchParams.get('id') || '';
      const waiting = barriers.get(id) || [];
      waiting.push(res);
      barriers.set(id, waiting);
      if (waiting.length >= Number(u.searchParams.get('n'))) {
        barriers.delete(id);
        setTimeout(() => { for (const r of waiting) { r.writeHead(200, { 'Content-Type': 'text/plain' }); r.end('ok'); } }, Number(u.searchParams.get('ms') || 0));
      }
    } else if (u.pathname === '/status') {
      res.writeHead(Number(u.searchParams.get('code')), { 'Content-Type': 'text/plain', 'X-Multi': ['a', 'b'] });
      res.end(u.searchParams.get('body') || '');
    } else if (u.pathname === '/echo') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    } else if (u.pathname === '/announced-hang') {
      res.writeEarlyHints({ link: '</>; rel=preconnect', 'x-emulator-fault': 'timeout' });
    } else if (u.pathname === '/hang') {
      // never answer
    } else if (u.pathname === '/redirect') {
      res.writeHead(302, { Location: '/echo' });
      res.end();
    } else if (u.pathname === '/redirect-to') {
      res.writeHead(Number(u.searchParams.get('code') || 302), { Location: u.searchParams.get('to') });
      res.end();
    } else if (u.pathname === '/inflight') {
      const inFlight = open;
      setTimeout(() => { res.writeHead(200, { 'Content-Type': 'application/json' }); res.end(JSON.stringify({ inFlight })); }, Number(u.searchParams.get('ms') || 0));
    } else if (u.pathname === '/bytes') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.end(Buffer.from([0xff, 0x00, 0x7f, 0x80]));
    } else {
      res.writeHead(404); res.end('not found');
    }
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export function startServer(): Promise<TestServer> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (d: Buffer) => {
      const port = Number(String(d).trim());
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill();
          }),
      });
    });
  });
}
