/**
 * Hostile review of the add-on's list of spreadsheets with background work (user properties,
 * read by the hourly run): an entry damaged by hand or written by another version must not
 * stop every operation of the user, nor silently end the background work.
 */
import { useHub } from '../../support/hub';
import { ordersSettings } from '../orders-helpers';
import { unwrap } from '../../support/results';

const KEY = 'background.documents';

describe('add-on: a damaged entry in the list of spreadsheets', () => {
  const env = useHub({ target: 'addon', settings: { orders: ordersSettings() } });

  test('an entry without its "due" list is repaired by the next operation, and the hourly run still comes', () => {
    unwrap(env.call('setOrdersSchedule', 60));
    const [doc] = JSON.parse(env.rt.properties('user')[KEY]) as Array<{ id: string; name: string }>;
    env.rt.setProperty('user', KEY, JSON.stringify([{ id: doc.id, name: doc.name }]));
    expect(env.call('getSidebarState')).toMatchObject({ ok: true });
    unwrap(env.call('setOrdersSchedule', 60));
    const list = JSON.parse(env.rt.properties('user')[KEY]) as Array<{ id: string; due: string[] }>;
    expect(list).toEqual([expect.objectContaining({ id: doc.id, due: ['order import every 60 min'] })]);
    expect(env.rt.triggers()).toHaveLength(1);
  });
});
