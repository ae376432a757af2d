import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedDispatcher } from '../../lib/fetch/guarded-dispatcher.js';

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

describe('HTTPS over a pinned address', () => {
  it('connects to the checked address but verifies the certificate against the host name', async () => {
    const dispatcher = createGuardedDispatcher({ hostMap: new Map([['site.test', '127.0.0.1']]), ca: CERT });
    const response = await request(`https://site.test:${port}/`, { dispatcher });
    expect(response.statusCode).toBe(200);
    expect(await response.body.text()).toBe('tls ok');
    await dispatcher.close();
  });

  it('still refuses a certificate issued for another name', async () => {
    const dispatcher = createGuardedDispatcher({ hostMap: new Map([['other.test', '127.0.0.1']]), ca: CERT });
    await expect(request(`https://other.test:${port}/`, { dispatcher })).rejects.toMatchObject({
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    });
    await dispatcher.close();
  });
});
