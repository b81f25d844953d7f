import assert from 'node:assert/strict';
import { dirname, join, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { moduleReferences } from './moduleReferences';

// docs/architecture.md: the arrows point down. src/core is what the CLI, the extension and the
// language server share; a core module that reached up into one of them would drag that
// room (its process exits, its vscode glue) into the others.
const SRC = fileURLToPath(new URL('../../../src', import.meta.url));
const ABOVE = ['cli', 'extension', 'languageServer'].map((room) => join(SRC, room) + sep);

test('nothing under src/core imports from src/cli, src/extension or src/languageServer', () => {
  const upward = moduleReferences(join(SRC, 'core'), (specifier, file) => {
    if (!specifier.startsWith('.')) return false;
    const target = resolve(dirname(file), specifier) + sep;
    return ABOVE.some((room) => target.startsWith(room));
  });
  assert.deepEqual(upward, []);
});
