/** The live poll on the page: the server's stamps, the sidebar's state, the page's visibility and timers. */
import { LIVE_SECTIONS } from '../core/kernel/live';
import { startLivePoll, type LivePoll } from './live';
import { callResult } from './server';
import { refreshSections, shownRevisions } from './state';

/** Starts the poll; coming back into view, or the seller moving between the sidebar and the sheet, polls soon. */
export function keepLive(): LivePoll {
  const poll = startLivePoll(LIVE_SECTIONS, {
    revisions: () => callResult('getSidebarRevisions'),
    seen: shownRevisions,
    refetch: refreshSections,
    visible: () => document.visibilityState !== 'hidden',
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') poll.soon();
  });
  // Leaving the sidebar for the sheet or its menu is when a change made elsewhere is most likely next.
  window.addEventListener('blur', () => poll.soon());
  // Back in the sidebar the seller may be on another tab: the Push section names the sheet it pushes.
  window.addEventListener('focus', () => {
    poll.soon();
    refreshSections(['push']).catch(() => undefined);
  });
  return poll;
}
