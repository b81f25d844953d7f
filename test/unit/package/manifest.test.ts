import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { PRECOMPILED_GROUPS, SHIPPED_VERSIONS } from '../../../src/core/schema/officialSchema';

const root = join(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian). */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', `${file} is a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the marketplace metadata is complete', () => {
  assert.match(pkg.icon, /\.png$/, 'the marketplace needs a PNG icon, not an SVG');
  assert.deepEqual(pngSize(join(root, pkg.icon)), { width: 128, height: 128 });
  assert.match(pkg.repository?.url, /^https:\/\/github\.com\/[^/]+\/[^/]+\.git$/);
  assert.match(pkg.bugs?.url, /^https:\/\//);
  assert.match(pkg.homepage, /^https:\/\//);
  assert.ok(Array.isArray(pkg.keywords) && pkg.keywords.length > 0 && pkg.keywords.length <= 30, 'keywords: 1 to 30 (the marketplace limit)');
  assert.match(pkg.galleryBanner?.color, /^#[0-9a-f]{6}$/i);
  assert.ok(['dark', 'light'].includes(pkg.galleryBanner?.theme));
});

test('the changelog has an entry for the version being packaged', () => {
  const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  assert.ok(changelog.split('\n').includes(`## ${pkg.version}`), `CHANGELOG.md has "## ${pkg.version}"`);
});

test('vsce ships only the bundles, media, schemas, syntaxes and documents', () => {
  const vsce = join(root, 'node_modules', '.bin', 'vsce');
  const listed = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((line) => line !== '')
    .sort();
  // The bundles exist only after a build; whatever of dist/ ships must be bundled JavaScript.
  const bundles = listed.filter((file) => file.startsWith('dist/'));
  for (const file of bundles) assert.match(file, /^dist\/([\w/-]+\.js|official\/[\d-]+\.json)$/, `${file}: no source maps, VSIX or stray build output`);
  // The official schemas and their precompiled validators ship beside the bundles (without the
  // validators every Start compiles again; without a schema its version is never validated).
  if (bundles.includes('dist/extension.js')) {
    for (const version of SHIPPED_VERSIONS) {
      for (const group of PRECOMPILED_GROUPS) assert.ok(bundles.includes(`dist/validators/${version}-${group}.js`), `${version}-${group}`);
      assert.ok(bundles.includes(`dist/official/${version}.json`), `official/${version}.json`);
    }
  }
  assert.deepEqual(
    listed.filter((file) => !file.startsWith('dist/')),
    [
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'agents/mcp-lens.instructions.md',
      'docs/agents.md',
      'docs/architecture.md',
      'docs/ci.md',
      'docs/cli.md',
      'docs/conformance.md',
      'docs/dependencies.md',
      'docs/diagnostics.md',
      'docs/editor.md',
      'docs/evals.md',
      'docs/fuzz-load.md',
      'docs/hosts.md',
      'docs/performance.md',
      'docs/probes.md',
      'docs/recording.md',
      'docs/security.md',
      'docs/tests.md',
      'media/form.css',
      'media/icon/icon.png',
      'media/icon/icon.svg',
      'media/load.css',
      'media/mcp-lens.svg',
      'media/page.css',
      'media/preload/python/sitecustomize.py',
      'media/screenshots/dev-loop.png',
      'media/screenshots/evals.png',
      'media/screenshots/servers.png',
      'media/screenshots/walkthrough.png',
      'media/stderr.css',
      'media/walkthrough/add.md',
      'media/walkthrough/diagnose.md',
      'media/walkthrough/record.md',
      'media/walkthrough/run.md',
      'media/walkthrough/start.md',
      'package.json',
      'schemas/mcpeval.schema.json',
      'schemas/mcptest.schema.json',
      'syntaxes/mcp-trace.language-configuration.json',
      'syntaxes/mcp-trace.tmLanguage.json',
    ],
  );
});

test("the README's and docs' pictures are shipped screenshots of the real UI, each small", () => {
  // Each page's images, as paths from the root (docs/ pages link up with ../).
  const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
  // A picture shown on two pages (the README and its feature's page) ships once.
  const images = [...new Set(pages.flatMap((page) =>
    [...readFileSync(join(root, page), 'utf8').matchAll(/!\[[^\]]+\]\(([^)]+)\)/g)].map((m) => relative(root, join(root, dirname(page), m[1]!))),
  ))];
  assert.deepEqual(images.sort(), ['media/screenshots/dev-loop.png', 'media/screenshots/evals.png', 'media/screenshots/servers.png', 'media/screenshots/walkthrough.png']);
  for (const image of images) {
    // Drawn by the e2e run at the default window size (test/e2e/screenshots.ts copies them); a
    // picture may leave out the panel below (the whole width, the top of the window).
    const size = pngSize(join(root, image));
    assert.ok(size.width === 1400 && size.height > 400 && size.height <= 900, `${image}: ${JSON.stringify(size)}`);
    assert.ok(statSync(join(root, image)).size < 400 * 1024, `${image}: ${statSync(join(root, image)).size} bytes`);
  }
});

const vsix = join(root, 'dist', 'mcp-lens.vsix');
// 4.5 MiB: o200k_base's rank tables (token cost of tool definitions) weigh ~1 MiB compressed.
test('the packaged VSIX stays under 4.5 MiB', { skip: existsSync(vsix) ? false : 'no dist/mcp-lens.vsix: run npm run package' }, () => {
  assert.ok(statSync(vsix).size < 4.5 * 1024 * 1024, `${statSync(vsix).size} bytes`);
});
