import type * as oauth from 'oauth4webapi';
import { requireJwt } from './assertion';
import type { TokenSet } from './authorizationCode';
import { AuthorizationError } from './errors';
import type { AuthExchanges } from './exchanges';
import { jwtBearerGrant } from './jwtBearer';
import { SignInRequiredError } from './signInRequired';
import { identifyClient, type ClientIdentity, type ClientSettings } from './registration';
import { idpServer, requestIdJag, type IdpSettings } from './tokenExchange';

/** A credential read when the flow needs it (again at each authorization: ID and CI tokens are short-lived). */
export interface TokenSource {
  read: () => Promise<string>;
  /** Where it comes from, as a message names it: "MCP_LENS_ID_TOKEN", "/var/run/ci/token". */
  source: string;
}

/** Grants no person takes part in, each built on a JWT the client is given (`--idp-*`, `--workload-token-*`). */
export interface AssertionGrantSettings {
  /** Enterprise-managed authorization (SEP-990): the person's ID token from the enterprise IdP, exchanged there for an ID-JAG. */
  enterprise?: { idToken: TokenSource; idp: IdpSettings };
  /** Workload identity federation (SEP-1933): the JWT the platform issued to this workload (a CI job, a pod). */
  workload?: TokenSource;
}

export interface AssertionGrantRequest {
  as: oauth.AuthorizationServer;
  client: ClientSettings;
  grant: AssertionGrantSettings;
  resource: string | undefined;
  scope: string | undefined;
  exchanges: AuthExchanges;
}

/**
 * The token from a JWT authorization grant (RFC 7523): with an enterprise IdP, the ID token is
 * exchanged there for an ID-JAG first (RFC 8693), which is the grant; with a workload identity,
 * the workload's own token is. Asked once each: a refusal is the end of this authorization.
 */
export async function assertionGrantFlow(req: AssertionGrantRequest): Promise<{ tokens: TokenSet; identity: ClientIdentity }> {
  const { as, exchanges } = req;
  const enterprise = req.grant.enterprise;
  if (enterprise && !req.client.clientId) {
    throw new AuthorizationError(
      'auth-registration',
      `Enterprise-managed authorization at ${as.issuer} needs the client id it registered this client under`,
      'SEP-990: the ID-JAG names the client it was issued for, and the authorization server checks that the client presenting it is that one. Give --client-id (and --client-secret) as the authorization server registered this client.',
      [],
    );
  }
  const identity = req.client.clientId ? await identifyClient(as, req.client, '', exchanges) : workloadOnly(as);
  if (enterprise) {
    const idp = await idpServer(enterprise.idp, exchanges);
    const idToken = (await readToken(enterprise.idToken, 'ID token', exchanges)).trim();
    requireJwt(
      idToken,
      `The ID token from ${enterprise.idToken.source}`,
      'Give the ID token the enterprise IdP issued at sign-in (an OpenID Connect id_token).',
      [],
    );
    const idJag = await requestIdJag({
      idp,
      settings: enterprise.idp,
      idToken,
      audience: as.issuer,
      resource: req.resource,
      scope: req.scope,
      exchanges,
    });
    const tokens = await jwtBearerGrant({
      as,
      identity,
      assertion: idJag,
      what: 'the ID-JAG the enterprise IdP issued',
      resource: req.resource,
      scope: req.scope,
      exchanges,
    });
    return { tokens, identity };
  }
  const source = req.grant.workload!;
  const token = (await readToken(source, 'workload identity token', exchanges)).trim();
  requireJwt(
    token,
    `The workload identity token from ${source.source}`,
    `Give the JWT the platform issued to this workload, with "aud" ${as.issuer}.`,
    [],
  );
  const tokens = await jwtBearerGrant({
    as,
    identity,
    assertion: token,
    what: `the workload identity token from ${source.source}`,
    resource: req.resource,
    scope: req.scope,
    exchanges,
  });
  return { tokens, identity };
}

async function readToken(source: TokenSource, what: string, exchanges: AuthExchanges): Promise<string> {
  let value: string;
  try {
    value = await source.read();
  } catch (err) {
    // The editor keeps a pasted token until Sign In asks for it: a start that may not ask stops there.
    if (err instanceof SignInRequiredError) throw err;
    throw new AuthorizationError(
      'auth-assertion',
      `The ${what} cannot be read from ${source.source}: ${err instanceof Error ? err.message : String(err)}`,
      `Put the ${what} where the settings say (a file the client can read, or the environment variable).`,
      [],
    );
  }
  exchanges.addSecret(value.trim());
  return value;
}

/**
 * SEP-1933: "No client registration is required"; the workload's token is its credential. The
 * client id oauth4webapi requires is never sent: this client authentication adds nothing.
 */
function workloadOnly(as: oauth.AuthorizationServer): ClientIdentity {
  return {
    issuer: as.issuer,
    client: { client_id: 'workload-identity', token_endpoint_auth_method: 'none' },
    clientAuth: () => undefined,
    how: 'pre-registered',
  };
}
