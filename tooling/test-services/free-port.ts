import { createServer } from 'node:net';

/**
 * A free TCP port on 127.0.0.1: bound to port 0, read, released. The caller's server takes it right
 * after; a caller that can lose that race (another process binding it first) retries with a new one.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
