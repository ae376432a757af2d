import type { IncomingMessage } from 'node:http';
import { createServer, get, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedAgents, type GuardedAgents } from '../../lib/fetch/guarded-agent.js';

// A throwaway self-signed certificate for `site.test` only (valid 2000-2100), made for this test.
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgqZ9+hc4+PbnG45cg
kS9Je9/eijO2qmggrndLHLRQ93ChRANCAAQhnaVzZlxP7f4bkDv44P6kyo+AfKZg
FLj1sEMg15UG3bJbEV95UZSuCy8AKYa5fuQJlS7Ix57SmjKlgLPmI29q
-----END PRIVATE KEY-----`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBYTCCAQegAwIBAgIBATAKBggqhkjOPQQDAjAUMRIwEAYDVQQDDAlzaXRlLnRl
c3QwIBcNMDAwMTAxMDAwMDAwWhgPMjEwMDAxMDEwMDAwMDBaMBQxEjAQBgNVBAMM
CXNpdGUudGVzdDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABCGdpXNmXE/t/huQ
O/jg/qTKj4B8pmAUuPWwQyDXlQbdslsRX3lRlK4LLwAphrl+5AmVLsjHntKaMqWA
s+Yjb2qjSDBGMBQGA1UdEQQNMAuCCXNpdGUudGVzdDAPBgNVHRMBAf8EBTADAQH/
MB0GA1UdDgQWBBS1ChXMFxdkc2o7Y6OJ5tVDMViFnDAKBggqhkjOPQQDAgNIADBF
AiB9Ci0kecfMosM95QAd5g4BaxhiHz4VNKOQpj+tHmFLiQIhANwxi/u7sldFmv5i
h12EVxps3z6kPrQ3sU5BKPN5uJCI
-----END CERTIFICATE-----`;

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer({ key: KEY, cert: CERT }, (_req, res) => res.end('tls ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function fetchText(url: string, agents: GuardedAgents): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: agents.https }, (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).once('error', reject);
  });
}

describe('HTTPS over a pinned address', () => {
  it('connects to the checked address but verifies the certificate against the host name', async () => {
    const agents = createGuardedAgents({ hostMap: new Map([['site.test', '127.0.0.1']]), ca: [CERT] });
    expect(await fetchText(`https://site.test:${port}/`, agents)).toEqual({ status: 200, body: 'tls ok' });
    agents.close();
  });

  it('still refuses a certificate issued for another name', async () => {
    const agents = createGuardedAgents({ hostMap: new Map([['other.test', '127.0.0.1']]), ca: [CERT] });
    await expect(fetchText(`https://other.test:${port}/`, agents)).rejects.toMatchObject({
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    });
    agents.close();
  });

  it('sends a mapped name with a port to that port, whatever port the URL names', async () => {
    const agents = createGuardedAgents({
      hostMap: new Map([['site.test', `127.0.0.1:${port}`]]),
      ca: [CERT],
    });
    expect(await fetchText('https://site.test/', agents)).toEqual({ status: 200, body: 'tls ok' });
    agents.close();
  });
});
