import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { anchors, brokenLinks, reachable, slug } from './markdownLinks';

const root = join(__dirname, '..', '..', '..');
const pages = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => `docs/${name}`);

test('every relative link and image in README.md and docs/*.md points at a file and heading that exist', () => {
  assert.ok(pages.length >= 10, `docs/ has ${pages.length} pages`);
  assert.deepEqual(brokenLinks(root, ['README.md', ...pages]), []);
});

test('every docs page can be reached from the README by following links', () => {
  const seen = reachable(root, 'README.md');
  assert.deepEqual(pages.filter((page) => !seen.has(page)), []);
  assert.ok(seen.has('docs/probes.md'));
});

test('each docs page starts with what a reader can do with it', () => {
  for (const page of pages) {
    const [title, blank, first] = readFileSync(join(root, page), 'utf8').split('\n');
    assert.match(title!, /^# \S/, `${page}: a title first`);
    assert.equal(blank, '', page);
    assert.match(first!, /^Use this page to /, `${page}: "${first}"`);
  }
});

test('anchors follow GitHub: lowercase, punctuation dropped except - and _, spaces to -, repeats numbered', () => {
  assert.equal(slug('The CLI: commands and exit codes'), 'the-cli-commands-and-exit-codes');
  assert.equal(slug('Exit codes and the `--json` report'), 'exit-codes-and-the---json-report');
  assert.equal(slug('Hot-reload proxy: `mcp-lens record --watch`'), 'hot-reload-proxy-mcp-lens-record---watch');
  assert.equal(slug('What `snake_case` means (2025-11-25)'), 'what-snake_case-means-2025-11-25');
  assert.equal(slug('Tool definitions MCP Lens recognises'), 'tool-definitions-mcp-lens-recognises');
  assert.deepEqual([...anchors('# Usage\n\n## Usage\n\n```sh\n# not a heading\n```\n## Usage')], ['usage', 'usage-1', 'usage-2']);
});

test('a broken file link, a missing anchor and a link out of the repository are each reported; external links and code are not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-links-'));
  try {
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'page.md'), '# A page\n\n## Exit codes\n');
    writeFileSync(
      join(dir, 'README.md'),
      [
        '# Readme',
        '[fine](docs/page.md#exit-codes) [here](#readme) ![pic](docs/page.md) [web](https://example.com/missing.md)',
        '[gone](docs/gone.md)',
        '[no heading](docs/page.md#exit-code)',
        '[no heading here](#nowhere)',
        '[outside](../elsewhere.md)',
        '`[in code](docs/none.md)`',
        '```md',
        '[in a fence](docs/none.md)',
        '```',
      ].join('\n'),
    );
    assert.deepEqual(brokenLinks(dir, ['README.md', 'docs/page.md']), [
      'README.md:3: docs/gone.md: no file docs/gone.md',
      'README.md:4: docs/page.md#exit-code: no heading with the anchor #exit-code in docs/page.md',
      'README.md:5: #nowhere: no heading with the anchor #nowhere in README.md',
      'README.md:6: ../elsewhere.md: points outside the repository',
    ]);
    assert.deepEqual([...reachable(dir, 'README.md')].sort(), ['README.md', 'docs/page.md']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
