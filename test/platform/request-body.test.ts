import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES } from '../../lib/app/request-body.js';
import { type Harness, startHarness } from '../support/harness.js';
import { probeTool } from '../support/probe-tool.js';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ tools: [probeTool] });
});
afterAll(() => harness.close());

interface RawReply {
  status: number;
  body: string;
}

/**
 * A client of the simplest kind (Python's `requests` is one): it writes the whole request, 64 KiB at
 * a time with a pause between chunks as on a slow link, and only then reads the reply. If the server
 * closes while it is still writing, the write fails and the reply is never read, which is what a
 * client sees as a reset connection.
 */
function slowPost(
  path: string,
  key: string,
  totalBytes: number,
  options: { chunked?: boolean; pauseMs?: number } = {},
): Promise<RawReply> {
  const body = `{"hold":1,"pad":"${'x'.repeat(totalBytes - 19)}"}`;
  const url = new URL(harness.baseUrl);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${url.host}`,
    'Content-Type: application/json',
    ...(key ? [`X-API-Key: ${key}`] : []),
    options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    let writing = true;
    socket.on('data', (chunk) => received.push(chunk));
    // A server that stops reading without answering leaves the writer stuck: fail rather than hang.
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error(`no progress for 15 s ${writing ? 'while writing' : 'while waiting for the reply'}`));
    });
    socket.on('error', (error) =>
      reject(new Error(`${writing ? 'while writing' : 'while reading'}: ${error.message}`)),
    );
    let ended = false;
    const finish = () => {
      if (writing || !ended) return;
      const text = Buffer.concat(received).toString('utf8');
      const status = Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);
      const separator = text.indexOf('\r\n\r\n');
      let payload = text.slice(separator + 4);
      if (/transfer-encoding: chunked/i.test(text.slice(0, separator))) payload = unchunk(payload);
      resolve({ status, body: payload });
    };
    // The server may half-close once it has answered; the request is still written to the end.
    socket.on('end', () => {
      ended = true;
      finish();
    });
    const pieces: string[] = [];
    for (let offset = 0; offset < body.length; offset += 64 * 1024)
      pieces.push(body.slice(offset, offset + 64 * 1024));
    const frame = (piece: string) =>
      options.chunked ? `${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n` : piece;
    socket.write(head);
    const pump = () => {
      const piece = pieces.shift();
      if (piece === undefined) {
        const done = () => {
          writing = false;
          finish();
        };
        if (options.chunked) socket.write('0\r\n\r\n', (error) => error || done());
        else done();
        return;
      }
      socket.write(frame(piece), (error) => {
        if (!error) setTimeout(pump, options.pauseMs ?? 12);
      });
    };
    pump();
  });
}

function unchunk(payload: string): string {
  let out = '';
  let rest = payload;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

describe('request bodies', () => {
  it('answers 413 to a slow client writing a body over the cap, before the connection closes', async () => {
    const account = await harness.account({ credits: 10 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reply = await slowPost('/api/v1/tools/probe', account.key, MAX_REQUEST_BYTES + 1024 * 1024);
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    expect(await account.balance()).toBe(10);
  });

  it('answers 413 to a chunked body over the cap (no Content-Length to judge by)', async () => {
    const account = await harness.account({ credits: 10 });
    const reply = await slowPost('/api/v1/tools/probe', account.key, MAX_REQUEST_BYTES + 512 * 1024, {
      chunked: true,
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await account.balance()).toBe(10);
  });

  it('answers 401 to a large body sent without a key, rather than resetting the connection', async () => {
    const reply = await slowPost('/api/v1/tools/probe', '', 3 * 1024 * 1024);
    expect(reply.status).toBe(401);
  });

  it('reads a body just under the cap, chunked or not', async () => {
    const account = await harness.account({ credits: 10 });
    const sized = await slowPost('/api/v1/tools/probe', account.key, MAX_REQUEST_BYTES - 1024, {
      pauseMs: 0,
    });
    expect(sized.status, sized.body).toBe(200);
    const chunked = await slowPost('/api/v1/tools/probe', account.key, MAX_REQUEST_BYTES - 1024, {
      chunked: true,
      pauseMs: 0,
    });
    expect(chunked.status, chunked.body).toBe(200);
    expect(await account.balance()).toBe(8);
  });
});
