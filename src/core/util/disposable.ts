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
  /**
   * The listeners as an array, made again after a change: fire() walks it by index, where a
   * Set's iterator was an object made on every fire (three per line of a flood).
   */
  private snapshot: Array<(v: T) => void> | undefined;
  private disposed = false;

  /** Subscribes; the returned Disposable unsubscribes. A bound method, so it can be handed out as `onX`. */
  readonly event = (listener: (v: T) => void): Disposable => {
    if (this.disposed) return toDisposable(() => undefined);
    // Wrap so that subscribing the same function twice yields two independent subscriptions.
    const wrapped = (v: T) => listener(v);
    this.listeners.add(wrapped);
    this.snapshot = undefined;
    return toDisposable(() => {
      this.listeners.delete(wrapped);
      this.snapshot = undefined;
    });
  };

  fire(v: T): void {
    const listeners = (this.snapshot ??= [...this.listeners]);
    for (let i = 0; i < listeners.length; i++) {
      // Changed while firing: as the Set's own iteration would, a listener removed meanwhile is skipped…
      if (this.snapshot !== listeners && !this.listeners.has(listeners[i]!)) continue;
      call(listeners[i]!, v);
    }
    // … and one added meanwhile is reached.
    if (this.snapshot !== listeners) for (const listener of this.listeners) if (!listeners.includes(listener)) call(listener, v);
  }

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  dispose(): void {
    this.disposed = true;
    this.listeners.clear();
    this.snapshot = undefined;
  }
}

function call<T>(listener: (v: T) => void, v: T): void {
  try {
    listener(v);
  } catch (err) {
    console.error('MCP Lens: an event listener threw', err);
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
