import { HubClient } from '../../../src/api/client';
import { FakeClock, FakeTransport, type Scripted } from '../../support/transport';
import { describeHttpFailure } from '../../../src/api/errors';

describe('messages that name the real cause', () => {
  const notHub = /does not look like the hub's API: it answered .* with HTTP \d+ and no hub message\. Check the base URL in Settings/;
  test.each([403, 404, 405, 400, 401])('sign-in answered %i with no JSON: the address, not the account', (status) => {
    const { message } = describeHttpFailure('login', status, null, null, null, false);
    expect(message).toMatch(notHub);
    expect(message).not.toMatch(/hub admin/);
  });
  test.each([401, 403, 405])('any call answered %i with no JSON: the address', (status) => {
    expect(describeHttpFailure('updateStock', status, null, null, null, false).message).toMatch(notHub);
  });
  test("the hub's own JSON refusals keep their meaning", () => {
    expect(describeHttpFailure('login', 400, 'The user name or password is incorrect', null, null, true).message).toMatch(
      /Sign-in failed: The user name or password is incorrect\. Check the username and password \(the account must be a hub admin\)/,
    );
    expect(describeHttpFailure('updateStock', 403, 'Forbidden', null, null, true).message).toMatch(/must be a hub admin/);
    expect(describeHttpFailure('updateStock', 401, null, null, null, true).message).toMatch(/rejected the API token/);
  });
  test('a bare 404 on a lookup still names both causes (the hub may answer "no such order" without a body)', () => {
    expect(describeHttpFailure('findOrder', 404, null, null, null, false).message).toMatch(
      /not found \(HTTP 404\)\. Check that it exists in the hub, and that the base URL/,
    );
  });
});

describe("the client tells a non-hub address from a refusing hub, by the answer's body", () => {
  const login = (answer: Scripted) => {
    const c = new HubClient({
      baseUrl: 'https://shop.example.com/',
      token: null,
      transport: new FakeTransport(() => answer),
      clock: new FakeClock(),
      concurrency: 1,
      random: () => 0.5,
    });
    try {
      c.login('admin', 'pw');
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('login did not fail');
  };
  test('a bare 403 "Forbidden" (a web server): the address', () => {
    expect(login({ status: 403, raw: 'Forbidden', headers: { 'content-type': 'text/plain' } })).toMatch(
      /does not look like the hub's API: it answered Sign in with HTTP 403/,
    );
  });
  test('an empty 404 (nothing at /login): the address', () => {
    expect(login({ status: 404, raw: '' })).toMatch(/does not look like the hub's API: it answered Sign in with HTTP 404/);
  });
  test("the hub's own 400 with its JSON error: the credentials", () => {
    expect(login({ status: 400, body: { error: 'invalid_grant', error_description: 'The user name or password is incorrect.' } })).toMatch(
      /Sign-in failed: The user name or password is incorrect\. Check the username and password/,
    );
  });
});
