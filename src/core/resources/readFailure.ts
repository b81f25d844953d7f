/**
 * Why a resources/read failed, told apart the way the spec's two eras tell it: -32002 is
 * "resource not found" in 2025-11-25 and earlier (clients "SHOULD still accept -32002"); from
 * 2026-07-28 servers "MUST return … -32602 (Invalid Params)" for an unknown resource, and
 * "MUST NOT emit" -32002. A -32602 from a legacy server may mean any bad parameter.
 */
export type ReadFailureKind = 'not-found-legacy' | 'not-found' | 'invalid-params' | 'other';

export interface ReadFailure {
  kind: ReadFailureKind;
  /** One sentence for the user: what the code means in this era, and what to check. */
  explanation: string;
}

export const LEGACY_RESOURCE_NOT_FOUND = -32002;
export const INVALID_PARAMS = -32602;

export function explainReadFailure(code: number, era: 'modern' | 'legacy', uri: string): ReadFailure {
  if (code === LEGACY_RESOURCE_NOT_FOUND) {
    return era === 'modern'
      ? {
          kind: 'not-found-legacy',
          explanation: `-32002 is the legacy "resource not found" code: a 2026-07-28 server MUST answer an unknown resource with -32602 instead. The server has no resource ${uri}.`,
        }
      : {
          kind: 'not-found-legacy',
          explanation: `-32002 "resource not found" (2025-11-25 and earlier): the server has no resource ${uri}. Check the URI against resources/list and the templates.`,
        };
  }
  if (code === INVALID_PARAMS) {
    return era === 'modern'
      ? {
          kind: 'not-found',
          explanation: `-32602 is how a 2026-07-28 server says "resource not found" (or another bad parameter): the server has no resource ${uri}. Check the URI against resources/list and the templates.`,
        }
      : {
          kind: 'invalid-params',
          explanation: `-32602 "Invalid params": the server rejected the request's parameters. Legacy servers answer an unknown resource with -32002; some SDKs use -32602 for it too, so check the URI ${uri}.`,
        };
  }
  return { kind: 'other', explanation: `The server failed to read ${uri}: JSON-RPC error ${code}.` };
}
