import type { AnswerPaths } from '../clientCapabilities';
import type { Elicit } from '../elicitation';
import { requestedSchemaFault } from '../elicitationSchema';
import { InvalidAskError } from '../errors';
import type { InputAnswerers } from '../inputRequired';
import { samplingRequestFault, type Sample } from '../sampling';
import type { ClientFeature } from './feature';

/**
 * The server asks the user for input (elicitation/create). Form mode when an answerer is
 * given; URL mode too when that answerer shows a URL (and opens it only on the user's
 * request). An ask the client cannot show is refused as invalid (-32602), never guessed at.
 */
export class ElicitationFeature implements ClientFeature {
  constructor(
    private readonly elicit: Elicit | undefined,
    private readonly urlMode: boolean,
  ) {}

  fillAnswerPaths(paths: AnswerPaths): void {
    paths.elicitForm = !!this.elicit;
    paths.elicitUrl = !!this.elicit && this.urlMode;
  }

  fillAnswerers(answerers: InputAnswerers): void {
    const elicit = this.elicit;
    if (!elicit) return;
    answerers['elicitation/create'] = (params) => {
      const fault = params.mode === 'url' ? urlElicitationFault(params) : requestedSchemaFault(params.requestedSchema);
      return fault ? Promise.reject(new InvalidAskError(`elicitation/create: ${fault}`)) : elicit(params);
    };
  }
}

/** The server asks the client's model for a completion (sampling/createMessage); with `tools` when the answerer can show them. */
export class SamplingFeature implements ClientFeature {
  constructor(
    private readonly sample: Sample | undefined,
    private readonly withTools: boolean,
  ) {}

  fillAnswerPaths(paths: AnswerPaths): void {
    paths.sample = !!this.sample;
    paths.sampleTools = !!this.sample && this.withTools;
  }

  fillAnswerers(answerers: InputAnswerers): void {
    const sample = this.sample;
    if (!sample) return;
    answerers['sampling/createMessage'] = (params) => {
      const fault = samplingRequestFault(params);
      return fault ? Promise.reject(new InvalidAskError(`sampling/createMessage: ${fault}`)) : sample(params);
    };
  }
}

/** A URL-mode elicitation names an http(s) `url` to show (and open only on the user's click). */
function urlElicitationFault(params: Record<string, unknown>): string | undefined {
  if (typeof params.url !== 'string') return 'a URL-mode elicitation without a "url"';
  let url: URL;
  try {
    url = new URL(params.url);
  } catch {
    return `the url ${JSON.stringify(params.url)} is not a URL`;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : `the url uses ${url.protocol}, not http or https`;
}
