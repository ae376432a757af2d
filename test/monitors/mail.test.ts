import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createMailer } from '../../lib/notify/mailer.js';
import { sendWithSes } from '../../lib/notify/ses.js';
import { startFixtureServer } from '../support/fixture-server.js';

/** The email transports against real servers on loopback: an SMTP server, and SES's HTTP API. */

const email = {
  to: ['ops@example.com'],
  subject: '[Pricing] 1 changed',
  text: 'CHANGED https://shop.example/\n  + $21',
};

describe('SMTP (SMTP_URL)', () => {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data: Buffer.concat(chunks).toString(),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a plain-text email through the server in SMTP_URL', async () => {
    const mailer = createMailer({
      NODE_ENV: 'test',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      EMAIL_FROM: 'Monitors <monitors@service.example>',
      SES_REGION: undefined,
    });
    expect(mailer.transport).toBe('smtp');
    await mailer.send(email);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'monitors@service.example', to: ['ops@example.com'] });
    expect(received[0].data).toContain('Subject: [Pricing] 1 changed');
    expect(received[0].data).toContain('Content-Type: text/plain');
    expect(received[0].data).toContain('+ $21');
  });

  it('sends the extra headers an email carries (List-Unsubscribe)', async () => {
    const mailer = createMailer({
      NODE_ENV: 'test',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      EMAIL_FROM: 'Monitors <monitors@service.example>',
      SES_REGION: undefined,
    });
    const before = received.length;
    await mailer.send({
      ...email,
      headers: {
        'List-Unsubscribe': '<https://api.example/unsubscribe?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const data = received[before].data;
    expect(data).toContain('List-Unsubscribe: <https://api.example/unsubscribe?token=abc>');
    expect(data).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});

describe('Amazon SES (production)', () => {
  it('calls SESv2 SendEmail, signed, with the plain-text body', async () => {
    const requests: Array<{ path: string; authorization: string; body: unknown }> = [];
    const ses = await startFixtureServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      requests.push({
        path: req.url ?? '',
        authorization: String(req.headers.authorization),
        body: JSON.parse(Buffer.concat(chunks).toString()),
      });
      res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': 'b5b2f5b8-0001' });
      res.end(JSON.stringify({ MessageId: '0100018f-example-000000' }));
    });
    try {
      await sendWithSes(
        {
          region: 'eu-west-1',
          from: 'monitors@service.example',
          endpoint: ses.url(''),
          credentials: {
            accessKeyId: 'AKIDEXAMPLE',
            secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
          },
        },
        email,
      );
      expect(requests).toHaveLength(1);
      expect(requests[0].path).toBe('/v2/email/outbound-emails');
      expect(requests[0].authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/ses\/aws4_request/,
      );
      expect(requests[0].body).toEqual({
        FromEmailAddress: 'monitors@service.example',
        Destination: { ToAddresses: ['ops@example.com'] },
        Content: {
          Simple: {
            Subject: { Data: '[Pricing] 1 changed', Charset: 'UTF-8' },
            Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
          },
        },
      });
    } finally {
      await ses.close();
    }
  });

  it('passes the extra headers of an email as Content.Simple.Headers', async () => {
    const bodies: unknown[] = [];
    const ses = await startFixtureServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      bodies.push(JSON.parse(Buffer.concat(chunks).toString()));
      res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': 'b5b2f5b8-0002' });
      res.end(JSON.stringify({ MessageId: '0100018f-example-000001' }));
    });
    try {
      await sendWithSes(
        {
          region: 'eu-west-1',
          from: 'monitors@service.example',
          endpoint: ses.url(''),
          credentials: {
            accessKeyId: 'AKIDEXAMPLE',
            secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
          },
        },
        { ...email, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
      );
      expect(bodies[0]).toMatchObject({
        Content: {
          Simple: { Headers: [{ Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' }] },
        },
      });
    } finally {
      await ses.close();
    }
  });

  it('is the transport in production when no SMTP_URL is set; otherwise the log is', async () => {
    const base = { SMTP_URL: undefined, EMAIL_FROM: 'm@service.example', SES_REGION: undefined };
    expect(createMailer({ ...base, NODE_ENV: 'production' }).transport).toBe('ses');
    const mailer = createMailer({ ...base, NODE_ENV: 'development' });
    expect(mailer.transport).toBe('log');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    onTestFinished(() => log.mockRestore());
    await mailer.send(email);
    const lines = log.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: expect.stringContaining('email'),
        to: email.to,
        subject: email.subject,
      }),
    );
  });
});
