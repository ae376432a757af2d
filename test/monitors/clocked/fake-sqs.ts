import { createHash } from 'node:crypto';
import { type FixtureServer, startFixtureServer } from '../../support/fixture-server.js';

/**
 * Amazon SQS's SendMessageBatch as the AWS SDK speaks it (AWS JSON 1.0, `X-Amz-Target`), with the
 * MD5 of each body the SDK checks, keeping what was sent.
 */
export interface FakeSqs {
  server: FixtureServer;
  endpoint: string;
  sent: Array<{ body: unknown; delaySeconds: number }>;
}

export async function startFakeSqs(): Promise<FakeSqs> {
  const sent: FakeSqs['sent'] = [];
  const server = await startFixtureServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = req.headers['x-amz-target'];
    if (target !== 'AmazonSQS.SendMessageBatch') {
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ __type: 'com.amazonaws.sqs#InvalidAction', message: `unexpected ${target}` }));
      return;
    }
    const request = JSON.parse(Buffer.concat(chunks).toString()) as {
      Entries: Array<{ Id: string; MessageBody: string; DelaySeconds?: number }>;
    };
    const successful = request.Entries.map((entry) => {
      sent.push({ body: JSON.parse(entry.MessageBody), delaySeconds: entry.DelaySeconds ?? 0 });
      return {
        Id: entry.Id,
        MessageId: createHash('sha256').update(entry.MessageBody).digest('hex').slice(0, 36),
        MD5OfMessageBody: createHash('md5').update(entry.MessageBody).digest('hex'),
      };
    });
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify({ Successful: successful, Failed: [] }));
  });
  return { server, endpoint: server.url(''), sent };
}
