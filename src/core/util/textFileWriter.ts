import * as fs from 'node:fs';
import { settled } from './ignored';

/**
 * A UTF-8 file written piece by piece from a long read (a whole trace, a server's whole
 * stderr): each write waits while the stream's buffer is full, so tens of megabytes never sit
 * in memory at once; a failed read removes the file, so nothing half-written looks whole.
 */
export class TextFileWriter {
  private readonly out: fs.WriteStream;
  private readonly done: Promise<void>;

  constructor(readonly file: string) {
    this.out = fs.createWriteStream(file, { encoding: 'utf8' });
    this.done = new Promise<void>((resolve, reject) => {
      this.out.on('finish', resolve);
      this.out.on('error', reject);
    });
    // Awaited by end(); a write error while the caller is still reading must not go unhandled.
    void settled(this.done);
  }

  async write(text: string): Promise<void> {
    if (text !== '' && !this.out.write(text))
      await Promise.race([new Promise<void>((resolve) => this.out.once('drain', () => resolve())), this.done]);
  }

  /** Flushes and closes; rejects with the stream's error (a full disk, a folder not writable). */
  async end(): Promise<void> {
    this.out.end();
    await this.done;
  }

  /** The read behind the file failed: the partial file is removed. */
  async abort(): Promise<void> {
    this.out.destroy();
    await fs.promises.rm(this.file, { force: true });
  }
}
