import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

test('the walkthrough: add, start, run a tool, read a diagnostic, record from another host', () => {
  const [walkthrough] = pkg.contributes.walkthroughs;
  assert.deepEqual(walkthrough.steps.map((s: { id: string }) => s.id), ['add', 'start', 'run', 'diagnose', 'record']);
  const commands = new Set(pkg.contributes.commands.map((c: { command: string }) => c.command));
  for (const step of walkthrough.steps as { id: string; description: string; media: { markdown: string }; completionEvents: string[] }[]) {
    assert.ok(existsSync(join(root, step.media.markdown)), `${step.id}: ${step.media.markdown} exists`);
    // Every button and completion event names a command the extension contributes.
    const named = [...step.description.matchAll(/\(command:([\w.]+)\)/g)].map((m) => m[1]);
    assert.ok(named.length > 0, `${step.id} has a button`);
    for (const event of step.completionEvents) named.push(event.replace(/^onCommand:/, ''));
    for (const command of named) assert.ok(commands.has(command), `${step.id}: ${command} is contributed`);
  }
});
