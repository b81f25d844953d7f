import { AgentInputError, line } from '../../core/agent/bounds';
import { HeldSession, type SessionSpec } from './heldSession';

/** The named sessions of one `mcp-lens mcp` run; all of them end with it. */
export class Sessions {
  private readonly byName = new Map<string, HeldSession>();

  constructor(private readonly timeoutMs: number) {}

  get all(): HeldSession[] {
    return [...this.byName.values()];
  }

  get(name: unknown): HeldSession {
    if (typeof name !== 'string' || name === '') throw new AgentInputError('"name" is required: the session name given to start_server.');
    const found = this.byName.get(name);
    if (found) return found;
    const names = [...this.byName.keys()].map((n) => line(n, 80));
    throw new AgentInputError(
      `No session named ${JSON.stringify(line(name, 80))}. ${names.length ? `Sessions: ${names.join(', ')}.` : 'None yet: start one with start_server.'}`,
    );
  }

  /** A new session, or the stopped one of that name with a new command line. */
  async start(name: string, spec: SessionSpec): Promise<HeldSession> {
    const existing = this.byName.get(name);
    if (existing && (existing.state.kind === 'running' || existing.state.kind === 'starting')) {
      throw new AgentInputError(
        `"${name}" is already running; use restart_server to restart it, or stop_server first to start it with another command.`,
      );
    }
    const session = new HeldSession(name, spec, this.timeoutMs);
    this.byName.set(name, session);
    await session.start();
    return session;
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.all.map((s) => s.stop()));
  }
}
