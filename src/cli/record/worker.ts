import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { RecorderMessage, RecorderReply } from './messages';
import { Recorder } from './recorder';

/** The recorder thread: handles messages in order, writes each batch once the queue is drained. */
export function runRecorderThread(fd: number): void {
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
  port.on('message', (batch: RecorderMessage[]) => {
    for (const m of batch) take(m);
  });
  function take(m: RecorderMessage): void {
    try {
      if (m.type === 'close') {
        recorder.flush();
        reply({ type: 'closed', events: recorder.count });
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
      reply({ type: 'failed', message: (error as Error).stack ?? String(error) });
    }
  }
}
