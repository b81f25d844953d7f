// `npm run screenshots`: copies the pictures of the real UI in README.md and docs/ from the last e2e run
// (test-results/e2e/<test>/NN-<step>.png) to media/screenshots/, reduced to 256 colours (no dithering) when
// ImageMagick is there (a few tens of KB each; they ship in the VSIX for the README and docs/editor.md).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDir, root } from '../harness/paths';

/** Picture (README.md, docs/editor.md, docs/evals.md) → the e2e test and step that draws it. */
const SCREENSHOTS: Record<string, { test: string; step: string }> = {
  'servers.png': { test: 'start weather from the Servers view', step: 'weather-running-with-tools' },
  'walkthrough.png': { test: 'walkthrough: add a server from its first step, start it from the second', step: 'walkthrough' },
  'dev-loop.png': { test: 'dev loop: diff after save', step: 'lens-after-restart' },
  'evals.png': { test: 'evals: Test Explorer with a scripted model', step: 'eval-explorer' },
};

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
const out = join(root, 'media', 'screenshots');
mkdirSync(out, { recursive: true });
const missing: string[] = [];
for (const [file, { test, step }] of Object.entries(SCREENSHOTS)) {
  const dir = join(resultsDir, 'e2e', slug(test));
  const shot = existsSync(dir) ? readdirSync(dir).find((f) => f.replace(/^\d+-/, '') === `${step}.png`) : undefined;
  if (!shot) {
    missing.push(`${file}: run the e2e test "${test}" first (node --import tsx test/e2e/run.ts --grep "${test}")`);
    continue;
  }
  // Without dithering: the UI's flat colours need none, and its noise doubles a picture's weight.
  const reduced = spawnSync('convert', [join(dir, shot), '-dither', 'None', '-colors', '256', `PNG8:${join(out, file)}`]);
  if (reduced.status !== 0) copyFileSync(join(dir, shot), join(out, file));
  console.log(`${file} ← ${join(dir, shot)}`);
}
if (missing.length) {
  console.error(missing.join('\n'));
  process.exit(1);
}
