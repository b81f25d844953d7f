import { errorStack } from '../core/session/errors';
import { parseCli } from './args';
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
  // Each command's modules are imported when it runs: a start evaluates only the code its command
  // needs (the test suite starts the CLI hundreds of times; `--version` took 0.38 CPU-s with every
  // command's modules evaluated up front, 0.23 this way).
  switch (args.name) {
    case 'help':
      io.out(usageOf(args.command) ?? USAGE);
      return 0;
    case 'version':
      io.out(version);
      return 0;
    case 'check':
      return (await import('./commands/check')).runCheck(args, io);
    case 'call':
      return (await import('./commands/call')).runCall(args, io);
    case 'read':
      return (await import('./commands/read')).runRead(args, io);
    case 'skill':
      return (await import('./commands/skill')).runSkill(args, io);
    case 'prompt':
      return (await import('./commands/prompt')).runPrompt(args, io);
    case 'complete':
      return (await import('./commands/complete')).runComplete(args, io);
    case 'record':
      return 'listen' in args
        ? (await import('./record/httpProxy')).runHttpRecord({
            ...args.listen,
            out: args.out,
            log: (line) => process.stderr.write(`${line}\n`),
          })
        : (await import('./record/proxy')).runRecord(args);
    case 'lint':
      return (await import('./commands/lint')).runLint(args, io);
    case 'mcp':
      return (await import('./mcp/server')).runMcp(args);
    case 'test':
      return (await import('./commands/test')).runTests(args, io);
    case 'eval':
      return (await import('./commands/eval')).runEval(args, io);
    case 'diff':
      return (await import('./commands/diff')).runDiff(args, io);
    case 'replay':
      return (await import('./commands/replay')).runReplay(args, io);
    case 'logout':
      return (await import('./commands/logout')).runLogout(args, io);
    case 'fuzz':
      return (await import('./commands/fuzz')).runFuzz(args, io);
    case 'load':
      return (await import('./commands/load')).runLoad(args, io);
    case 'watch':
      return (await import('./commands/watch')).runWatch(args, io);
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
