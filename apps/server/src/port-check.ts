/**
 * Whether the server can listen where it is configured to, asked before anything else is opened
 * (docs/decisions/0099-a-clean-first-run.md): on a taken port the server stops at once with a hint,
 * instead of opening, creating and migrating the embedded database first and failing with a stack
 * trace after it.
 */
import net from 'node:net';

/** Thrown by claimPort when HOST:PORT cannot be listened on; `message` is one line a person can act on. */
export class PortUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PortUnavailableError';
  }
}

/**
 * The one-line hint for a listen error with Node's `code` (EADDRINUSE, EACCES, EADDRNOTAVAIL), e.g.
 * 'Port 3000 is already in use. Set PORT to another port, e.g. PORT=3001 npm start.'; undefined for
 * any other code.
 */
export function portHint(code: string | undefined, host: string, port: number): string | undefined {
  const other = port === 65_535 ? 3001 : port + 1;
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use. Set PORT to another port, e.g. PORT=${other} npm start.`;
    case 'EACCES':
      return `Port ${port} needs privileges this user does not have. Set PORT to a port from 1024, e.g. PORT=3000 npm start.`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine. Set HOST to one of its addresses, or leave it unset to listen on all of them.`;
    default:
      return undefined;
  }
}

/**
 * Listens on `host`:`port` for a moment and lets go. Resolves with the port (the one the system chose
 * when `port` is 0); throws PortUnavailableError, with portHint's line, when it cannot listen there.
 */
export function claimPort(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const hint = portHint(error.code, host, port);
      reject(hint ? new PortUnavailableError(hint) : error);
    });
    probe.listen({ host, port, exclusive: true }, () => {
      const { port: bound } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(bound));
    });
  });
}
