/**
 * Approvals: the requests waiting for a second editor, from the sidebar's state. Another editor's
 * request can be shown (its preview read again from the hub), then approved and pushed, or
 * declined; one's own can be withdrawn.
 */
import type { ApprovalListed } from '../../../core/preview/approvals/request';
import { reviewSummary } from '../../../core/preview/approvals/summary';
import { h, isBusy, setBusy, setChildren, show } from '../../dom';
import { formatDateTime } from '../../format';
import { callResult, errorMessage } from '../../server';
import type { PushRunner } from './run';
import { panelSheet } from './sheet';

export interface ApprovalsPanel {
  node: HTMLElement;
  /** Shows the requests the state lists (a reviewed one keeps what its review said). */
  update(requests: readonly ApprovalListed[]): void;
}

export function createApprovals(error: HTMLElement, run: PushRunner): ApprovalsPanel {
  const list = h('div', { id: 'approvals-list' });
  const node = h('div', { id: 'approvals', hidden: true }, h('h3', {}, 'Approvals'), list);
  /** What a review said, by request, until the request goes. */
  const reviewed = new Map<string, string[]>();
  let shown: readonly ApprovalListed[] = [];

  async function act(button: HTMLButtonElement, busy: string, work: () => Promise<void>): Promise<void> {
    if (isBusy(button) || run.running()) return;
    error.textContent = '';
    setBusy(button, true, busy);
    try {
      await work();
    } catch (e) {
      error.textContent = errorMessage(e);
    } finally {
      setBusy(button, false);
    }
  }

  function item(r: ApprovalListed): HTMLElement {
    const showButton = h('button', { type: 'button', class: 'approval-show' }, 'Show the request');
    const approve = h('button', { type: 'button', class: 'primary approval-approve' }, 'Approve and push');
    const drop = h('button', { type: 'button', class: 'approval-drop' }, r.mine ? 'Withdraw' : 'Decline');
    showButton.addEventListener(
      'click',
      () =>
        void act(showButton, 'Reading the hub\u2026', async () => {
          reviewed.set(r.id, reviewSummary(await callResult('reviewApproval', r.id, panelSheet())));
          render();
        }),
    );
    approve.addEventListener('click', () => {
      if (run.running()) return;
      reviewed.delete(r.id);
      void run.drive({ kind: 'approve', id: r.id });
    });
    drop.addEventListener(
      'click',
      () =>
        void act(drop, r.mine ? 'Withdrawing\u2026' : 'Declining\u2026', async () => {
          update(await callResult('dropApproval', r.id));
        }),
    );
    const said = reviewed.get(r.id) ?? [];
    // Offered once the request was read again from the hub here: the approver sees what they approve.
    show(approve, !r.mine && reviewed.has(r.id));
    return h(
      'div',
      { class: 'approval', 'data-id': r.id },
      h('p', { class: 'approval-title' }, h('strong', {}, r.title)),
      h(
        'p',
        {},
        `${r.values.toLocaleString('en-US')} value${r.values === 1 ? '' : 's'} on ${r.rows.toLocaleString('en-US')} row${r.rows === 1 ? '' : 's'}; asked ${formatDateTime(r.askedAt)}, expires ${formatDateTime(r.expiresAt)}.`,
      ),
      h('p', {}, `Held by: ${r.held.join('; ')}${r.heldCount > r.held.length ? `; and ${r.heldCount - r.held.length} more` : ''}.`),
      said.map((line) => h('p', { class: 'approval-review' }, line)),
      h('div', { class: 'actions' }, showButton, approve, drop),
    );
  }

  function render(): void {
    setChildren(list, shown.map(item));
    show(node, shown.length > 0);
  }

  function update(requests: readonly ApprovalListed[]): void {
    // The same list again (a poll): what is shown, and the focus, stay.
    if (JSON.stringify(requests) === JSON.stringify(shown)) return;
    shown = requests;
    for (const id of [...reviewed.keys()]) if (!requests.some((r) => r.id === id)) reviewed.delete(id);
    render();
  }

  return { node, update };
}
