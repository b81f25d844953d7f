export interface Disposable {
  dispose(): void;
}

export function toDisposable(fn: () => void): Disposable {
  let done = false;
  return {
    dispose() {
      if (done) return;
      done = true;
      fn();
    },
  };
}

/**
 * A typed event source. Listeners are isolated: one that throws is reported on the
 * console and never stops the others from hearing the event (as vscode-jsonrpc's Emitter).
 */
export class Emitter<T> {
  private listeners = new Set<(v: T) => void>();
  private disposed = false;

  /** Subscribes; the returned Disposable unsubscribes. A bound method, so it can be handed out as `onX`. */
  readonly event = (listener: (v: T) => void): Disposable => {
    if (this.disposed) return toDisposable(() => undefined);
    // Wrap so that subscribing the same function twice yields two independent subscriptions.
    const wrapped = (v: T) => listener(v);
    this.listeners.add(wrapped);
    return toDisposable(() => this.listeners.delete(wrapped));
  };

  fire(v: T): void {
    for (const listener of this.listeners) {
      try {
        listener(v);
      } catch (err) {
        console.error('MCP Lens: an event listener threw', err);
      }
    }
  }

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
  }
}

/** Collects disposables of one lifetime; adding to a store that is already disposed disposes at once. */
export class DisposableStore implements Disposable {
  private items = new Set<Disposable>();
  private disposed = false;

  add<D extends Disposable>(d: D): D {
    if (this.disposed) d.dispose();
    else this.items.add(d);
    return d;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const d of this.items) {
      try {
        d.dispose();
      } catch (err) {
        console.error('MCP Lens: dispose threw', err);
      }
    }
    this.items.clear();
  }
}
