/**
 * The MCP Skills extension (SEP-2640, `io.modelcontextprotocol/skills`): its wire names and how
 * a server declares it. Spec: github.com/modelcontextprotocol/ext-skills,
 * specification/stable/skills.mdx ("Capability Negotiation", "Reservations").
 */
import { isRecord } from '../schema/isRecord';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
export const SKILLS_LIST = 'skills/list';
export const SKILLS_GET = 'skills/get';
export const SKILL_MD = 'SKILL.md';

/** "Resources per skill: 512 entries"; "Total file size per skill: 16 MiB (16,777,216 bytes)" (Limits). */
export const SKILL_LIMITS = { files: 512, bytes: 16 * 1024 * 1024 } as const;

/**
 * What the server's capabilities say about the extension: absent (the client calls nothing:
 * "Clients issue skills/list and skills/get only after observing the server's declaration"),
 * or the settings object as declared (which may be malformed: skillsDeclarationFaults).
 */
export function skillsDeclaration(capabilities: Record<string, unknown> | undefined): { value: unknown } | undefined {
  const extensions = capabilities?.extensions;
  if (!isRecord(extensions) || !(SKILLS_EXTENSION in extensions)) return undefined;
  return { value: extensions[SKILLS_EXTENSION] };
}

/** Keys of an extension "envelope" that SEP-2133 does not define: settings sit inline under the identifier. */
const ENVELOPE_KEYS = ['config', 'specVersion', 'stability', 'id'];

/**
 * What is wrong with a declaration (Capability Negotiation): "An empty object indicates support
 * for the extension with no optional features" (so a settings object it is, its settings inline,
 * `directoryRead` a boolean), and a server declaring it "MUST also declare the `resources`
 * capability".
 */
export function skillsDeclarationFaults(capabilities: Record<string, unknown>, value: unknown): string[] {
  const faults: string[] = [];
  if (!isRecord(value)) {
    faults.push(
      `capabilities.extensions["${SKILLS_EXTENSION}"] is ${kindOf(value)}, not a settings object ({} declares the extension with no optional features)`,
    );
  } else {
    const envelope = ENVELOPE_KEYS.filter((k) => k in value);
    if (envelope.length)
      faults.push(
        `capabilities.extensions["${SKILLS_EXTENSION}"] wraps its settings in ${envelope.map((k) => `"${k}"`).join(', ')}: the settings sit directly under the identifier`,
      );
    if ('directoryRead' in value && typeof value.directoryRead !== 'boolean')
      faults.push(`"directoryRead" is ${kindOf(value.directoryRead)}, not a boolean`);
  }
  if (!isRecord(capabilities.resources))
    faults.push('the server declares the skills extension but not the "resources" capability, through which skill files are read');
  return faults;
}

export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
