import { INVALID_PARAMS, LEGACY_RESOURCE_NOT_FOUND } from '../resources/readFailure';
import { isRecord } from '../schema/isRecord';
import { evidence, exchange } from './exchange';
import { recordVerdict, type Probe, type ProbeContext } from './probe';

/** A URI of a scheme no server serves; the conformance suite asks for one like it. */
const UNKNOWN_URI = 'mcp-lens-probe://nonexistent-resource-for-mcp-lens';

/**
 * An unknown resource must be an error, never an empty read.
 * 2025-11-25 server/resources: "Resource not found: -32002".
 * 2026-07-28 (SEP-2164): servers "MUST return … -32602 (Invalid Params)" and "MUST NOT return
 * an empty contents array" for a resource that does not exist; -32002 "MUST NOT" be emitted.
 * The conformance suite (sep-2164-*) fails empty contents and warns on another code or a result.
 */
export const unknownResourceProbe: Probe = {
  id: 'unknown-resource',
  title: 'an unknown resource URI is answered with an error',
  skip(ctx) {
    if (!('resources' in ctx.info.capabilities)) return 'the server does not declare resources';
    // A template such as {+uri} matches any URI: then no URI is unknown to it.
    if (ctx.listed.templates.some((t) => typeof t.uriTemplate === 'string' && t.uriTemplate.startsWith('{')))
      return 'a resource template matches every URI';
    return undefined;
  },
  async run(ctx) {
    const answer = await exchange(ctx, 'resources/read', { uri: UNKNOWN_URI });
    const seqs = evidence(answer.responseSeq, answer.requestSeq);
    const record = (message: string, hint: string, severity: 'error' | 'warning') =>
      recordVerdict(ctx.client.trace, 'unknown-resource', { rule: 'unknown-resource-answered', message, hint, evidence: seqs, severity });
    const expected = expectedCode(ctx);
    if ('error' in answer) {
      const code = answer.error.code;
      if (ctx.info.era === 'modern' && code !== INVALID_PARAMS) {
        const why = code === LEGACY_RESOURCE_NOT_FOUND ? ' (-32002 is the legacy code, which 2026-07-28 servers MUST NOT emit)' : '';
        record(
          `resources/read of the unknown URI ${UNKNOWN_URI} was answered with error ${code}${why}; ${ctx.info.protocolVersion} asks for -32602`,
          'Answer a resource that does not exist with -32602 (Invalid Params), data: { uri }.',
          'warning',
        );
      } else if (ctx.info.era === 'modern' && !namesTheUri(answer.error.data)) {
        // SEP-2164: the error SHOULD carry the URI it could not find (the suite's sep-2164-data-uri).
        record(
          `resources/read of the unknown URI ${UNKNOWN_URI} was answered with -32602 whose data does not name the URI (data.uri)`,
          'Put the URI that was not found in the error: data: { uri }, so that a host can tell which read failed.',
          'warning',
        );
      }
      return;
    }
    const contents = answer.result.contents;
    if (!Array.isArray(contents) || contents.length === 0) {
      record(
        `resources/read of the unknown URI ${UNKNOWN_URI} was answered with empty contents instead of error ${expected}`,
        `A resource that does not exist is an error: answer it with JSON-RPC error ${expected}, never an empty contents array (a host cannot tell that from an empty file).`,
        'error',
      );
      return;
    }
    record(
      `resources/read of the unknown URI ${UNKNOWN_URI} was answered with ${contents.length} content item(s) instead of error ${expected}`,
      `Check the URI against what you serve and answer an unknown one with JSON-RPC error ${expected}.`,
      'warning',
    );
  },
};

function namesTheUri(data: unknown): boolean {
  return isRecord(data) && data.uri === UNKNOWN_URI;
}

function expectedCode(ctx: ProbeContext): number {
  return ctx.info.era === 'modern' ? INVALID_PARAMS : LEGACY_RESOURCE_NOT_FOUND;
}
