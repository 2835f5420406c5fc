import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TestSmtpServer = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every accepted message: its recipients and its raw source. */
  received: Array<{ to: string; raw: string }>;
  /** Messages offered, accepted or not. */
  attempts(): number;
  stop(): Promise<void>;
};

/** A local SMTP server on a free loopback port that keeps what it accepts; `reject` refuses every message. */
export async function startSmtpServer(options: { reject?: boolean } = {}): Promise<TestSmtpServer> {
  const received: TestSmtpServer['received'] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      attempts += 1;
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (options.reject) return callback(new Error('Buzón no disponible'));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a raw message with quoted-printable soft line breaks joined (they may split a link). */
export function unfolded(raw: string): string {
  return raw.replace(/=\r?\n/g, '');
}
