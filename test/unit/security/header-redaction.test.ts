// Review 13: response HEADERS never pass the redaction choke point: Get Status Request's
// `Link: <…>; rel="successor-version"` is copied verbatim into the alert the seller sees
// (handlers/jobs.ts deprecationNote), so a hub or proxy that writes the token or an
// access_token into that link puts it in a dialog. Correct: the successor (every header text
// that reaches the user) is redacted like the body: no token, no access_token value.
import { hubClient } from '../../../src/core/settings/context';
import { deprecationNote } from '../../../src/server/handlers/jobs';
import { writeToken } from '../../../src/core/settings/token';
import { FakeTransport } from '../../support/transport';
import { fakeContext, memoryStore } from '../../support/ports';

const HUB = 'https://hub.example.com';
const TOKEN = 'tok-review13-abcdefghijklmnop';

describe('headers skip the redaction', () => {
  it('a successor-version Link carrying the token reaches the deprecation alert in clear', () => {
    const transport = new FakeTransport(() => ({
      status: 200,
      headers: { deprecation: '@1577836800', link: `<${HUB}/api/stock/GetStockPriceJob?access_token=${TOKEN}>; rel="successor-version"` },
      body: { jobId: 77, status: 'Done', total: 2, processed: 2 },
    }));
    const userStore = memoryStore();
    writeToken(userStore, { token: TOKEN, expiresAt: null, source: 'pasted', savedAt: 0, origin: HUB });
    const ctx = fakeContext({ transport, userStore, settings: { baseUrl: HUB } });
    const r = hubClient(ctx).getStatusRequest('77');
    expect(r.deprecation.deprecated).toBe(true);
    expect(deprecationNote(r.deprecation)).not.toContain(TOKEN);
  });
});
