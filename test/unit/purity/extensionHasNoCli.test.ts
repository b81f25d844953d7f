import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { moduleReferences } from './moduleReferences';

// DESIGN.md §2: "Nothing in extension/ imports cli/." The editor and the CLI are two faces over
// one core; what both need lives in src/core (as checkRunning does), so neither drags the
// other's bundle, arguments or process exits into its own.
const SRC = fileURLToPath(new URL('../../../src', import.meta.url));

/** References from `extension` (a folder under `src`) into `src/cli`, by where the specifier resolves. */
function cliReferences(src: string) {
  const cli = join(src, 'cli') + sep;
  return moduleReferences(join(src, 'extension'), (specifier, file) => specifier.startsWith('.') && (resolve(dirname(file), specifier) + sep).startsWith(cli));
}

test('nothing under src/extension imports from src/cli', () => {
  assert.deepEqual(cliReferences(SRC), []);
});

const copies: string[] = [];
after(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

test('an import of src/cli planted under src/extension is caught, type-only and dynamic included; core and look-alike names are not', () => {
  const src = mkdtempSync(join(tmpdir(), 'mcp-lens-src-'));
  copies.push(src);
  for (const dir of ['extension/agentTools', 'cli/commands', 'core/agent', 'clients']) mkdirSync(join(src, dir), { recursive: true });
  const planted = {
    'extension/agentTools/value.ts': "import { checkRunning } from '../../cli/commands/checkRunning';\nexport const x = checkRunning;\n",
    'extension/typeOnly.ts': "import type { ServerTarget } from '../cli/serverTarget';\nexport type T = ServerTarget;\n",
    'extension/dynamic.ts': "export const load = () => import('../cli/main');\n",
    'extension/whole.ts': "export * from '../cli';\n",
  };
  const allowed = {
    'extension/core.ts': "import { checkRunning } from '../core/agent/checkRunning';\nexport const y = checkRunning;\n",
    'extension/lookAlike.ts': "import { z } from '../clients/z';\nexport const w = z;\n",
    'extension/mention.ts': "// import { x } from '../cli/main' would pull the CLI in\nexport const s = \"from '../cli/main'\";\n",
  };
  for (const [file, text] of Object.entries({ ...planted, ...allowed })) writeFileSync(join(src, file), text);
  const found = cliReferences(src);
  assert.deepEqual(found.map((f) => join('extension', f.file)).sort(), Object.keys(planted).map((f) => f.split('/').join(sep)).sort());
  assert.equal(found.find((f) => f.file.endsWith('value.ts'))!.line, 1);
});
