// The part of the extension's activation a bench can measure without VS Code: V8 compiling
// dist/extension.js (what the extension host does before activate() runs), in a fresh process.
// Running it needs the real `vscode` module, so activate() itself is measured by the
// integration suite (test/integration/activation.test.ts → test-results/activation.json).
// `node extensionLoad.mjs ours`
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { report, ROOT } from '../lib/clients.mjs';

const file = `${ROOT}dist/extension.js`;
const source = readFileSync(file, 'utf8');
// The CommonJS wrapper the extension host's loader puts around the file.
const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
// CPU time, not wall: on the shared machine a compile's wall time is mostly waiting for a core.
const cpu0 = process.cpuUsage();
new Script(wrapped, { filename: file });
const cpu = process.cpuUsage(cpu0);
report({ ms: (cpu.user + cpu.system) / 1000, bytes: Buffer.byteLength(source) });
