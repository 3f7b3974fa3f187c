/**
 * The runtime's onDialog is synchronous: the add-on's ui.alert() returns the button pressed. In
 * the playground a person answers in the page, so the runtime thread posts the dialog and
 * blocks here (Atomics.wait) until the HTTP thread hands over the answer through a port.
 */
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { DialogAnswer, DialogRequest } from '../../gas-runtime/types';
import type { DialogReply, PendingDialog } from '../protocol';

/** Nobody answered for this long: the dialog is closed (CLOSE is a button of every ButtonSet). */
export const DIALOG_MAX_WAIT_MS = 30 * 60_000;
const SLICE_MS = 1000;

/** The onDialog callback: posts each dialog with `post` and waits for its answer on `port`. */
export function blockingDialogs(
  flag: Int32Array,
  port: MessagePort,
  post: (dialog: PendingDialog) => void,
): (req: DialogRequest) => DialogAnswer {
  let seq = 0;
  return (req) => {
    const id = ++seq;
    Atomics.store(flag, 0, 0);
    post({ ...req, id });
    const deadline = Date.now() + DIALOG_MAX_WAIT_MS;
    while (Date.now() < deadline) {
      Atomics.wait(flag, 0, 0, SLICE_MS);
      Atomics.store(flag, 0, 0);
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
        const reply = m.message as DialogReply;
        if (reply.id === id) return reply.answer;
      }
    }
    return 'CLOSE';
  };
}

/** The HTTP thread's side: hands an answer to the blocked runtime thread. */
export function answerDialog(flag: Int32Array, port: MessagePort, reply: DialogReply): void {
  port.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}
