/**
 * Apps Script's daily quotas are not network errors: nothing is retried against them, nothing
 * counts as sent, and the calls left fail at once with a sentence naming the quota.
 */
import { HubClient } from '../../../src/api/client';
import { QuotaError } from '../../../src/core/kernel/errors';
import { documentProperties } from '../../../src/platform/properties';
import { urlFetchTransport } from '../../../src/platform/transport';
import { FakeClock, FakeTransport } from '../../support/transport';

describe('the daily UrlFetch quota', () => {
  test('the client neither retries nor counts requests Apps Script refused, and fails the rest at once', () => {
    let calls = 0;
    const transport = new FakeTransport(() => {
      calls++;
      return { fail: 'quota' };
    });
    const client = new HubClient({
      baseUrl: 'https://hub.example.com',
      token: 'tok_long_enough_123',
      transport,
      clock: new FakeClock(),
      concurrency: 2,
    });
    const batches = client.updateStock(Array.from({ length: 250 }, (_, i) => ({ sku: `S${i}`, quantity: 1 })));
    expect(calls).toBe(2); // one fetchAll round of 2, then nothing more is tried
    expect(client.stats.requests).toBe(0);
    expect(client.stats.retries).toBe(0);
    for (const b of batches) {
      expect(b.outcome.ok).toBe(false);
      if (!b.outcome.ok) {
        expect(b.outcome.error.kind).toBe('quota');
        expect(b.outcome.error.transient).toBe(false);
        expect(b.outcome.error.message).toMatch(/daily quota of UrlFetch calls.*resets it 24 hours after the first call of the day/);
      }
    }
  });

  test("the platform transport reads Apps Script's exception as the quota, not as the network", () => {
    (globalThis as Record<string, unknown>).UrlFetchApp = {
      fetchAll: () => {
        throw new Error('Exception: Service invoked too many times for one day: urlfetch.');
      },
    };
    try {
      const [r] = urlFetchTransport().fetchAll([{ method: 'get', url: 'https://hub.example.com/x', headers: {} }]);
      expect(r).toMatchObject({ ok: false, kind: 'quota' });
    } finally {
      delete (globalThis as Record<string, unknown>).UrlFetchApp;
    }
  });
});

describe('the daily Properties quota', () => {
  test('becomes a QuotaError saying which quota and when it resets', () => {
    const refuse = () => {
      throw new Error('Exception: Service invoked too many times for one day: properties.');
    };
    (globalThis as Record<string, unknown>).PropertiesService = {
      getDocumentProperties: () => ({ getProperty: refuse, setProperty: refuse, deleteProperty: refuse, getProperties: refuse }),
    };
    try {
      const store = documentProperties();
      expect(() => store.get('x')).toThrow(QuotaError);
      expect(() => store.set('x', 'y')).toThrow(/daily quota of property reads and writes.*24 hours after the first call/);
    } finally {
      delete (globalThis as Record<string, unknown>).PropertiesService;
    }
  });

  test('other property errors pass through as they are', () => {
    (globalThis as Record<string, unknown>).PropertiesService = {
      getDocumentProperties: () => ({
        getProperty: () => {
          throw new Error('Argument too large: value');
        },
      }),
    };
    try {
      expect(() => documentProperties().get('x')).toThrow('Argument too large: value');
    } finally {
      delete (globalThis as Record<string, unknown>).PropertiesService;
    }
  });
});

describe('a full property store', () => {
  function fakeProperties(limit: number) {
    const data: Record<string, string> = {};
    const size = (): number => Object.entries(data).reduce((n, [k, v]) => n + k.length + v.length, 0);
    return {
      data,
      getProperty: (k: string) => data[k] ?? null,
      getProperties: () => ({ ...data }),
      deleteProperty: (k: string) => {
        delete data[k];
      },
      setProperty: (k: string, v: string) => {
        const before = data[k];
        data[k] = v;
        if (size() > limit) {
          if (before === undefined) delete data[k];
          else data[k] = before;
          throw new Error('You have exceeded the property storage quota. Please remove some properties and try again.');
        }
      },
    };
  }

  test('what runs leave behind is cleared and the write is tried again', () => {
    const props = fakeProperties(100);
    props.data['pushJournal.0.0'] = 'x'.repeat(60);
    props.data.settings = '{}';
    (globalThis as Record<string, unknown>).PropertiesService = { getDocumentProperties: () => props };
    try {
      documentProperties().set('pushRun', 'y'.repeat(40));
      expect(props.data.pushRun).toHaveLength(40);
      expect(props.data['pushJournal.0.0']).toBeUndefined();
      expect(props.data.settings).toBe('{}');
    } finally {
      delete (globalThis as Record<string, unknown>).PropertiesService;
    }
  });

  test('when it still does not fit, the seller is told what happened and what to do', () => {
    const props = fakeProperties(50);
    props.data.settings = 's'.repeat(40);
    (globalThis as Record<string, unknown>).PropertiesService = { getDocumentProperties: () => props };
    try {
      expect(() => documentProperties().set('pushRun', 'y'.repeat(40))).toThrow(/Hub Sync storage .* is full.*Try again/);
      expect(props.data.settings).toHaveLength(40);
    } finally {
      delete (globalThis as Record<string, unknown>).PropertiesService;
    }
  });
});
