import { exitSentence } from '../core/diagnose/exitStory';
import { Disposable } from './lifecycle';
import type { Log } from './log';
import type { ServerRegistry } from './serverRegistry';
import { say, showError, showWarning } from './shown';

/** A server that dies (or ends on its own) while running is news: say so, with the way to its stderr. */
export class CrashNotifier extends Disposable {
  constructor(registry: ServerRegistry, log: Log) {
    super();
    const previous = new Map<string, string>();
    this.register(
      registry.onDidChange((entry) => {
        if (!entry) return;
        const before = previous.get(entry.key);
        previous.set(entry.key, entry.state.kind);
        const state = entry.state;
        if (state.kind !== 'crashed' || before === 'crashed') return;
        if (state.stderrTail.length) log.error(`[${entry.name}] last stderr lines:\n${state.stderrTail.map((l) => `    ${l}`).join('\n')}`);
        const details = 'Show Details';
        // A clean exit on its own ended the session ("The server MAY initiate shutdown"): news, not a failure.
        const show = state.code === 0 && state.signal === null ? showWarning : showError;
        void show(say`MCP Lens: "${entry.name}" ${exitSentence(state)}`, details).then((choice) => choice === details && log.show());
      }),
    );
  }
}
