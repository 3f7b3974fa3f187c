import type { PushProgress } from '../../../src/core/pipeline/types';
import { runPushLoop, type PushApi } from '../../../src/client/push-loop';
import {
  fitScope,
  operationChoices,
  progressBar,
  progressRowsText,
  progressStatsText,
  pushAnnouncement,
  resumeText,
  scopeChoices,
} from '../../../src/client/views/push/text';

function progress(over: Partial<PushProgress> = {}): PushProgress {
  return {
    runId: 'r1',
    operation: 'stock',
    scope: 'all',
    total: 1000,
    done: 0,
    ok: 0,
    failed: 0,
    skipped: 0,
    requests: 0,
    retries: 0,
    finished: false,
    cancelled: false,
    message: '',
    continuesInBackground: false,
    ...over,
  };
}

/** A server that moves 500 rows per chunk; `onNext` runs while a chunk is "in flight". */
function fakeApi(onNext?: (chunk: number) => void): PushApi & { calls: string[] } {
  const calls: string[] = [];
  let done = 0;
  let chunk = 0;
  return {
    calls,
    async start(operation, scope) {
      calls.push(`start ${operation} ${scope}`);
      return progress({ operation, scope });
    },
    async startPreviewed(previewId) {
      calls.push(`previewed ${previewId}`);
      return progress({});
    },
    async startUndo(pushId, overwrite, newestId) {
      calls.push(`undo ${pushId} ${overwrite} ${newestId}`);
      return progress({});
    },
    async startRevert(target, overwrite, newestId) {
      calls.push(`revert ${target.push} ${target.sku ?? ''} ${overwrite} ${newestId}`);
      return progress({});
    },
    async startApproval(id) {
      calls.push(`approve ${id}`);
      return progress({});
    },
    async next(runId) {
      calls.push(`next ${runId}`);
      onNext?.(++chunk);
      done = Math.min(1000, done + 500);
      return progress({ done, ok: done, requests: done / 50, finished: done === 1000 });
    },
    async cancel(runId) {
      calls.push(`cancel ${runId}`);
      return progress({ done, ok: done, finished: true, cancelled: true, message: 'Cancelled by the user' });
    },
  };
}

describe('runPushLoop', () => {
  it('starts a push of previewed changes, an undo or a revert, by their own call, then continues alike', async () => {
    for (const [start, call] of [
      [{ kind: 'previewed', previewId: 'pv-1' }, 'previewed pv-1'],
      [{ kind: 'undo', pushId: 'push-9', overwrite: true, newestId: 'push-10' }, 'undo push-9 true push-10'],
      [
        { kind: 'revert', target: { push: 'push-3', sku: 'SKU-1' }, overwrite: false, newestId: 'push-10' },
        'revert push-3 SKU-1 false push-10',
      ],
    ] as const) {
      const api = fakeApi();
      const last = await runPushLoop(api, start, () => undefined).done;
      expect(api.calls).toEqual([call, 'next r1', 'next r1']);
      expect(last.finished).toBe(true);
    }
  });

  it('starts, then continues chunk by chunk until finished', async () => {
    const api = fakeApi();
    const seen: number[] = [];
    const last = await runPushLoop(api, { kind: 'new', operation: 'prices', scope: 'selected' }, (p) => seen.push(p.done)).done;
    expect(api.calls).toEqual(['start prices selected', 'next r1', 'next r1']);
    expect(seen).toEqual([0, 500, 1000]);
    expect(last.finished).toBe(true);
  });

  it('resumes a run by its id (no new start)', async () => {
    const api = fakeApi();
    await runPushLoop(api, { kind: 'resume', runId: 'r1' }, () => undefined).done;
    expect(api.calls).toEqual(['next r1', 'next r1']);
  });

  it('on Cancel, lets the chunk in flight finish, then cancels on the server', async () => {
    let loop: ReturnType<typeof runPushLoop> | null = null;
    const api = fakeApi((chunk) => {
      if (chunk === 1) loop?.cancel();
    });
    const seen: PushProgress[] = [];
    loop = runPushLoop(api, { kind: 'new', operation: 'stock', scope: 'all' }, (p) => seen.push(p));
    const last = await loop.done;
    expect(api.calls).toEqual(['start stock all', 'next r1', 'cancel r1']);
    expect(seen.map((p) => p.done)).toEqual([0, 500, 500]);
    expect(last.cancelled).toBe(true);
    expect(loop.cancelRequested).toBe(true);
  });

  it('needs no cancel call when the run finished in the same chunk', async () => {
    let loop: ReturnType<typeof runPushLoop> | null = null;
    const api = fakeApi((chunk) => {
      if (chunk === 2) loop?.cancel();
    });
    loop = runPushLoop(api, { kind: 'new', operation: 'stock', scope: 'all' }, () => undefined);
    await loop.done;
    expect(api.calls).toEqual(['start stock all', 'next r1', 'next r1']);
  });

  it('stops at the first error and reports it', async () => {
    const api = fakeApi();
    api.next = async () => {
      throw new Error('Timed out');
    };
    const seen: number[] = [];
    await expect(runPushLoop(api, { kind: 'new', operation: 'stock', scope: 'all' }, (p) => seen.push(p.done)).done).rejects.toThrow(
      'Timed out',
    );
    expect(seen).toEqual([0]);
  });

  it('ends at once when the start says there is nothing to send', async () => {
    const api = fakeApi();
    api.start = async () => progress({ total: 0, finished: true, message: 'nothing to send' });
    const last = await runPushLoop(api, { kind: 'new', operation: 'changes', scope: 'changed' }, () => undefined).done;
    expect(last.message).toBe('nothing to send');
    expect(api.calls).toEqual([]);
  });
});

describe('push choices', () => {
  it('offers every operation with its title', () => {
    expect(operationChoices().map((c) => c.value)).toEqual(['stock', 'prices', 'byChannel', 'erp', 'async', 'changes']);
    expect(operationChoices()[0].label).toBe('Push stock');
  });

  it('offers selected/changed/all, and only changed for Push changes', () => {
    expect(scopeChoices('stock').map((c) => c.value)).toEqual(['selected', 'changed', 'all']);
    expect(scopeChoices('stock')[0].label).toBe('Selected rows');
    expect(scopeChoices('changes').map((c) => c.value)).toEqual(['changed']);
  });

  it('keeps the scope when still offered', () => {
    expect(fitScope('prices', 'all')).toBe('all');
    expect(fitScope('changes', 'all')).toBe('changed');
  });
});

describe('progress text', () => {
  it('shows rows done / total with a percentage', () => {
    expect(progressRowsText({ done: 1200, total: 5000 })).toBe('1,200 / 5,000 rows \u00b7 24 %');
    expect(progressRowsText({ done: 0, total: 1 })).toBe('0 / 1 row \u00b7 0 %');
  });

  it('shows requests, retries and failures; skips only when any', () => {
    expect(progressStatsText({ requests: 3, retries: 1, failed: 2, skipped: 0 })).toBe('3 requests \u00b7 1 retry \u00b7 2 failed');
    expect(progressStatsText({ requests: 1, retries: 0, failed: 0, skipped: 4 })).toBe(
      '1 request \u00b7 0 retries \u00b7 0 failed \u00b7 4 skipped',
    );
  });

  it('gives the bar a sane value and max', () => {
    expect(progressBar({ done: 5, total: 10, finished: false })).toEqual({ value: 5, max: 10 });
    expect(progressBar({ done: 12, total: 10, finished: false })).toEqual({ value: 10, max: 10 });
    expect(progressBar({ done: 0, total: 0, finished: true })).toEqual({ value: 1, max: 1 });
  });

  it('offers resuming a run found on open', () => {
    expect(resumeText(progress({ done: 500 }))).toBe(
      'Push stock (all rows) has not finished: 500 of 1,000 rows done. Resume sends the rest; nothing already sent is sent again.',
    );
    expect(resumeText(progress({ continuesInBackground: true }))).toMatch(/continues in the background/);
  });
});

describe('what the status region announces (a few words, no counts)', () => {
  test('the start, each quarter passed once, then the outcome', () => {
    const chunks = [0, 100, 200, 300, 500, 700, 800, 900].map((done) => progress({ done }));
    const finished = progress({ done: 1000, finished: true, message: 'Push stock (all rows): 1,000 ok, 0 failed.' });
    const said: Array<string | null> = [];
    let previous: ReturnType<typeof progress> | null = null;
    for (const p of [...chunks, finished]) {
      said.push(pushAnnouncement(previous, p));
      previous = p;
    }
    expect(said).toEqual([
      'Push stock (all rows) started.',
      null,
      null,
      'A quarter done.',
      'Half done.',
      null,
      'Three quarters done.',
      null,
      'Push stock (all rows): 1,000 ok, 0 failed.',
    ]);
    for (const line of said.slice(0, -1)) expect(line ?? '').not.toMatch(/\d/);
  });

  test('a step skipped by a large chunk is said once; a run done in one call says only its outcome', () => {
    expect(pushAnnouncement(progress({ done: 100 }), progress({ done: 600 }))).toBe('Half done.');
    expect(pushAnnouncement(null, progress({ done: 1000, finished: true, message: 'Done.' }))).toBe('Done.');
    expect(pushAnnouncement(null, progress({ total: 0, finished: true, message: '' }))).toBe('Push stock (all rows) finished.');
    expect(pushAnnouncement(progress({ total: 0 }), progress({ total: 0 }))).toBeNull();
  });
});
