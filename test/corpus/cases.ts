// The fault corpus: each case is one `--fault` of a corpus fixture, the official conformance
// suite's server scenario that must fail on it (exactly the checks named, and nothing on the clean
// control), and what MCP Lens must report on the same server.
// Checks: the ids the suite writes to checks.json. Rules: the MCP Lens rule ids (docs of the rules).

export type Fixture = 'legacy' | 'modern' | 'skills' | 'tasks';
export type Transport = 'http' | 'stdio';

export interface CorpusCase {
  /** The fixture's `--fault` name. */
  fault: string;
  /**
   * legacy: the v1 SDK, 2025-11-25, sessions; modern: the v2 SDK, 2026-07-28, stateless;
   * skills: the v2 SDK's Skills extension; tasks: a hand-written 2026-07-28 server with the
   * tasks extension (no SDK implements it yet).
   */
  fixture: Fixture;
  scenario: string;
  /** The suite's checks that fail (FAILURE or WARNING) on this fault, and no other. */
  suiteFails: string[];
  /** The MCP Lens command before the server (`check`, or a call that reaches the fault). */
  command: string[];
  /** The rule MCP Lens must report, at warning or error. */
  rule: string;
  /** Where MCP Lens is run: over Streamable HTTP always; over stdio too where the fault is not HTTP's. */
  transports: Transport[];
  /** The command's exit code on the clean control: 0, or 1 for a tool that fails by design (failing_job's isError). */
  controlExit?: number;
}

const both: Transport[] = ['http', 'stdio'];
const http: Transport[] = ['http'];

const legacy = (fault: string, scenario: string, suiteFails: string[], command: string[], rule: string, transports = both, controlExit = 0): CorpusCase => ({
  fault,
  fixture: 'legacy',
  scenario,
  suiteFails,
  command,
  rule,
  transports,
  ...(controlExit ? { controlExit } : {}),
});
const modern = (fault: string, scenario: string, suiteFails: string[], rule: string): CorpusCase => ({
  fault,
  fixture: 'modern',
  scenario,
  suiteFails,
  command: ['check'],
  rule,
  transports: http,
});

/** A tasks-extension case: the hand-written task server over HTTP, the command that reaches its fault. */
const tasks = (fault: string, scenario: string, suiteFails: string[], command: string[], rule: string, controlExit = 0): CorpusCase => ({
  fault,
  fixture: 'tasks',
  scenario,
  suiteFails,
  command,
  rule,
  transports: http,
  ...(controlExit ? { controlExit } : {}),
});

const check = ['check'];
const asTask = (tool: string, args = '{}', ...answers: string[]): string[] => ['call', tool, '--task', '--args', args, ...answers];
const SLOW = asTask('slow_compute', '{"seconds":1}');
const CONFIRM = asTask('confirm_delete', '{"filename":"a.txt"}', '--elicit', 'accept:{"confirm":true}');
const call = (tool: string): string[] => ['call', tool];
const WIRE = 'wire-schema-valid';

export const CASES: readonly CorpusCase[] = [
  // Lifecycle and transport (2025-11-25, Streamable HTTP with sessions).
  legacy('server-info-no-version', 'server-initialize', ['server-initialize', WIRE], check, 'schema-violation'),
  legacy('session-id-space', 'server-initialize', ['server-session-id-visible-ascii'], check, 'session-id-invalid', http),
  legacy('session-not-terminated', 'server-session-lifecycle', ['server-session-terminated-returns-404'], check, 'session-not-terminated', http),
  legacy('dns-rebinding-unprotected', 'dns-rebinding-protection', ['localhost-host-rebinding-rejected'], check, 'host-not-validated', http),
  // Utilities.
  legacy('ping-error', 'ping', ['ping'], check, 'ping-failed'),
  legacy('logging-refused', 'logging-set-level', ['logging-set-level'], check, 'logging-level-refused'),
  legacy('completion-bad-shape', 'completion-complete', ['completion-complete', WIRE], check, 'completion-invalid'),
  // Tools: the list is checked by `check`; a result only a call reaches, by `call`.
  legacy('tool-name-invalid', 'tools-list', ['tools-name-format'], check, 'tool-name-invalid'),
  legacy('tool-text-missing', 'tools-call-simple-text', ['tools-call-simple-text', WIRE], call('test_simple_text'), 'schema-violation'),
  legacy('tool-image-no-mimetype', 'tools-call-image', ['tools-call-image', WIRE], call('test_image_content'), 'schema-violation'),
  legacy('tool-audio-no-data', 'tools-call-audio', ['tools-call-audio', WIRE], call('test_audio_content'), 'schema-violation'),
  legacy('tool-embedded-no-uri', 'tools-call-embedded-resource', ['tools-call-embedded-resource', WIRE], call('test_embedded_resource'), 'schema-violation'),
  legacy('tool-mixed-resource-empty', 'tools-call-mixed-content', [WIRE], call('test_multiple_content_types'), 'schema-violation'),
  legacy('tool-logging-bad-level', 'tools-call-with-logging', ['tools-call-with-logging', WIRE], call('test_tool_with_logging'), 'schema-violation'),
  legacy('tool-error-as-protocol-error', 'tools-call-error', ['tools-call-error'], call('test_error_handling'), 'domain-error-as-protocol-error', both, 1),
  legacy('tool-progress-decreasing', 'tools-call-with-progress', ['tools-call-with-progress'], call('test_tool_with_progress'), 'progress-not-increasing'),
  // Resources.
  legacy('resources-list-no-uri', 'resources-list', ['resources-list', WIRE], check, 'schema-violation'),
  legacy('resource-text-no-uri', 'resources-read-text', ['resources-read-text', WIRE], check, 'schema-violation'),
  legacy('resource-blob-not-string', 'resources-read-binary', [WIRE], check, 'schema-violation'),
  legacy('template-read-no-uri', 'resources-templates-read', ['resources-templates-read', WIRE], ['read', 'test://template/{id}/data', '--var', 'id=42'], 'schema-violation'),
  legacy('subscribe-refused', 'resources-subscribe', ['resources-subscribe'], check, 'subscribe-refused'),
  legacy('unsubscribe-refused', 'resources-unsubscribe', ['resources-unsubscribe'], check, 'subscribe-refused'),
  // Prompts.
  legacy('prompts-list-no-name', 'prompts-list', ['prompts-list', WIRE], check, 'schema-violation'),
  legacy('prompt-simple-bad-role', 'prompts-get-simple', [WIRE], check, 'schema-violation'),
  legacy('prompt-args-no-type', 'prompts-get-with-args', [WIRE], ['prompt', 'test_prompt_with_arguments', '--arg', 'arg1=a', '--arg', 'arg2=b'], 'schema-violation'),
  legacy('prompt-embedded-no-text', 'prompts-get-embedded-resource', [WIRE], ['prompt', 'test_prompt_with_embedded_resource', '--arg', 'resourceUri=test://static-text'], 'schema-violation'),
  legacy('prompt-image-no-data', 'prompts-get-with-image', ['prompts-get-with-image', WIRE], check, 'schema-violation'),
  // 2026-07-28 (the v2 SDK, stateless).
  modern('unknown-resource-empty', 'sep-2164-resource-not-found', ['sep-2164-no-empty-contents', 'sep-2164-error-code', 'sep-2164-data-uri', WIRE], 'unknown-resource-answered'),
  modern('unknown-resource-old-code', 'sep-2164-resource-not-found', ['sep-2164-error-code'], 'unknown-resource-answered'),
  modern('unknown-resource-no-data-uri', 'sep-2164-resource-not-found', ['sep-2164-data-uri'], 'unknown-resource-answered'),
  modern('dns-rebinding-unprotected', 'dns-rebinding-protection', ['localhost-host-rebinding-rejected'], 'host-not-validated'),
  modern('headers-unchecked', 'http-header-validation', ['sep-2243-server-reject-error-code', 'sep-2243-server-reject-invalid-headers'], 'header-mismatch-accepted'),
  modern('protocol-version-header-unchecked', 'server-stateless', ['sep-2575-http-server-header-mismatch-400'], 'header-mismatch-accepted'),
  modern('meta-unchecked', 'server-stateless', ['sep-2575-request-meta-invalid-missing-meta', 'sep-2575-request-meta-invalid-missing-protocol-version', 'sep-2575-request-meta-invalid-missing-client-capabilities', 'sep-2575-http-server-meta-invalid-400'], 'request-meta-mishandled'),
  modern('client-info-required', 'server-stateless', ['sep-2575-request-meta-client-info-optional'], 'request-meta-mishandled'),
  modern('version-unchecked', 'server-stateless', ['sep-2575-server-unsupported-version-error', 'sep-2575-http-server-unsupported-version-400', 'sep-2575-http-server-header-mismatch-400'], 'unsupported-version-mishandled'),
  modern('unsupported-version-no-data', 'server-stateless', ['sep-2575-server-unsupported-version-error'], 'unsupported-version-mishandled'),
  modern('unknown-method-200', 'server-stateless', ['sep-2575-http-server-method-not-found-404-initialize', 'sep-2575-http-server-method-not-found-404-ping', 'sep-2575-http-server-method-not-found-404-logging-setlevel', 'sep-2575-http-server-method-not-found-404-resources-subscribe', 'sep-2575-http-server-method-not-found-404-resources-unsubscribe', 'sep-2575-http-server-method-not-found-404'], 'unknown-method-mishandled'),
  modern('ttl-negative', 'caching', ['sep-2549-ttl-non-negative', WIRE], 'caching-hint-invalid'),
  modern('cache-scope-invalid', 'caching', ['sep-2549-cache-scope-valid', WIRE], 'caching-hint-invalid'),
  modern('result-type-missing', 'caching', [WIRE], 'result-type-missing'),
  modern('input-required-on-list', 'input-required-result-unsupported-methods', ['sep-2322-not-on-unsupported-requests'], 'input-required-misplaced'),
  ...skillCases(),
  // The tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks, SEP-2663).
  tasks('legacy-capability-slot', 'tasks-capability-negotiation', ['tasks-extension-advertised'], check, 'tasks-capability-invalid'),
  tasks('task-for-undeclared', 'tasks-capability-negotiation', ['sep-2663-server-rejects-undeclared-client'], ['call', 'slow_compute', '--args', '{"seconds":0}'], 'task-result-undeclared'),
  tasks(
    'nested-task',
    'tasks-lifecycle',
    [
      'sep-2663-result-type-task-on-create',
      'sep-2663-tasks-get-status-working',
      'sep-2663-tasks-get-status-completed',
      'sep-2663-tool-error-uses-completed-status',
      'sep-2663-tasks-get-status-failed',
      'sep-2663-cancel-ack-empty-result',
      'tasks-cancel-terminal-idempotent-ack',
    ],
    SLOW,
    'task-envelope-invalid',
  ),
  tasks('legacy-field-names', 'tasks-wire-fields', ['tasks-wire-field-renames'], SLOW, 'task-envelope-invalid'),
  tasks('request-state-on-task', 'tasks-request-state-removal', ['tasks-create-result-no-request-state', 'tasks-get-detailed-no-request-state'], SLOW, 'task-envelope-invalid'),
  tasks('mrtr-state-leak', 'tasks-mrtr-composition', ['sep-2663-mrtr-synchronous-before-task-creation'], asTask('test_tool_with_task', '{}', '--elicit', 'accept:{"name":"Alice"}'), 'task-envelope-invalid'),
  tasks('result-not-inlined', 'tasks-lifecycle', ['sep-2663-tasks-get-status-completed', 'sep-2663-tool-error-uses-completed-status'], SLOW, 'task-outcome-invalid'),
  tasks('related-task-meta', 'tasks-wire-fields', ['tasks-no-related-task-meta-on-inlined-result'], SLOW, 'task-outcome-invalid'),
  tasks('tool-error-as-failed', 'tasks-lifecycle', ['sep-2663-tool-error-uses-completed-status'], asTask('failing_job'), 'task-outcome-invalid', 1),
  tasks('failed-without-error', 'tasks-lifecycle', ['sep-2663-tasks-get-status-failed'], asTask('protocol_error_job'), 'task-outcome-invalid', 1),
  tasks('input-required-empty', 'tasks-mrtr-input', ['sep-2663-tasks-get-status-input-required', 'tasks-mrtr-partial-fulfillment', 'tasks-mrtr-tasks-update-resumes'], CONFIRM, 'task-outcome-invalid'),
  tasks('update-ack-envelope', 'tasks-mrtr-input', ['tasks-mrtr-tasks-update-resumes'], CONFIRM, 'task-ack-invalid'),
  tasks('lost-after-create', 'tasks-dispatch-and-envelope', ['sep-2663-durable-create-strong-consistency', 'tasks-result-type-complete-on-non-task-responses'], SLOW, 'task-lost'),
  tasks('result-type-missing-on-get', 'tasks-dispatch-and-envelope', ['tasks-result-type-complete-on-non-task-responses', WIRE], SLOW, 'result-type-missing'),
  // What no task run reaches: check's tasks probe asks it.
  tasks('tasks-result-kept', 'tasks-dispatch-and-envelope', ['sep-2663-tasks-result-removed-method-not-found'], check, 'task-request-mishandled'),
  tasks('tasks-list-kept', 'tasks-dispatch-and-envelope', ['tasks-removed-tasks-list'], check, 'task-request-mishandled'),
  tasks('unknown-task-wrong-code', 'tasks-dispatch-and-envelope', ['sep-2663-tasks-get-invalid-task-id-32602'], check, 'task-request-mishandled'),
  tasks('ungated-task-methods', 'tasks-capability-negotiation', ['sep-2663-tasks-methods-non-declaring'], check, 'task-request-mishandled'),
  tasks('task-name-header-ignored', 'tasks-request-headers', ['sep-2663-server-rejects-mismatched-mcp-name-on-tasks-get'], check, 'task-request-mishandled'),
];

// The MCP Skills extension (SEP-2640): the v2 SDK's SkillsExtension, 2026-07-28, one skill a
// page; the suite's sep-2640-skills-enumeration, -manifest and -directory scenarios prove each fault.
function skills(fault: string, scenario: 'enumeration' | 'manifest' | 'directory', suiteFails: string[], rule: string): CorpusCase {
  return { fault, fixture: 'skills', scenario: `sep-2640-skills-${scenario}`, suiteFails, command: ['check'], rule, transports: http };
}

function sep2640(checks: string[]): string[] {
  return checks.map((c) => `sep-2640-${c}`);
}

/** A function (hoisted): CASES above spreads it. */
function skillCases(): CorpusCase[] {
  return [
    skills('capability-envelope', 'enumeration', sep2640(['capability-declaration-inline']), 'skills-capability-invalid'),
    skills('capability-no-resources', 'enumeration', sep2640(['capability-requires-resources']), 'skills-capability-invalid'),
    skills('get-unimplemented', 'enumeration', sep2640(['capability-commits-to-methods', 'skills-get-implemented']), 'skills-method-failed'),
    skills('entry-no-resources', 'enumeration', sep2640(['entry-resources-required', 'skills-get-entry-shape']), 'skill-entry-invalid'),
    skills('digest-uppercase', 'enumeration', sep2640(['resources-digest-format']), 'skill-entry-invalid'),
    skills('name-mismatch', 'enumeration', sep2640(['entry-uri-matches-frontmatter-name']), 'skill-entry-invalid'),
    skills('get-cursor', 'enumeration', sep2640(['skills-get-no-cursor']), 'skill-entry-invalid'),
    skills('entry-split', 'enumeration', sep2640(['skills-list-entry-atomic', 'names-should-be-unique']), 'skills-list-invalid'),
    skills('unknown-skill-answered', 'enumeration', sep2640(['skills-get-unknown-uri-invalid-params']), 'skill-unknown-answered'),
    skills('frontmatter-differs', 'enumeration', sep2640(['entry-frontmatter-identical']), 'skill-file-mismatch'),
    skills('list-no-ttl', 'enumeration', sep2640(['skills-list-cache-attributes']), 'caching-hint-invalid'),
    skills('skillmd-plain-text', 'manifest', sep2640(['skillmd-mimetype']), 'skill-manifest-metadata'),
    skills('directory-unimplemented', 'directory', sep2640(['directory-read-method-registered', 'directory-read-result-resources-shape', 'directory-read-subdir-mimetype', 'directory-read-invalid-params', 'directory-read-pagination']), 'skill-directory-invalid'),
    skills('directory-subdir-plain', 'directory', sep2640(['directory-read-subdir-mimetype']), 'skill-directory-invalid'),
    skills('directory-file-accepted', 'directory', sep2640(['directory-read-invalid-params']), 'skill-directory-invalid'),
  ];
}
