import { parentPort, workerData } from 'node:worker_threads';
import type { RecorderBatch, RecorderMessage, RecorderReply } from './messages';
import { unpackBatch } from './batch';
import { Backlog } from './backlog';
import { Recorder } from './recorder';

/**
 * The recorder thread, bundled on its own (dist/recorder.js): it starts while the host's
 * first messages are relayed, and compiling the whole CLI bundle again here took a core from
 * the relay for a quarter of a second. Handles messages in order once a burst is over (Backlog),
 * writes once a batch is handled.
 */
function runRecorderThread(fd: number): void {
  const port = parentPort;
  if (!port) throw new Error('the recorder runs in a worker thread');
  // At the proxy's own priority. It ran at nice 19 once, to let the relay go first: on a busy
  // machine it then got next to no CPU, and the proxy's exit waited on it for a minute (CI: 0.7 s
  // of work, 60 s). A host ends a server that slow to exit, and the trace's end is lost. On an
  // idle machine the bench could not tell the two apart.
  const recorder = new Recorder(fd);
  let flushScheduled = false;
  const reply = (r: RecorderReply) => port.postMessage(r);
  const failed = (error: Error) => reply({ type: 'failed', message: error.stack ?? String(error) });
  const backlog = new Backlog((batch) => {
    for (const m of unpackBatch(batch)) take(m);
  });
  port.on('message', (batch: RecorderBatch) => backlog.add(batch));
  function take(m: RecorderMessage): void {
    try {
      if (m.type === 'close') {
        void recorder.drained().then((error) => {
          if (error) failed(error);
          reply({ type: 'closed', events: recorder.count });
        });
        return;
      }
      recorder.handle(m);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(() => {
          flushScheduled = false;
          recorder.flush();
        });
      }
    } catch (error) {
      failed(error as Error);
    }
  }
}

runRecorderThread((workerData as { fd: number }).fd);
