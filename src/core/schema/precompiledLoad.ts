/**
 * The official schemas' validators precompiled at build time (scripts/precompileSchemas.ts),
 * one file per protocol version and group, required on first use: bundled into neither the
 * extension nor the CLI, whose start would parse megabytes of validators no session needs yet.
 * Bundled, they are dist/validators/<version>-<group>.js beside the bundle that runs; from the
 * sources (tests, scripts) the generated files themselves. None found: ajv compiles at run time.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';

/**
 * A group's validators by key (see officialSchema.ts keyFor), and the definition each key's
 * messages are checked against (e.g. 'q:tools/call' → 'CallToolRequest'): with both, a Start
 * checks and names its first messages without reading the official schema itself.
 */
export interface Precompiled {
  validators: Record<string, ValidateFunction>;
  definitions: Record<string, string>;
}

export function requirePrecompiled(version: string, group: string): Precompiled | undefined {
  const file = `${version}-${group}.js`;
  for (const dir of [join(__dirname, 'validators'), join(__dirname, 'precompiled')]) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { definitions, ...validators } = require(path) as Record<string, unknown>;
    return { validators: validators as Precompiled['validators'], definitions: definitions as Precompiled['definitions'] };
  }
  return undefined;
}
