/** How a transport fails to start or to send: shared by stdio and the HTTP transports. */

/** The child could not be started (ENOENT, EACCES, a missing cwd). */
export class SpawnError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'SpawnError';
  }
}

/** Sending on a connection that is closed: a server's stdin, an HTTP session or stream that ended. */
export class TransportClosedError extends Error {
  constructor(message = 'The server connection is closed') {
    super(message);
    this.name = 'TransportClosedError';
  }
}

/** A spawn failure in words that say what to check. */
export function describeSpawnError(command: string, err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ENOENT':
      return `Cannot start "${command}": command not found (ENOENT). Check that it is installed and on PATH.`;
    case 'EACCES':
      return `Cannot start "${command}": permission denied (EACCES). Is the file executable?`;
    default:
      return `Cannot start "${command}": ${err.message}`;
  }
}
