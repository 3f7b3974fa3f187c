// Worker thread of SyncHttp: performs a batch of HTTP requests concurrently and hands the
// results back through a MessagePort, then wakes the blocked caller with Atomics.notify.
// Plain JavaScript on purpose: a worker cannot use the test runner's TypeScript transform.

const { workerData } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');

const { port, signal } = workerData;
const flag = new Int32Array(signal);
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

function once(req, started, hops) {
  return new Promise((settle) => {
    // An outcome after redirects names the hops before it and the request that got it.
    const resolve = (result) =>
      settle(
        result && hops.length && !result.redirects
          ? Object.assign(result, {
              redirects: hops,
              finalUrl: req.url,
              finalMethod: req.method,
              finalBody: req.body == null ? null : req.body,
            })
          : result,
      );
    let url;
    try {
      url = new URL(req.url);
    } catch {
      resolve({ ok: false, error: 'invalid-url', message: `Invalid argument: ${req.url}`, elapsedMs: 0 });
      return;
    }
    const lib = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
    if (!lib) {
      resolve({ ok: false, error: 'invalid-url', message: `Invalid argument: ${req.url}`, elapsedMs: 0 });
      return;
    }
    const body = req.body == null ? null : Buffer.from(req.body);
    const headers = Object.assign({}, req.headers || {});
    if (body) headers['Content-Length'] = String(body.length);
    const r = lib.request(
      url,
      {
        method: req.method,
        headers,
        agent: agents[url.protocol],
        rejectUnauthorized: req.validateHttpsCertificates !== false,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const status = res.statusCode || 0;
          const location = res.headers.location;
          let next = null;
          try {
            next = location ? new URL(location, url).toString() : null;
          } catch {
            next = null; // an unusable Location: the 3xx is the answer
          }
          if (req.followRedirects !== false && status >= 300 && status < 400 && next && hops.length < 5) {
            const method = status === 307 || status === 308 ? req.method : 'GET';
            // Each request that got a 3xx and was followed is reported as a hop, so the caller can
            // record every request that left (a test must see a token carried to another host).
            const hop = {
              url: req.url,
              method: req.method,
              headers: Object.assign({}, req.headers || {}),
              body: req.body == null ? null : req.body,
              status,
              location: next,
              elapsedMs: Date.now() - started,
            };
            // The headers go along unchanged, Authorization included: the worst case (see README).
            settle(once({ ...req, url: next, method, body: method === 'GET' ? null : req.body }, started, hops.concat([hop])));
            return;
          }
          const buf = Buffer.concat(chunks);
          resolve({
            ok: true,
            status,
            rawHeaders: res.rawHeaders,
            body: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength),
            elapsedMs: Date.now() - started,
          });
        });
        res.on('error', (e) => resolve({ ok: false, error: 'network', message: String(e.message || e), elapsedMs: Date.now() - started }));
      },
    );
    // A test server can announce that it will never answer (a 103 carrying X-Emulator-Fault:
    // timeout): taken as the timeout at once, when asked, instead of waiting for it in real time.
    r.on('information', (info) => {
      if (req.announcedTimeouts && info.statusCode === 103 && info.headers['x-emulator-fault'] === 'timeout') {
        r.destroy();
        resolve({ ok: false, error: 'timeout', announced: true, message: `Timeout: ${req.url}`, elapsedMs: Date.now() - started });
      }
    });
    r.setTimeout(req.timeoutMs || 60000, () => {
      r.destroy();
      resolve({ ok: false, error: 'timeout', message: `Timeout: ${req.url}`, elapsedMs: Date.now() - started });
    });
    r.on('error', (e) => {
      if (r.destroyed && String(e.message).includes('socket hang up')) return; // already resolved by timeout
      resolve({ ok: false, error: 'network', message: String(e.message || e), elapsedMs: Date.now() - started });
    });
    if (body) r.write(body);
    r.end();
  });
}

// Runs the requests with at most `limit` in flight; each starts when a slot frees up (its own
// elapsedMs counts from then, the batch's from the first start).
async function pool(requests, limit) {
  const results = new Array(requests.length);
  let next = 0;
  async function lane() {
    while (next < requests.length) {
      const i = next++;
      results[i] = await once(requests[i], Date.now(), []);
    }
  }
  const lanes = [];
  for (let k = 0; k < Math.max(1, Math.min(limit || requests.length, requests.length)); k++) lanes.push(lane());
  await Promise.all(lanes);
  return results;
}

port.on('message', async (msg) => {
  const started = Date.now();
  const results = await pool(msg.requests, msg.maxParallel);
  port.postMessage({ id: msg.id, results, elapsedMs: Date.now() - started });
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
