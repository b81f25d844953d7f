import type { CommandSpec, OptionValues } from '../cliParser';
import { stdioCommand, type ServerCommand } from '../serverTarget';
import { UsageError } from '../usageError';

/** `mcp-lens record`: its arguments (a stdio proxy, or with --listen an HTTP one), options and usage. */

export interface RecordArgs {
  name: 'record';
  /** Optional with --watch (the hot-reload proxy then writes no trace). */
  out: string | undefined;
  /** Globs whose changes restart the server (the hot-reload proxy); empty for a plain recording. */
  watch: string[];
  server: ServerCommand;
}
/** `record --listen PORT --url URL`: an HTTP reverse proxy in front of an HTTP server instead of a stdio one. */
export interface RecordListenArgs {
  name: 'record';
  out: string;
  listen: { port: number; url: string };
}

export const RECORD_COMMAND: CommandSpec<RecordArgs | RecordListenArgs> = {
  usage: `Usage: mcp-lens record --out FILE -- CMD [ARGS…]
       mcp-lens record --watch GLOB [--watch GLOB…] [--out FILE] -- CMD [ARGS…]
       mcp-lens record --listen PORT --url URL --out FILE

Run CMD as a transparent stdio proxy, writing every byte both ways (and stderr) to a
*.mcptrace.jsonl trace file. Launch this in place of the server in any host.
"{timestamp}" in FILE is replaced at each launch.

  --out, -o FILE   the trace file to write
  --watch GLOB     hot reload: restart the server when a matching file changes (or the
                   host calls the added mcp_lens_restart_server tool); the host's session
                   survives, in-flight requests get an error, list_changed is sent
  --listen PORT    an HTTP server instead: listen on 127.0.0.1:PORT (0: any free port,
  --url URL        printed on stderr) and forward every request to URL, recording each
                   message (POST bodies, JSON and SSE answers, the GET stream; HTTP+SSE
                   too) and each exchange's status and headers, Authorization redacted.
                   Point the host at the printed address. Stops on SIGINT/SIGTERM.

Exits with the server's own exit code (127 when it cannot start, 2 usage error); with
--listen, 0 once stopped.`,
  options: {
    out: { type: 'string', short: 'o' },
    watch: { type: 'string', multiple: true },
    listen: { type: 'string' },
    url: { type: 'string' },
  },
  build: ({ values, positionals, server }) => {
    const out = values.out as string | undefined;
    if (values.listen !== undefined || values.url !== undefined) return recordListen(values, out, server, positionals);
    const watch = (values.watch as string[] | undefined) ?? [];
    if (watch.some((glob) => glob === '')) throw new UsageError('record: --watch takes a glob, e.g. --watch "src/**/*.ts"');
    if (watch.length === 0 && (out === undefined || out === ''))
      throw new UsageError('record: --out FILE is required (or --watch GLOB for the hot-reload proxy)');
    if (out === '') throw new UsageError('record: --out takes a file name');
    return { name: 'record', out, watch, server: stdioCommand('record', server, positionals) };
  },
};

/** `record --listen PORT --url URL --out FILE`: the HTTP reverse proxy. */
function recordListen(
  values: OptionValues,
  out: string | undefined,
  server: string[] | undefined,
  positionals: string[],
): RecordListenArgs {
  const listen = values.listen as string | undefined;
  const target = values.url as string | undefined;
  if (listen === undefined || target === undefined)
    throw new UsageError('record: --listen PORT and --url URL go together (the HTTP proxy listens on PORT and forwards to URL)');
  if (server !== undefined || positionals.length > 0)
    throw new UsageError('record: --listen records an HTTP server at --url; give no command after --');
  if ((values.watch as string[] | undefined)?.length)
    throw new UsageError('record: --watch restarts a stdio server; it does not go with --listen');
  const port = Number(listen);
  if (!/^\d+$/.test(listen) || port > 65535)
    throw new UsageError(`record: --listen takes a port number (0 for any free one), got ${JSON.stringify(listen)}`);
  let url: URL | undefined;
  try {
    url = new URL(target);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new UsageError(`record: --url must be the server's http(s) endpoint, got ${JSON.stringify(target)}`);
  if (out === undefined || out === '') throw new UsageError('record: --out FILE is required');
  return { name: 'record', out, listen: { port, url: target } };
}
