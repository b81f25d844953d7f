import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { NODE, ROOT } from './helpers';

export interface ModelDouble {
  /** The double's OpenAI-compatible endpoint, for --base-url. */
  baseUrl: string;
  stop(): void;
}

/** Starts the scripted chat-completions double (test/fixtures/models/scriptedChat.mjs), a real child process. */
export async function startModelDouble(env: Record<string, string> = {}): Promise<ModelDouble> {
  const child: ChildProcessWithoutNullStreams = spawn(NODE, [join(ROOT, 'test', 'fixtures', 'models', 'scriptedChat.mjs')], { env: { ...process.env, ...env }, stdio: 'pipe' });
  const first = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the model double exited (${code})`)));
  });
  return { baseUrl: `http://127.0.0.1:${(JSON.parse(first) as { port: number }).port}/v1`, stop: () => child.stdin.end() };
}
