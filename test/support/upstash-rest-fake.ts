import { Redis } from 'ioredis';
import { type FixtureServer, startFixtureServer } from './fixture-server.js';

/**
 * Upstash's REST protocol (POST a JSON command array, get `{result}`; base64-encoded strings when
 * the client asks with `Upstash-Encoding: base64`) served on loopback over the real Redis, so the
 * Upstash driver is exercised end to end without the internet.
 */
export async function startUpstashRestFake(redisUrl: string, token: string) {
  const redis = new Redis(redisUrl);
  const encode = (value: unknown, base64: boolean): unknown => {
    if (!base64) return value;
    if (typeof value === 'string') return value === 'OK' ? value : Buffer.from(value).toString('base64');
    if (Array.isArray(value)) return value.map((item) => encode(item, base64));
    return value;
  };
  const server: FixtureServer = await startFixtureServer(async (req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Unauthorized' }));
      return;
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    const base64 = String(req.headers['upstash-encoding'] ?? '').toLowerCase() === 'base64';
    const run = async (command: (string | number)[]) => {
      try {
        const [name, ...args] = command;
        return { result: encode(await redis.call(String(name), ...args.map(String)), base64) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    const parsed = JSON.parse(body);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const reply =
      path === '/pipeline' || path === '/multi-exec' ? await Promise.all(parsed.map(run)) : await run(parsed);
    res.writeHead(!Array.isArray(reply) && 'error' in reply ? 400 : 200, {
      'content-type': 'application/json',
    });
    res.end(JSON.stringify(reply));
  });
  return {
    url: server.url('').replace(/\/$/, ''),
    close: async () => {
      await server.close();
      redis.disconnect();
    },
  };
}
