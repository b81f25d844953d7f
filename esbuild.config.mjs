// Bundles the four entry points. `--production` minifies; `--watch` rebuilds.
// A failed build exits non-zero (the process's exit code is what CI reads).
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints errors in the `file:line:col: error: text` form VS Code's $esbuild matcher reads. */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => {
      if (watch) console.log('[watch] build started');
    });
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch) console.log('[watch] build finished');
    });
  },
};

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'silent',
  plugins: [problemMatcher],
};

// 'module' first: jsonc-parser's UMD main requires './impl/*' at run time, which a bundle cannot resolve.
const node = { ...common, platform: 'node', format: 'cjs', target: 'node20', mainFields: ['module', 'main'] };

// The official schemas' validators as code (git-ignored, made here): no ajv compile at run time.
// A bundle per version and group, required on first use (src/core/schema/precompiledLoad.ts).
// Minified in every build, as the shipped ones are: V8 parses a Start's first validators while
// the clock runs, and generated code is read through its source map anyway.
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/precompileSchemas.ts'], { stdio: 'inherit' });
const validators = readdirSync('src/core/schema/precompiled')
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ ...node, entryPoints: [`src/core/schema/precompiled/${file}`], outfile: `dist/validators/${file}`, minify: true }));

// The official schemas, read on first use beside the bundle (src/core/schema/officialSchema.ts).
cpSync('src/core/schema/official', 'dist/official', { recursive: true });

const entries = [
  ...validators,
  { ...node, entryPoints: ['src/extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  // The tokenizer's rank tables are megabytes: a bundle of their own, required on the first
  // count, keeps them out of the extension's activation.
  { ...node, entryPoints: ['src/core/tokens/toolTokens.ts'], outfile: 'dist/tokenizer.js', charset: 'utf8' },
  // The MCP Apps host bridge (1.1 MB with the client and zod it is built on), required when an
  // app is first shown (src/extension/apps/bridgeLoad.ts), not compiled at every activation.
  { ...node, entryPoints: ['src/extension/apps/bridge.ts'], outfile: 'dist/appBridge.js' },
  // The command (bin.ts) and the bundle it runs: Node's compile cache is on before the bundle is compiled.
  { ...node, entryPoints: ['src/cli/bin.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { ...node, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli-main.js' },
  // The AI SDK and its providers, for `eval` only: required when it first needs a model
  // (src/cli/eval/load.ts). Minified in every build: it is nearly all third-party code, and
  // unminified it alone would break the npm tarball's budget (test/unit/package/budgets.ts).
  { ...node, entryPoints: ['src/cli/eval/aiSdkModel.ts'], outfile: 'dist/eval-models.js', minify: true },
  // The record proxy's recorder thread: small, so starting it does not compile the CLI again.
  { ...node, entryPoints: ['src/cli/record/worker.ts'], outfile: 'dist/recorder.js' },
  { ...node, entryPoints: ['src/languageServer/server.ts'], outfile: 'dist/languageServer.js' },
  { ...node, entryPoints: ['src/core/preload/node-preload.ts'], outfile: 'dist/preload/node-preload.js' },
  { ...common, entryPoints: ['media/src/form.ts'], outfile: 'dist/media/form.js', platform: 'browser', format: 'iife', target: 'es2022' },
  { ...common, entryPoints: ['media/src/askPage.ts'], outfile: 'dist/media/asks.js', platform: 'browser', format: 'iife', target: 'es2022' },
  { ...common, entryPoints: ['media/src/appProxy.ts'], outfile: 'dist/media/appProxy.js', platform: 'browser', format: 'iife', target: 'es2022', sourcemap: false },
  { ...common, entryPoints: ['media/src/resources.ts'], outfile: 'dist/media/resources.js', platform: 'browser', format: 'iife', target: 'es2022' },
  { ...common, entryPoints: ['media/src/stderr.ts'], outfile: 'dist/media/stderr.js', platform: 'browser', format: 'iife', target: 'es2022' },
  { ...common, entryPoints: ['media/src/load.ts'], outfile: 'dist/media/load.js', platform: 'browser', format: 'iife', target: 'es2022' },
].filter((options) => options.entryPoints.every((entry) => existsSync(entry)));

try {
  const contexts = await Promise.all(entries.map((options) => esbuild.context(options)));
  if (watch) {
    await Promise.all(contexts.map((context) => context.watch()));
  } else {
    const results = await Promise.allSettled(contexts.map((context) => context.rebuild()));
    await Promise.all(contexts.map((context) => context.dispose()));
    const failed = results.filter((result) => result.status === 'rejected');
    if (failed.length > 0) process.exit(1);
    console.log(`built ${entries.length} bundles${production ? ' (production)' : ''}`);
  }
} catch (error) {
  console.error(error);
  process.exit(1);
}
