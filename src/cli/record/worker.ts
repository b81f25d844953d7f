import { setPriority } from 'node:os';
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
  const recorder = new Recorder(fd);
  // On Linux a thread has its own nice value (setpriority on the calling thread). When cores
  // are scarce the relay, the server and the host go first; the recorder catches up later.
  try {
    setPriority(19);
  } catch {
    // Not permitted here: the recorder then competes at normal priority.
  }
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
