import type { Diagnostic } from '../diagnose/diagnostic';
import { line } from './bounds';
import { diagnosticsText } from './diagnosticsText';
import type { McpClient } from '../session/client';
import type { TraceEvent } from '../trace/event';
import { probeLists, withoutProbeAnswers } from '../probe/listProbe';

export interface RunningServer {
  name: string;
  client: McpClient;
  /** The diagnostics of its run, read after the probes. */
  diagnostics(): readonly Diagnostic[];
  event(seq: number): TraceEvent | undefined;
  /** Its state as the caller describes servers. */
  status(): string;
}

/**
 * `check` for an agent, on a server that is already running: every list (declared or not),
 * a resource read, then PASSED or FAILED with every diagnostic of the run. The VS Code
 * tool and `mcp-lens mcp` both answer with this text.
 */
export async function checkRunning(server: RunningServer, timeoutMs: number): Promise<string> {
  const probed = await probeLists(server.client, timeoutMs);
  const diagnostics = withoutProbeAnswers([...server.diagnostics()], server.client.trace.events);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const verdict =
    errors > 0 || probed.failures.length > 0 ? `FAILED: ${errors} error-severity diagnostic(s)` : 'PASSED: no error-severity diagnostic';
  const sections = [`check ${server.name}: ${verdict}`, server.status()];
  if (probed.failures.length) sections.push(`failures:\n${probed.failures.map((f) => `- ${line(f, 500)}`).join('\n')}`);
  if (probed.notes.length) sections.push(`notes:\n${probed.notes.map((n) => `- ${line(n, 500)}`).join('\n')}`);
  sections.push(diagnosticsText(diagnostics, (seq) => server.event(seq)));
  return sections.join('\n\n');
}
