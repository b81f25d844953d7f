/** The CI reports against the schemas CI systems read: JUnit XML against junit-10, SARIF against 2.1.0. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';
import { ROOT } from './helpers';

const require = createRequire(import.meta.url);

export async function assertValidJunit(xml: string): Promise<void> {
  const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: xml }], schema: [{ fileName: 'junit.xsd', contents: readFileSync(join(ROOT, 'test/fixtures/schemas/junit.xsd'), 'utf8') }] });
  assert.deepEqual(result.errors, [], 'JUnit XML valid against the schema');
  assert.equal(result.valid, true);
}

export function assertValidSarif(log: unknown): void {
  // The official SARIF 2.1.0 schema, as @microsoft/jest-sarif ships it. It is draft-04, whose
  // only difference that matters to Ajv 8 here is the `id` keyword (no boolean exclusive bounds);
  // its `language` pattern has a stray "]" that only a non-Unicode RegExp accepts.
  const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  const validate = addFormats(new Ajv({ strict: false, allErrors: true, unicodeRegExp: false })).compile(schema);
  assert.equal(validate(log), true, JSON.stringify(validate.errors, null, 2));
}
