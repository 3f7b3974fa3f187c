/**
 * A hook: the layer that emits an event declares it and imports none of its subscribers; the
 * features above subscribe (core/wiring.ts, once per execution's bundle load). The push engine
 * says "results written", "run finished", "jobs created"; undo, alerts and jobs react.
 */
import type { Context } from './context';

export type Listener<E> = (ctx: Context, event: E) => void;

export class Hook<E> {
  private readonly listeners: Array<Listener<E>> = [];

  /** Adds a listener; the same one twice is kept once. */
  subscribe(listener: Listener<E>): void {
    if (!this.listeners.includes(listener)) this.listeners.push(listener);
  }

  /** Calls every listener in the order they subscribed; a listener's error is the emitter's. */
  emit(ctx: Context, event: E): void {
    for (const listener of this.listeners) listener(ctx, event);
  }
}
