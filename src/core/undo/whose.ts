/**
 * Whose push an undo takes back. By default the seller's own last push: a colleague's push made
 * after it is not theirs to take back by accident. The latest push by anyone is an explicit choice,
 * and its confirmation names who made it. Pure.
 */
import type { KeptPush } from './history';

export type Whose = 'mine' | 'anyone';

/** A push recorded under the seller's user key; one whose maker Google did not say is nobody's own. */
export function isMine(push: Pick<KeptPush, 'byKey'>, me: string): boolean {
  return push.byKey !== '' && push.byKey === me;
}

/** Who made a push, as the seller reads it: "you", the maker's e-mail, or "another editor" when Google did not say. */
export function madeBy(push: Pick<KeptPush, 'by' | 'byKey'>, me: string): string {
  return isMine(push, me) ? 'you' : push.by || 'another editor';
}

/** The latest push of the stock sheet: the seller's own, or anyone's; null when there is none. */
export function pushToUndo(pushes: readonly KeptPush[], sheet: string, whose: Whose, me: string): KeptPush | null {
  const candidates = pushes.filter((p) => p.sheet === sheet && (whose === 'anyone' || isMine(p, me)));
  return candidates[candidates.length - 1] ?? null;
}
