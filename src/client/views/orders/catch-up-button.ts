/**
 * Catch up: reads the import's backlog at the hub's rate while the sidebar is open (the add-on's
 * schedule is hourly). While it runs, the same button stops it after the call in flight.
 */
import { catchUpText, runCatchUp, type CatchUpStep } from '../../catch-up';
import { h } from '../../dom';
import { callResult, errorMessage } from '../../server';
import { serverNow } from '../../state';
import type { OrdersStatusView } from './text';

export interface CatchUpButton {
  /** The button and its progress line. */
  nodes: HTMLElement[];
  /** Offers the button while there is a backlog (and keeps it while a catch-up runs). */
  offer(backlog: boolean): void;
}

/**
 * `render` shows each import's status; `error` takes a failure; `backlog` says whether the
 * status last shown has one; `afterAction` refreshes the sidebar when the catch-up ends.
 */
export function createCatchUp(
  render: (status: OrdersStatusView) => void,
  error: HTMLElement,
  backlog: () => boolean,
  afterAction: () => Promise<void>,
): CatchUpButton {
  const button = h('button', { id: 'orders-catch-up', type: 'button', hidden: true }, 'Catch up');
  const line = h('p', { id: 'orders-catch-up-progress', role: 'status', 'aria-live': 'polite' });
  let catchUp: ReturnType<typeof runCatchUp> | null = null;
  button.addEventListener('click', () => {
    if (catchUp) {
      catchUp.stop();
      button.textContent = 'Stopping\u2026';
      button.setAttribute('disabled', '');
      return;
    }
    error.textContent = '';
    button.textContent = 'Stop catching up';
    catchUp = runCatchUp(
      {
        importOnce: async () => {
          const answer: CatchUpStep = await callResult('runOrderImport');
          render(answer.status);
          return answer;
        },
        now: serverNow,
        sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
      },
      (p) => {
        line.textContent = catchUpText(p, serverNow());
      },
    );
    catchUp.done
      .catch((e: unknown) => {
        error.textContent = errorMessage(e);
      })
      .finally(() => {
        catchUp = null;
        button.textContent = 'Catch up';
        button.removeAttribute('disabled');
        button.hidden = !backlog();
        void afterAction();
      });
  });
  return {
    nodes: [button, line],
    offer(has) {
      button.hidden = !has && catchUp === null;
    },
  };
}
