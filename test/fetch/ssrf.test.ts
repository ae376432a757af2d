import { get } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, guardedRequest } from '../../lib/fetch/fetch-page.js';
import {
  createGuardedAgents,
  guardedAddresses,
  type HostResolver,
  setHostResolverForTests,
} from '../../lib/fetch/guarded-agent.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import { rejectionOf, testFetchEnv } from './fetch-env.js';

let server: FixtureServer;
const paths: string[] = [];

beforeAll(async () => {
  server = await startFixtureServer((req, res) => {
    paths.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<p>internal secret</p>');
  });
});
afterAll(() => server.close());
afterEach(() => setHostResolverForTests(null));

// `{port}` is the loopback fixture's port: a form that slipped through would land there and count.
const refusedForms = [
  // IPv4 loopback in every spelling WHATWG URL normalises.
  'http://127.0.0.1:{port}/',
  'https://127.0.0.1:{port}/',
  'http://127.1:{port}/',
  'http://127.0.1:{port}/',
  'http://2130706433:{port}/',
  'http://0x7f000001:{port}/',
  'http://0x7f.0.0.1:{port}/',
  'http://0x7f.1:{port}/',
  'http://0177.0.0.1:{port}/',
  'http://017700000001:{port}/',
  'http://127.0.0.2:{port}/',
  'http://127.255.255.254:{port}/',
  'http://127.0.0.1.:{port}/',
  'http://１２７.０.０.１:{port}/',
  'http://127。0。0。1:{port}/',
  // "This host" reaches local listeners on Linux.
  'http://0.0.0.0:{port}/',
  'http://0:{port}/',
  'http://[::]:{port}/',
  // IPv6 loopback and every IPv4-embedding form of 127.0.0.1.
  'http://[::1]:{port}/',
  'http://[0:0:0:0:0:0:0:1]:{port}/',
  'http://[::ffff:127.0.0.1]:{port}/',
  'http://[::ffff:7f00:1]:{port}/',
  'http://[::7f00:1]:{port}/',
  'http://[::127.0.0.1]:{port}/',
  'http://[64:ff9b::7f00:1]:{port}/',
  'http://[64:ff9b:1::7f00:1]:{port}/',
  'http://[2002:7f00:1::]:{port}/',
  'http://[::ffff:0:7f00:1]:{port}/',
  // Names for this machine.
  'http://localhost:{port}/',
  'http://localhost.:{port}/',
  'http://LOCALHOST:{port}/',
  'http://app.localhost:{port}/',
  'http://ｌｏｃａｌｈｏｓｔ:{port}/',
  'http://localhost%2e:{port}/',
  'http://printer.local/',
  'http://intranet/',
  // Cloud metadata by address and by name.
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
  'http://[::a9fe:a9fe]/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://169.254.170.2/v2/credentials',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata/computeMetadata/v1/',
  'http://instance-data/latest/meta-data/',
  'http://instance-data.ec2.internal/latest/',
  // Private, shared and special-purpose IPv4.
  'http://10.0.0.1/',
  'http://10.255.255.255/',
  'http://172.16.0.1/',
  'http://172.31.255.254/',
  'http://192.168.0.1/',
  'http://100.64.0.1/',
  'http://100.127.255.254/',
  'http://169.254.1.1/',
  'http://192.0.0.8/',
  'http://192.0.2.10/',
  'http://198.18.0.1/',
  'http://198.19.255.254/',
  'http://198.51.100.1/',
  'http://203.0.113.1/',
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  'http://240.0.0.1/',
  'http://255.255.255.255/',
  // Special-purpose IPv6.
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[ff02::1]/',
  'http://[100::1]/',
  'http://[2001:db8::1]/',
  'http://[2001::1]/',
  'http://[fec0::1]/',
  'http://[2002:a00:1::]/',
  'http://[64:ff9b::a00:1]/',
  // Schemes other than http(s) and credentials in the URL, even on a host that is otherwise allowed.
  'ftp://127.0.0.1:{port}/',
  'ftp://site.test:{port}/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<p>hi</p>',
  'gopher://site.test:{port}/',
  'ws://site.test:{port}/',
  'http://user:pass@site.test:{port}/',
  'http://user@site.test:{port}/',
  'http://:pass@site.test:{port}/',
  // Ports the Fetch standard blocks (SMTP, SSH).
  'http://site.test:25/',
  'http://site.test:22/',
];

describe('URLs refused before any connection', () => {
  it('covers at least forty forms', () => {
    expect(refusedForms.length).toBeGreaterThanOrEqual(40);
  });

  it.each(refusedForms)('%s is 403 SSRF_BLOCKED and opens no connection', async (form) => {
    const url = form.replace('{port}', String(server.port));
    const before = server.connections();
    const error = await rejectionOf(
      fetchPage(testFetchEnv(), url, { timeoutMs: 5_000, respectRobots: false }),
    );
    expect(error.code, error.message).toBe('SSRF_BLOCKED');
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/^Refused to fetch /);
    expect(server.connections()).toBe(before);
    expect(paths).toEqual([]);
  });

  it('names the reason in the message', async () => {
    const env = testFetchEnv();
    const loopback = await rejectionOf(fetchPage(env, 'http://[::ffff:7f00:1]/', { timeoutMs: 1_000 }));
    expect(loopback.message).toContain('127.0.0.1 (loopback)');
    const metadata = await rejectionOf(fetchPage(env, 'http://169.254.169.254/', { timeoutMs: 1_000 }));
    expect(metadata.message).toContain('cloud metadata');
    const scheme = await rejectionOf(fetchPage(env, 'file:///etc/passwd', { timeoutMs: 1_000 }));
    expect(scheme.message).toContain('scheme file: is not allowed');
  });

  it('answers 400 for a string that is not a URL at all', async () => {
    const error = await rejectionOf(fetchPage(testFetchEnv(), 'not a url', { timeoutMs: 1_000 }));
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
  });
});

describe('the permanent opt-out list', () => {
  it.each([
    'http://optout.test/',
    'http://OptOut.Test./page',
    'http://www.optout.test/',
    'https://a.b.optout.test/x',
  ])('%s is 403 HOST_OPTED_OUT even with respect_robots false', async (url) => {
    const error = await rejectionOf(
      fetchPage(testFetchEnv(), url, { timeoutMs: 1_000, respectRobots: false }),
    );
    expect(error).toMatchObject({ code: 'HOST_OPTED_OUT', status: 403 });
  });

  it('wins over FETCH_HOST_MAP and does not catch look-alike hosts', async () => {
    const env = testFetchEnv({ OPT_OUT_HOSTS: 'site.test' });
    const error = await rejectionOf(fetchPage(env, server.url('/', 'site.test'), { timeoutMs: 1_000 }));
    expect(error.code).toBe('HOST_OPTED_OUT');
    const other = await fetchPage(env, server.url('/', 'other.test'), {
      timeoutMs: 5_000,
      respectRobots: false,
    });
    expect(other.status).toBe(200);
    paths.length = 0;
  });
});

describe('names resolved at connect time', () => {
  function resolveTo(table: Record<string, string[]>, calls: string[] = []): HostResolver {
    return async (hostname) => {
      calls.push(hostname);
      const addresses = table[hostname];
      if (!addresses)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  }

  it('refuses a public-looking name that resolves to loopback, before connecting', async () => {
    const calls: string[] = [];
    setHostResolverForTests(resolveTo({ 'rebind.example': ['127.0.0.1'] }, calls));
    const before = server.connections();
    const url = `http://rebind.example:${server.port}/`;
    const error = await rejectionOf(
      fetchPage(testFetchEnv(), url, { timeoutMs: 2_000, respectRobots: false }),
    );
    expect(error).toMatchObject({ code: 'SSRF_BLOCKED', status: 403 });
    expect(error.message).toContain('rebind.example (resolves to 127.0.0.1)');
    expect(server.connections()).toBe(before);
  });

  it('answers SSRF_BLOCKED, not a robots.txt disallow, when robots.txt is respected', async () => {
    setHostResolverForTests(resolveTo({ 'rebind.example': ['127.0.0.1'] }));
    const before = server.connections();
    const error = await rejectionOf(
      fetchPage(testFetchEnv(), `http://rebind.example:${server.port}/page`, { timeoutMs: 2_000 }),
    );
    expect(error).toMatchObject({ code: 'SSRF_BLOCKED', status: 403 });
    expect(server.connections()).toBe(before);
  });

  it('resolves once per connection: the judged answer is the one connected to', async () => {
    const calls: string[] = [];
    setHostResolverForTests(resolveTo({ 'rebind.example': ['127.0.0.1'] }, calls));
    const url = `http://rebind.example:${server.port}/`;
    await expect(
      guardedRequest(testFetchEnv(), url, { timeoutMs: 2_000, maxBytes: 1024 }),
    ).rejects.toMatchObject({
      code: 'SSRF_BLOCKED',
    });
    expect(calls).toEqual(['rebind.example']);
  });

  it('refuses the whole answer when any one address is private', async () => {
    setHostResolverForTests(
      resolveTo({ 'mixed.example': ['93.184.216.34', '2606:2800:220:1::1', '10.1.2.3'] }),
    );
    const error = await rejectionOf(
      fetchPage(testFetchEnv(), `http://mixed.example:${server.port}/`, {
        timeoutMs: 2_000,
        respectRobots: false,
      }),
    );
    expect(error).toMatchObject({ code: 'SSRF_BLOCKED' });
    expect(error.message).toContain('10.1.2.3');
  });

  it.each([
    ['v6-loopback.example', ['::1']],
    ['mapped.example', ['::ffff:127.0.0.1']],
    ['metadata.example', ['169.254.169.254']],
    ['unspecified.example', ['0.0.0.0']],
    ['ula.example', ['fd00::5']],
  ])('refuses %s resolving to %j', async (name, addresses) => {
    setHostResolverForTests(resolveTo({ [name]: addresses }));
    await expect(guardedAddresses(name, new Map())).rejects.toMatchObject({ code: 'SSRF_BLOCKED' });
  });

  it('passes every address of a public answer through, in order', async () => {
    setHostResolverForTests(resolveTo({ 'public.example': ['93.184.216.34', '2606:2800:220:1::1'] }));
    await expect(guardedAddresses('public.example', new Map())).resolves.toEqual([
      '93.184.216.34',
      '2606:2800:220:1::1',
    ]);
  });

  it('answers 502 FETCH_FAILED when the name does not resolve', async () => {
    setHostResolverForTests(resolveTo({}));
    const error = await rejectionOf(fetchPage(testFetchEnv(), 'http://nx.example/', { timeoutMs: 2_000 }));
    expect(error).toMatchObject({ code: 'FETCH_FAILED', status: 502 });
    expect(error.message).toContain('nx.example');
  });

  it('guards the socket itself: real /etc/hosts localhost and literal IPs, with no URL policy in front', async () => {
    const agents = createGuardedAgents({ hostMap: new Map() });
    const before = server.connections();
    for (const url of [
      `http://localhost:${server.port}/`,
      `http://127.0.0.1:${server.port}/`,
      `http://[::1]:${server.port}/`,
    ]) {
      const refused = new Promise((resolve, reject) => {
        get(url, { agent: agents.http }, resolve).once('error', reject);
      });
      await expect(refused).rejects.toMatchObject({ code: 'SSRF_BLOCKED' });
    }
    expect(server.connections()).toBe(before);
    agents.close();
  });

  it('ignores FETCH_HOST_MAP in production, where the mapped name resolves like any other', async () => {
    setHostResolverForTests(resolveTo({ 'site.test': ['127.0.0.1'] }));
    const env = testFetchEnv();
    const production = { ...env, config: { ...env.config, NODE_ENV: 'production' as const } };
    const before = server.connections();
    const error = await rejectionOf(
      fetchPage(production, server.url('/', 'site.test'), { timeoutMs: 2_000, respectRobots: false }),
    );
    expect(error).toMatchObject({ code: 'SSRF_BLOCKED', status: 403 });
    expect(server.connections()).toBe(before);
  });

  it('connects a FETCH_HOST_MAP host to its mapped loopback address, on any port, without a lookup', async () => {
    const calls: string[] = [];
    setHostResolverForTests(resolveTo({}, calls));
    const page = await fetchPage(testFetchEnv(), server.url('/mapped', 'site.test.'), {
      timeoutMs: 5_000,
      respectRobots: false,
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain('internal secret');
    expect(calls).toEqual([]);
    paths.length = 0;
  });
});
