import { elicitResult, type Elicit, type ElicitAnswer } from '../../core/session/elicitation';
import { contentFaults } from '../../core/session/elicitationSchema';
import { RefusedAskError } from '../../core/session/errors';
import { rootsFromPaths, type Root } from '../../core/session/roots';
import { typedReply, type Sample } from '../../core/session/sampling';
import type { AnswerFlags } from '../answerFlags';
import type { Output } from '../output';
import type { Terminal } from '../terminal';
import { answerFormOnTerminal } from './terminalForm';
import { replyOnTerminal } from './terminalSample';

export interface CliAnswerers {
  elicit: Elicit;
  sample: Sample;
  roots: Root[];
}

/**
 * How the CLI answers what a server asks back: the flags first, in order; then the terminal
 * when there is one; otherwise elicitations are declined and sampling refused, naming the flag.
 */
export function cliAnswerers(flags: AnswerFlags, io: Output, terminal: Terminal | undefined, cwd = process.cwd()): CliAnswerers {
  const say = (line: string) => io.err(io.errStyle.dim(line));
  let nextElicit = 0;
  let nextSample = 0;

  const elicit: Elicit = async (params) => {
    const url = params.mode === 'url' ? String(params.url) : undefined;
    // URL mode: the CLI never opens a URL; it shows it and its domain for the user to visit.
    if (url !== undefined)
      say(`The server asks you to visit ${url} (domain ${new URL(url).hostname}): ${JSON.stringify(String(params.message ?? ''))}`);
    let answer: ElicitAnswer;
    let how = '';
    if (nextElicit < flags.elicit.length) answer = flags.elicit[nextElicit++]!;
    else if (terminal) answer = url !== undefined ? await confirmVisit(terminal) : await answerFormOnTerminal(params, terminal, say);
    else {
      answer = { action: 'decline' };
      how = ' (stdin is not a terminal: answer with --elicit accept:JSON, decline or cancel)';
    }
    if (url !== undefined) {
      say(`elicitation (URL): → ${answer.action}${how}`);
      return { action: answer.action };
    }
    const result = elicitResult(answer, params);
    if (result.action === 'accept') {
      const faults = contentFaults(params.requestedSchema, result.content as Record<string, unknown>);
      if (faults.length > 0) throw new Error(`the --elicit answer does not fit the form: ${faults.join('; ')}`);
    }
    const content = result.content !== undefined ? ` ${JSON.stringify(result.content)}` : '';
    say(`elicitation: ${JSON.stringify(String(params.message ?? ''))} → ${String(result.action)}${content}${how}`);
    return result;
  };

  const sample: Sample = async (params) => {
    let text: string | undefined;
    if (nextSample < flags.sample.length) text = flags.sample[nextSample++];
    else if (terminal) text = await replyOnTerminal(params, terminal, say);
    else {
      say("sampling: refused (stdin is not a terminal: give the model's reply with --sample TEXT)");
      throw new RefusedAskError('Sampling refused: MCP Lens has no model reply for this request (give one with --sample TEXT)');
    }
    if (text === undefined) throw new RefusedAskError('The user refused the sampling request');
    say(`sampling: → ${JSON.stringify(text)}`);
    return typedReply(text, 'mcp-lens (--sample or typed on the terminal)');
  };

  return { elicit, sample, roots: rootsFromPaths(flags.roots.length > 0 ? flags.roots : [cwd]) };
}

async function confirmVisit(terminal: Terminal): Promise<ElicitAnswer> {
  const a = (await terminal.ask('  Done there? Accept, decline or cancel? [a/d/c] ')).trim().toLowerCase();
  return a.startsWith('a') ? { action: 'accept' } : a.startsWith('d') ? { action: 'decline' } : { action: 'cancel' };
}
