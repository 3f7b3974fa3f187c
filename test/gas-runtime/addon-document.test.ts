/**
 * An editor add-on's trigger belongs to the document it was created in, and "Add-on triggers stop
 * firing … if the add-on is disabled in a document (if it is re-enabled, the trigger becomes
 * operational again)" (https://developers.google.com/workspace/add-ons/concepts/editor-triggers,
 * restrictions).
 */
import { loadRuntime } from '../../dev/gas-runtime';

const HOUR = 3_600_000;
const BUNDLE = `
function arm() { return ScriptApp.newTrigger('tick').timeBased().everyHours(1).create().getUniqueId(); }
function tick() {
  var p = PropertiesService.getUserProperties();
  p.setProperty('ticks', String(Number(p.getProperty('ticks') || 0) + 1));
}
`;

describe('add-on triggers and the document they were created in', () => {
  test('do not fire while the add-on is disabled there, and fire again once it is re-enabled', () => {
    const rt = loadRuntime({ bundle: BUNDLE, deployment: 'addon' });
    const uid = rt.call('arm') as string;
    expect(rt.triggers()[0].documentId).toBe(rt.world.workbook.id);
    expect(rt.advance(HOUR).map((r) => r.ok)).toEqual([true]);

    rt.setAddonEnabled(false);
    const off = rt.advance(3 * HOUR);
    expect(off).toEqual([1, 2, 3].map(() => expect.objectContaining({ uid, ok: false, skipped: 'addon-disabled' })));
    expect(rt.properties('user').ticks).toBe('1');
    // Not run: no execution is recorded, and the trigger stays installed.
    expect(rt.executions().filter((x) => x.kind === 'trigger')).toHaveLength(1);
    expect(rt.triggers()).toHaveLength(1);

    rt.setAddonEnabled(true);
    expect(rt.advance(HOUR).map((r) => [r.ok, r.skipped])).toEqual([[true, undefined]]);
    expect(rt.properties('user').ticks).toBe('2');
  });

  test('a trigger created in another spreadsheet stops when the add-on is disabled there, not when it is here', () => {
    const rt = loadRuntime({ bundle: BUNDLE, deployment: 'addon' });
    const uid = rt.call('arm') as string;
    rt.setTriggerDocument(uid, 'spreadsheet-A');
    rt.setAddonEnabled(false); // here: not the trigger's document
    expect(rt.advance(HOUR).map((r) => r.ok)).toEqual([true]);
    rt.setAddonEnabled(false, 'spreadsheet-A');
    expect(rt.advance(HOUR).map((r) => r.skipped)).toEqual(['addon-disabled']);
  });

  test('a container-bound script has no add-on to disable: its triggers keep firing', () => {
    const rt = loadRuntime({ bundle: BUNDLE, deployment: 'container' });
    rt.call('arm');
    rt.setAddonEnabled(false);
    expect(rt.advance(HOUR).map((r) => r.ok)).toEqual([true]);
  });
});
