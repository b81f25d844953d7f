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

export type Validators = Record<string, ValidateFunction>;

export function requirePrecompiled(version: string, group: string): Validators | undefined {
  const file = `${version}-${group}.js`;
  for (const dir of [join(__dirname, 'validators'), join(__dirname, 'precompiled')]) {
    const path = join(dir, file);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    if (existsSync(path)) return require(path) as Validators;
  }
  return undefined;
}
