import { errorStack } from '../core/session/errors';
import { parseCli } from './args';
import { runCall } from './commands/call';
import { runCheck } from './commands/check';
import { runDiff } from './commands/diff';
import { runLint } from './commands/lint';
import { runLogout } from './commands/logout';
import { runPrompt } from './commands/prompt';
import { runSkill } from './commands/skill';
import { runRead } from './commands/read';
import { runComplete } from './commands/complete';
import { runReplay } from './commands/replay';
import { runTests } from './commands/test';
import { runEval } from './commands/eval';
import { runFuzz } from './commands/fuzz';
import { runLoad } from './commands/load';
import { runWatch } from './commands/watch';
import { runRecord } from './record/proxy';
import { runHttpRecord } from './record/httpProxy';
import { runMcp } from './mcp/server';
import { flushed, processOutput } from './output';
import { USAGE, UsageError, usageOf } from './usage';
import { version } from './version';

async function main(argv: string[]): Promise<number> {
  const io = processOutput();
  let args;
  try {
    args = parseCli(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // The usage of the command that was misused, when it is known: shorter and to the point.
    const usage = usageOf(argv[0]) ?? USAGE;
    io.err(`mcp-lens: ${error.message}\n\n${usage}`);
    return 2;
  }
  switch (args.name) {
    case 'help':
      io.out(usageOf(args.command) ?? USAGE);
      return 0;
    case 'version':
      io.out(version);
      return 0;
    case 'check':
      return runCheck(args, io);
    case 'call':
      return runCall(args, io);
    case 'read':
      return runRead(args, io);
    case 'skill':
      return runSkill(args, io);
    case 'prompt':
      return runPrompt(args, io);
    case 'complete':
      return runComplete(args, io);
    case 'record':
      return 'listen' in args
        ? runHttpRecord({ ...args.listen, out: args.out, log: (line) => process.stderr.write(`${line}\n`) })
        : runRecord(args);
    case 'lint':
      return runLint(args, io);
    case 'mcp':
      return runMcp(args);
    case 'test':
      return runTests(args, io);
    case 'eval':
      return runEval(args, io);
    case 'diff':
      return runDiff(args, io);
    case 'replay':
      return runReplay(args, io);
    case 'logout':
      return runLogout(args, io);
    case 'fuzz':
      return runFuzz(args, io);
    case 'load':
      return runLoad(args, io);
    case 'watch':
      return runWatch(args, io);
  }
}

function start(): void {
  main(process.argv.slice(2)).then(
    async (code) => {
      await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
      // Exit explicitly: a server that ignored every shutdown step must not keep us alive.
      process.exit(code);
    },
    (error: unknown) => {
      process.stderr.write(`mcp-lens: internal error: ${errorStack(error)}\n`);
      process.exit(1);
    },
  );
}

start();
