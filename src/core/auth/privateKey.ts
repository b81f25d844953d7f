import { webcrypto } from 'node:crypto';
import type * as oauth from 'oauth4webapi';

/** The key oauth4webapi signs client assertions with. */
export type SigningKey = Parameters<typeof oauth.PrivateKeyJwt>[0];

/** JWS algorithms this client signs `private_key_jwt` assertions with, as WebCrypto import parameters. */
const ALGORITHMS: Record<string, webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams> = {
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
  ES384: { name: 'ECDSA', namedCurve: 'P-384' },
  ES512: { name: 'ECDSA', namedCurve: 'P-521' },
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  PS256: { name: 'RSA-PSS', hash: 'SHA-256' },
};

export const SIGNING_ALGORITHMS = Object.keys(ALGORITHMS);

/** A PKCS #8 PEM private key as a non-extractable signing key for `alg`. */
export async function importPrivateKey(pem: string, alg: string): Promise<SigningKey> {
  const params = ALGORITHMS[alg];
  if (!params) throw new Error(`unsupported signing algorithm ${alg} (supported: ${SIGNING_ALGORITHMS.join(', ')})`);
  const body = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '').replace(/\s+/g, '');
  return (await webcrypto.subtle.importKey('pkcs8', Buffer.from(body, 'base64'), params, false, ['sign'])) as unknown as SigningKey;
}

/** The WebCrypto import parameters of one of SIGNING_ALGORITHMS (a DPoP key saved with its grant is imported with them too). */
export function signingParams(alg: string): webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams | undefined {
  return ALGORITHMS[alg];
}
