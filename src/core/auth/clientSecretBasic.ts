import type * as oauth from 'oauth4webapi';

/**
 * `client_secret_basic` (RFC 6749 §2.3.1): id and secret "encoded using the
 * application/x-www-form-urlencoded encoding algorithm", then HTTP Basic. The encoding is the
 * WHATWG one (as URLSearchParams writes it), which leaves `-`, `.`, `_` and `*` as they are:
 * oauth4webapi's own ClientSecretBasic escapes those too, and authorization servers that do not
 * decode the credentials (the MCP SDKs' among them) then see a different client id.
 */
export function clientSecretBasic(clientSecret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    const credentials = `${formEncode(client.client_id)}:${formEncode(clientSecret)}`;
    headers.set('authorization', `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`);
  };
}

function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}
