/**
 * The add-on's hourly walk over the user's spreadsheets (core/background/every-document.ts),
 * over fake ports: the order, the share of one execution's 6 minutes, a spreadsheet that cannot
 * be opened (dropped after several hours in a row, with a notice), one that fails (the others
 * still run), and the trigger removed with the last spreadsheet.
 */
import { readDocuments, rememberDocument, OPEN_FAILURES_BEFORE_DROP } from '../../../../src/core/background/documents';
import { runEveryDocument, type EveryDocumentPorts } from '../../../../src/core/background/every-document';
import { BACKGROUND_HANDLER } from '../../../../src/core/background/trigger';
import { readNotices } from '../../../../src/core/kernel/notices';
import type { Ports } from '../../../../src/core/kernel/ports';
import { FakeClock, fakeContext, fakeScheduler, HOUR, MIN, memoryStore, T0, type FakeScheduler } from '../../../support/ports';

interface Walk {
  ports: EveryDocumentPorts & { scheduler: FakeScheduler };
  clock: FakeClock;
  /** Spreadsheet ids in the order their work ran. */
  ran: string[];
  /** Ids that cannot be opened. */
  gone: Set<string>;
  run(work?: (id: string) => void): void;
}

function walk(ids: string[]): Walk {
  const users = memoryStore();
  const clock = new FakeClock(T0);
  ids.forEach((id, i) => rememberDocument(users, { id, name: `Shop ${id}`, due: ['order import every 60 min'] }, T0 - (ids.length - i)));
  const scheduler = fakeScheduler();
  scheduler.every(BACKGROUND_HANDLER, 60);
  const gone = new Set<string>();
  const opened = new Map<Ports, string>();
  const w: Walk = {
    clock,
    ran: [],
    gone,
    ports: {
      users,
      clock,
      scheduler,
      open: (id) => {
        if (gone.has(id)) throw new Error('Requested entity was not found.');
        const { ports } = fakeContext({ clock, now: clock.now() });
        opened.set(ports, id);
        return ports;
      },
    },
    run: (work = () => {}) =>
      runEveryDocument(w.ports, (ctx) => {
        const id = opened.get(ctx.ports) as string;
        w.ran.push(id);
        work(id);
      }),
  };
  return w;
}

describe("the add-on's hourly walk over the user's spreadsheets", () => {
  test('each spreadsheet in turn, the one that waited longest first; each run is recorded', () => {
    const w = walk(['a', 'b', 'c']);
    w.run();
    expect(w.ran).toEqual(['a', 'b', 'c']);
    expect(readDocuments(w.ports.users).map((d) => d.lastRunAt)).toEqual([T0, T0, T0]);
  });

  test('no spreadsheet is started with less than 2 of the 6 minutes left; those left go first next hour', () => {
    const w = walk(['a', 'b', 'c']);
    w.run(() => w.clock.advance(2.5 * MIN));
    // a at 0, b at 2.5 min; c would start at 5 min, past 4.
    expect(w.ran).toEqual(['a', 'b']);
    w.clock.advance(HOUR);
    w.ran.length = 0;
    w.run(() => w.clock.advance(2.5 * MIN));
    expect(w.ran).toEqual(['c', 'a']);
  });

  test('a spreadsheet that cannot be opened is kept through a passing outage, dropped with a notice after several hours in a row', () => {
    const w = walk(['a', 'b']);
    w.gone.add('a');
    for (let hour = 1; hour < OPEN_FAILURES_BEFORE_DROP; hour++) {
      w.run();
      w.clock.advance(HOUR);
    }
    expect(readDocuments(w.ports.users).map((d) => d.id)).toEqual(['a', 'b']);
    expect(readNotices(w.ports.users)).toEqual([]);
    w.run();
    expect(readDocuments(w.ports.users).map((d) => d.id)).toEqual(['b']);
    expect(readNotices(w.ports.users)).toEqual([
      expect.stringMatching(
        `"Shop a" stopped: it could not be opened ${OPEN_FAILURES_BEFORE_DROP} hours in a row \\(Requested entity was not found.\\)`,
      ),
    ]);
    // b ran every hour meanwhile.
    expect(w.ran).toEqual(Array(OPEN_FAILURES_BEFORE_DROP).fill('b'));
  });

  test('work that fails in one spreadsheet is said in a notice; the others still run', () => {
    const w = walk(['a', 'b']);
    w.run((id) => {
      if (id === 'a') throw new Error('The Log sheet is protected');
    });
    expect(w.ran).toEqual(['a', 'b']);
    expect(readNotices(w.ports.users)).toEqual([expect.stringMatching(/"Shop a" failed: .*The Log sheet is protected/)]);
  });

  test('the trigger goes with the last spreadsheet of the list, and stays while one is left', () => {
    const w = walk(['a', 'b']);
    w.gone.add('a');
    for (let hour = 0; hour < OPEN_FAILURES_BEFORE_DROP; hour++) {
      w.run();
      w.clock.advance(HOUR);
    }
    expect(w.ports.scheduler.list(BACKGROUND_HANDLER)).toHaveLength(1);
    w.gone.add('b');
    for (let hour = 0; hour < OPEN_FAILURES_BEFORE_DROP; hour++) {
      w.run();
      w.clock.advance(HOUR);
    }
    expect(readDocuments(w.ports.users)).toEqual([]);
    expect(w.ports.scheduler.list(BACKGROUND_HANDLER)).toEqual([]);
  });
});
