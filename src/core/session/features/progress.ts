import type { JsonRpcNotification } from '../../wire/message';
import type { Exchange } from '../exchange';
import type { Progress } from '../pendingRequests';
import type { ClientFeature } from './feature';

/**
 * notifications/progress: a request that asked for progress (its `_meta.progressToken`, set by
 * the exchange) hears each one, and its timeout restarts, bounded by its deadline.
 */
export class ProgressFeature implements ClientFeature {
  constructor(private readonly exchange: Exchange) {}

  handleNotification(msg: JsonRpcNotification): void {
    if (msg.method !== 'notifications/progress') return;
    const params = msg.params;
    const token = params?.progressToken;
    if ((typeof token !== 'number' && typeof token !== 'string') || typeof params?.progress !== 'number') return;
    const p: Progress = { progress: params.progress };
    if (typeof params.total === 'number') p.total = params.total;
    if (typeof params.message === 'string') p.message = params.message;
    this.exchange.progress(token, p);
  }
}
