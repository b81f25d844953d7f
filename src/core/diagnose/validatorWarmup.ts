/**
 * When a live session loads the official schemas' validators it has not needed yet: in the
 * waits of a Start, never between a request and its answer. Measured by `npm run bench`
 * ("Start to tools listed"):
 * - the era's remaining validators (officialSchema.warm) at the session's first idle moment
 *   once the era is known, not at the era itself: warm's first step requires the version's
 *   whole validator file (0.5–0.9 MB of code, 10–40 ms of the thread), which fell between
 *   `initialize` and its answer and was most of a Start's time to its tools listed;
 * - the legacy fallback's first validators while the server/discover probe waits for a
 *   server that is still starting: a legacy server's `initialize` needs them next.
 * A message that needs a validator before then still gets it, loaded on first use.
 */
import type { TraceEvent } from '../trace/event';
import { loadFirstValidators, warm } from '../schema/officialSchema';
import { isNotification, isRequest, isResponse } from '../wire/message';
import { idKey, type IdKey } from './context';
import { LEGACY_VERSIONS } from './versions';

/** The version a dual-era client offers in `initialize` when the probe finds a legacy server: the newest. */
const FALLBACK_VERSION = LEGACY_VERSIONS[LEGACY_VERSIONS.length - 1];

export interface WarmupLoads {
  warm(version: string): void;
  loadFirst(version: string): void;
}

const LOADS: WarmupLoads = { warm: (version) => void warm(version), loadFirst: loadFirstValidators };

export class ValidatorWarmup {
  /** The client's requests still waiting for their answer. */
  private readonly waiting = new Set<IdKey>();
  private version: string | undefined;
  private started = false;
  private queued = false;
  private probed = false;

  constructor(private readonly loads: WarmupLoads = LOADS) {}

  /** Follows one event of the session: its requests in flight, and its era's version once known. */
  see(e: TraceEvent): void {
    if (this.started) return;
    const msg = e.msg;
    if (e.dir === 'meta') {
      if (e.kind === 'era' && typeof e.info?.protocolVersion === 'string') this.version = e.info.protocolVersion;
      // A timed-out request (the era probe's answer is its silence) or one given up waits no more.
      else if (e.kind === 'timeout' || e.kind === 'cancelled') this.waiting.delete(idKey(e.info?.id));
      else return;
    } else if (e.dir === 'c2s' && isRequest(msg)) {
      if (msg.method === 'server/discover') this.duringProbe();
      // An open subscriptions/listen stream waits for as long as the session lasts: it is not work in flight.
      if (msg.method !== 'subscriptions/listen') this.waiting.add(idKey(msg.id));
    } else if (e.dir === 'c2s' && isNotification(msg) && msg.method === 'notifications/cancelled') {
      this.waiting.delete(idKey(msg.params?.requestId));
    } else if (e.dir === 's2c' && isResponse(msg)) {
      this.waiting.delete(idKey(msg.id));
    } else return;
    if (this.version !== undefined && this.waiting.size === 0) this.whenStillIdle();
  }

  /** After the probe's own line went out (and its own validators loaded): the server is starting. */
  private duringProbe(): void {
    if (this.probed) return;
    this.probed = true;
    setImmediate(() => this.loads.loadFirst(FALLBACK_VERSION));
  }

  /**
   * After this turn of the event loop: an answer's continuation (the next request of a Start:
   * initialized, tools/list, resources/list…) goes out first and keeps the session busy.
   */
  private whenStillIdle(): void {
    if (this.queued) return;
    this.queued = true;
    setImmediate(() => {
      this.queued = false;
      if (this.started || this.version === undefined || this.waiting.size > 0) return;
      this.started = true;
      this.waiting.clear();
      this.loads.warm(this.version);
    });
  }
}
