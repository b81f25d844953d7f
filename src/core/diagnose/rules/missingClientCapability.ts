import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { describeRequest, quote } from '../describe';

/** What turns each client capability on in MCP Lens. */
const TURN_ON: Record<string, string> = {
  elicitation: 'give the CLI an --elicit answer (or run it on a terminal), or answer the form in the editor',
  sampling: 'give the CLI a --sample reply (or run it on a terminal), or answer as the model in the editor',
  roots: 'give the CLI a --root directory (the working directory by default)',
  'io.modelcontextprotocol/tasks': 'run the tool as a task (`mcp-lens call TOOL --task`, or Run as Task in the tool panel)',
};

/** 2026-07-28: "-32021 MissingRequiredClientCapability (`data.requiredCapabilities`)". */
export const missingClientCapability: Rule = {
  id: 'missing-client-capability',
  stage: 'initialization',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, _ctx, report) => {
    if (msg.error?.code !== -32021) return;
    const required = (msg.error.data as { requiredCapabilities?: unknown } | undefined)?.requiredCapabilities;
    // An extension is named by its identifier: data.requiredCapabilities.extensions["io.modelcontextprotocol/tasks"].
    const names =
      typeof required === 'object' && required !== null
        ? Object.entries(required).flatMap(([k, v]) => (k === 'extensions' && typeof v === 'object' && v !== null ? Object.keys(v) : [k]))
        : [];
    const named =
      names.length > 0 ? names.map((n) => `"${n}"`).join(', ') : 'a capability it does not name (data.requiredCapabilities is missing)';
    report({
      message: `The server refused ${describeRequest(r)} with -32021 ${quote(msg.error.message)}: it needs the client capability ${named}`,
      evidence: [r.seq, e.seq],
      hint:
        names.length > 0
          ? `Declare ${names.join(', ')} in clientCapabilities: ${names.map((n) => TURN_ON[n] ?? `an answer path for "${n}"`).join('; ')}.`
          : 'The server must name what it needs in error.data.requiredCapabilities (a ClientCapabilities object).',
    });
  }),
};
