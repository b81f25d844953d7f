/** DESIGN.md §4: the stage a failing session failed in. */
export type Stage = 'transport' | 'framing' | 'initialization' | 'negotiation' | 'invocation' | 'envelope' | 'flow' | 'authorization';

export type Severity = 'error' | 'warning' | 'info';

/**
 * The rules the probes of `check` judge (DESIGN.md §9), each one verdict a probe records; see
 * src/core/probe/probe.ts and src/core/diagnose/rules/probeVerdict.ts.
 */
export const PROBE_RULE_IDS = [
  'ping-failed',
  'logging-level-refused',
  'completion-invalid',
  'resource-read-failed',
  'unknown-resource-answered',
  'prompt-get-failed',
  'subscribe-refused',
  'result-type-missing',
  'caching-hint-invalid',
  'input-required-misplaced',
  'era-difference',
  'task-request-mishandled',
  'session-id-invalid',
  'session-not-required',
  'session-not-terminated',
  'unknown-session-accepted',
  'origin-not-validated',
  'host-not-validated',
  'get-stream-invalid',
  'resume-failed',
  'header-mismatch-accepted',
  'request-meta-mishandled',
  'unsupported-version-mishandled',
  'unknown-method-mishandled',
  'probe-failed',
] as const;

/**
 * The MCP Skills extension (SEP-2640): what the `skills` probe of `check` judges, and
 * skill-entry-invalid, a trace rule over every skills/list and skills/get answer.
 */
export const SKILL_PROBE_RULE_IDS = [
  'skills-capability-invalid',
  'skills-method-failed',
  'skills-list-invalid',
  'skill-unknown-answered',
  'skill-file-mismatch',
  'skill-manifest-metadata',
  'skill-directory-invalid',
] as const;
export const SKILL_RULE_IDS = ['skill-entry-invalid', ...SKILL_PROBE_RULE_IDS] as const;

export type ProbeRule = (typeof PROBE_RULE_IDS)[number] | (typeof SKILL_PROBE_RULE_IDS)[number];

/** The catalogue's rule ids. They are a contract: tests, CLI JSON and docs use them. */
export const RULE_IDS = [
  'spawn-failed',
  'exited-early',
  'crashed',
  'no-response',
  'stray-stdout',
  'glued-output',
  'multiline-json',
  'not-jsonrpc',
  'partial-line',
  'invalid-utf8',
  'request-before-initialize',
  'missing-initialized',
  'version-mismatch',
  'unsupported-version',
  'missing-meta',
  'no-discover',
  // The server asks back (elicitation, sampling, roots): a capability refused or never declared
  'missing-client-capability',
  'undeclared-client-capability',
  'undeclared-capability',
  'capability-not-declared',
  'invalid-params',
  'tool-error',
  'domain-error-as-protocol-error',
  'output-schema-mismatch',
  // Seen most often under fuzzing (mcp-lens fuzz), true of any session
  'invalid-input-accepted',
  'error-leaks-internals',
  'url-elicitation-required',
  // MCP Apps: a tool's ui:// interface, from the host bridge's lane
  'app-resource-invalid',
  'app-csp-violation',
  'app-unknown-tool',
  'app-not-initialized',
  'app-protocol-violation',
  // Names a person cannot read or tell apart (an addition to DESIGN.md §4)
  'tool-name-invalid',
  'look-alike-names',
  // 2026-07-28 subscriptions/listen streams: what was not asked for, what came before the acknowledgement
  'unrequested-notification',
  'unknown-response-id',
  'duplicate-response',
  'null-id',
  'result-and-error',
  'reply-to-notification',
  'schema-violation',
  // 2026-07-28 multi-round-trip results the client cannot complete
  'input-required-malformed',
  // The tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks)
  'task-envelope-invalid',
  'task-outcome-invalid',
  'task-ack-invalid',
  'task-lost',
  'task-status-regressed',
  'task-result-undeclared',
  'tasks-capability-invalid',
  'unknown-input-request',
  'progress-not-increasing',
  'message-after-cancel',
  'notification-before-acknowledged',
  'pagination-loop',
  'input-repeated',
  'input-retry-accepted',
  'timeout',
  // Measured across a run MCP Lens drives (fuzz, load): the server's memory between the calls
  'memory-growth',
  'latency-growth',
  // Streamable HTTP (transport, except error-in-200: an envelope fault)
  'http-unreachable',
  'http-status',
  'session-expired',
  'connection-reset',
  'http-redirect',
  'http-headers-oversize',
  'sse-no-event',
  // Bounds on what a Streamable HTTP answer may hold (framing)
  'http-body-oversize',
  'json-too-deep',
  'invalid-tool-header',
  'error-in-200',
  // The HTTP+SSE transport of 2024-11-05
  'sse-endpoint-invalid',
  'sse-stream-closed',
  // The MCP authorization flow (OAuth 2.1), one rule per step that can fail
  'auth-metadata',
  'auth-issuer-mismatch',
  'auth-pkce-unsupported',
  'auth-registration',
  'auth-state-mismatch',
  'auth-token',
  'auth-resource-mismatch',
  'auth-insufficient-scope',
  'auth-dpop-nonce',
  'auth-token-exchange',
  'auth-assertion',
  ...PROBE_RULE_IDS,
  ...SKILL_RULE_IDS,
] as const;

export type RuleId = (typeof RULE_IDS)[number];

export interface Diagnostic {
  rule: RuleId;
  severity: Severity;
  stage: Stage;
  /** What happened, in plain words, naming the concrete values seen. */
  message: string;
  /** seq numbers of the events that prove it, the proving (often earlier) one first. */
  evidence: number[];
  /** Whether retrying can help: only a transport failure can. */
  retry: boolean;
  /** What to do about it. */
  hint: string;
}
