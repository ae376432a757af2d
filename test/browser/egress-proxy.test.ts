import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressProxy, type EgressTenant } from '../../lib/browser/egress/egress-proxy.js';
import type { ApiError } from '../../lib/errors/api-error.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';

/**
 * The egress proxy on its own: the browser's only way out. It wants a context's credentials, judges
 * every target (URL policy, every resolved address) where it opens the socket, reports refusals to
 * the tenant, and chains to a caller's proxy only after judging that proxy like any target.
 */

let target: FixtureServer;
let upstreamLog: string[];
let upstream: FixtureServer;
let proxy: EgressProxy;
const refusals: Array<{ target: string; code: string }> = [];
const tenant: EgressTenant = {
  onRefusal: (where, error: ApiError) => refusals.push({ target: where, code: error.code }),
};

beforeAll(async () => {
  target = await startFixtureServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`target saw ${req.url}`);
  });
  upstreamLog = [];
  upstream = await startFixtureServer((req, res) => {
    upstreamLog.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('via upstream');
  });
  proxy = await EgressProxy.start({
    fetchHostMap: new Map([
      ['site.test', '127.0.0.1'],
      ['upstream.test', '127.0.0.1'],
    ]),
    optOutHosts: new Set(['optedout.test']),
    NODE_ENV: 'test',
  });
});
afterAll(async () => {
  await proxy?.close();
  await target?.close();
  await upstream?.close();
});

const proxyPort = () => Number(new URL(proxy.url).port);
const basic = (credentials: { username: string; password: string }) =>
  `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;

function get(url: string, auth?: string): Promise<{ status: number; body: string } | 'dropped'> {
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: proxyPort(),
        path: url,
        headers: auth ? { 'proxy-authorization': auth } : {},
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', () => resolve('dropped'));
    req.end();
  });
}

function tunnel(authority: string, auth?: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(proxyPort(), '127.0.0.1', () => {
      socket.write(
        `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`,
      );
    });
    socket.once('data', (chunk) => {
      resolve(chunk.toString().split('\r\n')[0]);
      socket.destroy();
    });
    socket.on('error', () => resolve('error'));
  });
}

describe('the egress proxy', () => {
  it('asks for credentials, and forgets them when revoked', async () => {
    expect(await get(target.url('/a', 'site.test'))).toMatchObject({ status: 407 });
    expect(await tunnel(`site.test:${target.port}`)).toBe('HTTP/1.1 407 Proxy Authentication Required');
    const credentials = proxy.admit(tenant);
    expect(await get(target.url('/a', 'site.test'), basic(credentials))).toEqual({
      status: 200,
      body: 'target saw /a',
    });
    expect(
      await get(target.url('/a', 'site.test'), basic({ ...credentials, password: 'wrong' })),
    ).toMatchObject({ status: 407 });
    credentials.revoke();
    expect(await get(target.url('/a', 'site.test'), basic(credentials))).toMatchObject({ status: 407 });
  });

  it('tunnels to an allowed host and refuses private, opted-out and bad-port targets', async () => {
    const credentials = proxy.admit(tenant);
    const auth = basic(credentials);
    expect(await tunnel(`site.test:${target.port}`, auth)).toBe('HTTP/1.1 200 Connection Established');
    refusals.length = 0;
    expect(await tunnel(`127.0.0.1:${target.port}`, auth)).toBe('HTTP/1.1 403 Refused');
    expect(await tunnel('169.254.169.254:80', auth)).toBe('HTTP/1.1 403 Refused');
    expect(await tunnel('[::1]:443', auth)).toBe('HTTP/1.1 403 Refused');
    expect(await tunnel('optedout.test:443', auth)).toBe('HTTP/1.1 403 Refused');
    expect(await tunnel('site.test:25', auth)).toBe('HTTP/1.1 403 Refused');
    expect(refusals.map((refusal) => refusal.code)).toEqual([
      'SSRF_BLOCKED',
      'SSRF_BLOCKED',
      'SSRF_BLOCKED',
      'HOST_OPTED_OUT',
      'SSRF_BLOCKED',
    ]);
    credentials.revoke();
  });

  it('drops a plain request to a private address without answering for it', async () => {
    const credentials = proxy.admit(tenant);
    refusals.length = 0;
    expect(await get(`http://127.0.0.1:${target.port}/secret`, basic(credentials))).toBe('dropped');
    expect(refusals).toEqual([{ target: `http://127.0.0.1:${target.port}/secret`, code: 'SSRF_BLOCKED' }]);
    credentials.revoke();
  });

  it('chains to the caller’s proxy, which must itself be an allowed address', async () => {
    const through = proxy.admit({ ...tenant, upstream: { host: 'upstream.test', port: upstream.port } });
    expect(await get('http://site.test/page', basic(through))).toEqual({ status: 200, body: 'via upstream' });
    expect(upstreamLog).toEqual(['GET http://site.test/page']);
    through.revoke();
    const inside = proxy.admit({ ...tenant, upstream: { host: '10.0.0.5', port: 3128 } });
    refusals.length = 0;
    expect(await get('http://site.test/page', basic(inside))).toBe('dropped');
    expect(refusals[0].code).toBe('SSRF_BLOCKED');
    inside.revoke();
  });
});
