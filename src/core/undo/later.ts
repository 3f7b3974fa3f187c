/**
 * The values pushes made after the one undone set since: an undo never changes them (unless the
 * seller chooses to overwrite), whoever made that later push. A later push that set a value to what
 * the push undone set did not change it. The hub passes a general Quantity or Price on to every
 * channel: a later general value changed the channels' values too, and restoring a general value
 * would overwrite the channel values a later push set. Pure.
 */
import { splitValueKey } from '../../sheet';
import { PASSED_ON } from '../pipeline/dry-run/diff';
import type { UndoEntry, UndoPush } from './history';

/** A value a later push set: that push, as the seller reads it, and the value it set. */
export interface LaterChange {
  push: string;
  key: string;
  value: number;
}

interface Setting extends LaterChange {
  order: number;
}

/** What the later pushes set, by SKU (the row identity without one): each value key, and each field's channel values. */
export interface LaterIndex {
  values: ReadonlyMap<string, readonly Setting[]>;
  channels: ReadonlyMap<string, readonly Setting[]>;
}

const whoOf = (entry: UndoEntry): string => entry[1] ?? entry[0];

function add(map: Map<string, Setting[]>, key: string, setting: Setting): void {
  const list = map.get(key);
  if (list) list.push(setting);
  else map.set(key, [setting]);
}

/**
 * The index of what `later` (pushes after the one undone, oldest first) set. A push undone since
 * is left out: its undo put back the values it had changed (one that could not is caught by the
 * read of the hub: the hub no longer holds what the push undone set).
 */
export function laterIndex(later: readonly UndoPush[], name: (push: UndoPush) => string): LaterIndex {
  const values = new Map<string, Setting[]>();
  const channels = new Map<string, Setting[]>();
  later.forEach((push, order) => {
    if (push.undoneAt !== null) return;
    const pushName = name(push);
    for (const entry of push.entries) {
      const [, , key, , value] = entry;
      const setting = { order, push: pushName, key, value };
      add(values, `${whoOf(entry)}|${key}`, setting);
      const { field, channel } = splitValueKey(key);
      if (channel) add(channels, `${whoOf(entry)}|${field}`, setting);
    }
  });
  return { values, channels };
}

export const NO_LATER: LaterIndex = { values: new Map(), channels: new Map() };

/**
 * The latest value a later push set for the entry's value (or one it reaches or is reached by)
 * other than what the entry set — or any, when the hub never confirmed the entry's value (the later
 * push may be what set it); null when none.
 */
export function changedLater(index: LaterIndex, entry: UndoEntry): LaterChange | null {
  const [, , key, , after, , unconfirmed] = entry;
  const who = whoOf(entry);
  const { field, channel } = splitValueKey(key);
  const passedOn = PASSED_ON.includes(field);
  const candidates = [
    ...(index.values.get(`${who}|${key}`) ?? []),
    // A channel's value: a later general value of its field reached it.
    ...(channel && passedOn ? (index.values.get(`${who}|${field}`) ?? []) : []),
    // A general value: restoring it would reach the channel values a later push set.
    ...(!channel && passedOn ? (index.channels.get(`${who}|${field}`) ?? []) : []),
  ];
  let found: Setting | null = null;
  for (const s of candidates) if ((unconfirmed || s.value !== after) && (found === null || s.order > found.order)) found = s;
  return found && { push: found.push, key: found.key, value: found.value };
}
