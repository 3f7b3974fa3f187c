import { call, callResult, errorMessage, ServerError, unwrap } from '../../../src/client/server';

type Handler = (value: unknown) => void;

/** A google.script.run look-alike: each call answers through the chosen handler on the next tick. */
function installFakeRun(
  impl: Record<string, (...args: unknown[]) => { ok: unknown } | { fail: unknown }>,
): Array<{ name: string; args: unknown[] }> {
  const calls: Array<{ name: string; args: unknown[] }> = [];
  const runner = (success: Handler | null, failure: Handler | null): Record<string, unknown> => {
    const target: Record<string, unknown> = {
      withSuccessHandler: (h: Handler) => runner(h, failure),
      withFailureHandler: (h: Handler) => runner(success, h),
    };
    for (const name of Object.keys(impl)) {
      target[name] = (...args: unknown[]) => {
        calls.push({ name, args });
        const answer = impl[name](...args);
        setTimeout(() => ('ok' in answer ? success?.(answer.ok) : failure?.(answer.fail)), 0);
      };
    }
    return target;
  };
  (globalThis as { google?: unknown }).google = { script: { run: runner(null, null) } };
  return calls;
}

afterEach(() => {
  delete (globalThis as { google?: unknown }).google;
});

describe('call', () => {
  it('passes the arguments and resolves with what the server returned', async () => {
    const calls = installFakeRun({ startPush: () => ({ ok: { ok: true, value: { runId: 'r1' } } }) });
    await expect(call('startPush', 'stock', 'all')).resolves.toEqual({ ok: true, value: { runId: 'r1' } });
    expect(calls).toEqual([{ name: 'startPush', args: ['stock', 'all'] }]);
  });

  it('rejects with the failure handler\u2019s message', async () => {
    installFakeRun({ getSidebarState: () => ({ fail: new Error('Authorization is required to perform that action.') }) });
    const promise = call('getSidebarState');
    await expect(promise).rejects.toBeInstanceOf(ServerError);
    await expect(promise).rejects.toThrow('Authorization is required to perform that action.');
  });

  it('rejects when the server lacks the function (an old deployment)', async () => {
    installFakeRun({});
    await expect(call('signOut')).rejects.toThrow(/no function signOut/);
  });

  it('rejects with a clear message outside Apps Script', async () => {
    await expect(call('signOut')).rejects.toThrow(/google\.script\.run is not available/);
  });
});

describe('callResult / unwrap', () => {
  it('returns the value of an ok Result', async () => {
    installFakeRun({ refreshJobs: () => ({ ok: { ok: true, value: { jobs: [], open: 0, message: 'No async job is open.' } } }) });
    await expect(callResult('refreshJobs')).resolves.toEqual({ jobs: [], open: 0, message: 'No async job is open.' });
  });

  it('throws the server\u2019s sentence for {ok:false}', async () => {
    installFakeRun({ continuePush: () => ({ ok: { ok: false, error: 'This push is no longer running.' } }) });
    await expect(callResult('continuePush', 'r1')).rejects.toThrow('This push is no longer running.');
  });

  it('throws for an answer that is not a Result', () => {
    expect(() => unwrap(null as never)).toThrow(/nothing usable/);
    expect(() => unwrap({ ok: false, error: '' })).toThrow(/nothing usable/);
  });
});

describe('errorMessage', () => {
  it('reads Errors, error-like objects and strings', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage({ message: 'like an error' })).toBe('like an error');
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage(undefined)).toMatch(/did not answer/);
  });
});

/** Compile-time checks (tsc runs over test/): a wrong name or argument must not compile. Never called. */
function typeChecks(): void {
  void call('startPush', 'stock', 'all');
  void callResult('getOldJobStatus', '123');
  // @ts-expect-error: no such server function
  void call('pushEverything');
  // @ts-expect-error: continuePush takes a run id
  void call('continuePush');
  // @ts-expect-error: menu handlers return no Result, so callResult refuses them
  void callResult('onOpen');
  const typed: Promise<{ saved: boolean }> = callResult('saveSettings', {});
  void typed;
}
void typeChecks;
