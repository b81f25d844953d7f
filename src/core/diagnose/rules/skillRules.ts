import type { Rule } from '../rule';
import { probeRule } from './probeVerdict';
import { skillEntryInvalid } from './skillEntryInvalid';

/**
 * The MCP Skills extension's rules (SEP-2640, docs/diagnostics.md): the entries of every
 * skills/list and skills/get answer, and the verdicts of the `skills` probe of `check`
 * (src/core/probe/skills.ts), each with the stage and severity of its row.
 */
export const SKILL_RULES: readonly Rule[] = [
  skillEntryInvalid,
  probeRule('skills-capability-invalid', 'negotiation', 'error'),
  probeRule('skills-method-failed', 'negotiation', 'error'),
  probeRule('skills-list-invalid', 'flow', 'error'),
  probeRule('skill-unknown-answered', 'invocation', 'error'),
  probeRule('skill-file-mismatch', 'invocation', 'error'),
  probeRule('skill-manifest-metadata', 'invocation', 'warning'),
  probeRule('skill-directory-invalid', 'invocation', 'error'),
];
