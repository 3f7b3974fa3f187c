import { loadRuntime } from '../../dev/gas-runtime';

const BUNDLE = `
function who() {
  return [Session.getActiveUser().getEmail(), Session.getEffectiveUser().getEmail(), Session.getTemporaryActiveUserKey()];
}
function onOpen(e) { PropertiesService.getDocumentProperties().setProperty('openedBy', '[' + e.user.getEmail() + ']'); }
function later() { ScriptApp.newTrigger('inTrigger').timeBased().after(1000).create(); }
function inTrigger() { PropertiesService.getDocumentProperties().setProperty('trigger', JSON.stringify(who())); }
`;
const DAY = 86_400_000;

describe('Session: hidden emails and the temporary active user key', () => {
  it('shows emails by default', () => {
    const rt = loadRuntime({ bundle: BUNDLE, user: 'ana@example.com' });
    expect((rt.call('who') as string[]).slice(0, 2)).toEqual(['ana@example.com', 'ana@example.com']);
  });

  it('hides the active and effective user email everywhere with hiddenEmails, in calls, onOpen and triggers', () => {
    const rt = loadRuntime({ bundle: BUNDLE, user: 'ana@example.com', hiddenEmails: true, deployment: 'container' });
    const [active, effective, key] = rt.call('who') as string[];
    expect([active, effective]).toEqual(['', '']);
    expect(key).toMatch(/^[\w-]{20,}$/);
    expect(key).not.toContain('ana');
    rt.open();
    expect(rt.properties('document').openedBy).toBe('[]');
    rt.call('later');
    rt.advance(2000);
    expect(JSON.parse(rt.properties('document').trigger)).toEqual(['', '', key]);
  });

  it('hides one user only with forUser(email, { hideEmail: true })', () => {
    const rt = loadRuntime({ bundle: BUNDLE, user: 'ana@example.com' });
    const ben = rt.forUser('ben@gmail.com', { hideEmail: true });
    expect((rt.call('who') as string[])[0]).toBe('ana@example.com');
    expect((ben.call('who') as string[]).slice(0, 2)).toEqual(['', '']);
  });

  it('gives each user their own temporary key, the same for 30 days, then a new one', () => {
    // Periods start at multiples of 30 days since the epoch: start just after a rotation.
    const start = Math.ceil(Date.UTC(2026, 0, 1) / (30 * DAY)) * 30 * DAY + 1000;
    const rt = loadRuntime({ bundle: BUNDLE, user: 'ana@example.com', hiddenEmails: true, now: start });
    const ben = rt.forUser('ben@example.com');
    const key = (r: typeof rt) => (r.call('who') as string[])[2];
    const first = key(rt);
    expect(key(ben)).not.toBe(first);
    rt.advance(29 * DAY);
    expect(key(rt)).toBe(first);
    rt.advance(2 * DAY);
    const second = key(rt);
    expect(second).not.toBe(first);
    rt.advance(30 * DAY);
    expect(key(rt)).not.toBe(second);
  });
});
