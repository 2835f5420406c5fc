import { createServer } from 'node:net';

/**
 * A free TCP port on 127.0.0.1, kept bound until `release()`: while it is held, no server that binds port 0
 * (an API instance started in the meantime) can be given it. Release it right before its owner binds it;
 * releasing twice is harmless.
 */
export function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    const release = () => new Promise<void>((done) => server.close(() => done()));
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address === 'object' && address) resolve({ port: address.port, release });
      else void release().then(() => reject(new Error('no port')));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1: bound to port 0, read, released. The caller's server takes it right
 * after; a caller that can lose that race (another process binding it first) retries with a new one.
 */
export async function freePort(): Promise<number> {
  const { port, release } = await reservePort();
  await release();
  return port;
}
