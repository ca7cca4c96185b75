import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** The next `n` messages are refused with a temporary failure (451), as a struggling server would. */
  failNext(n: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server for tests (the `smtp-server` package), slow on purpose: every message takes
 * `delayMs` to be accepted, like a remote mail server would. No TLS, no auth.
 */
export async function startSmtpSink(options: { delayMs?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          if (failures > 0) {
            failures -= 1;
            const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
            return callback(err);
          }
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        }, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(n) {
      failures = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
