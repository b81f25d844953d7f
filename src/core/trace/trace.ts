import { Emitter, type Disposable } from '../util/disposable';
import { now, type NewTraceEvent, type TraceEvent } from './event';

/** The ordered record of everything seen on one connection (DESIGN.md §3). */
export class Trace {
  private readonly list: TraceEvent[] = [];
  private readonly emitter = new Emitter<TraceEvent>();
  private nextSeq = 1;

  get events(): readonly TraceEvent[] {
    return this.list;
  }

  /** Numbers the event (seq from 1), stamps it unless it carries its own `t`, stores and announces it. */
  append(e: NewTraceEvent): TraceEvent {
    // Object.assign rather than rest/spread: this runs once per line of a 100 000-message flood.
    const event = Object.assign({ seq: this.nextSeq++, t: 0 }, e) as TraceEvent;
    event.t = e.t ?? now();
    this.list.push(event);
    this.emitter.fire(event);
    return event;
  }

  readonly onEvent = (listener: (e: TraceEvent) => void): Disposable => this.emitter.event(listener);

  dispose(): void {
    this.emitter.dispose();
  }
}
