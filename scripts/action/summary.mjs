// Step 3: the job summary ($GITHUB_STEP_SUMMARY) from the report run.mjs saved, as
// Markdown tables; printed to the log as well. Runs whether the command passed or not.
import { readFileSync } from 'node:fs';
import { summaryMarkdown } from './markdown.mjs';
import { appendSummary, input } from './github.mjs';

const command = input('command');
const exitCode = Number(process.env.MCP_LENS_EXIT_CODE);
let report;
try {
  report = JSON.parse(readFileSync(process.env.MCP_LENS_REPORT ?? '', 'utf8'));
} catch {
  // No report (the command did not run, or its output was not JSON): the title says so.
}
const markdown = summaryMarkdown(command, exitCode, report);
appendSummary(markdown);
if (process.env.GITHUB_STEP_SUMMARY) console.log(markdown);
