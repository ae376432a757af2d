import { randomInt } from 'node:crypto';
import type { StealthConfig } from './stealth-config.js';

/**
 * proxyRotation (docs/reference/browsers.md#stealth_mode, shape ours): the caller's own proxies, one picked at random for
 * each context. The egress proxy chains to it after its own checks.
 */
export function pickProxy(config: StealthConfig): string | null {
  const rotation = config.proxyRotation;
  if (!rotation?.enabled || rotation.proxies.length === 0) return null;
  return rotation.proxies[randomInt(rotation.proxies.length)];
}

/** The config as echoed back: proxy passwords never leave the service. */
export function maskProxyCredentials(config: StealthConfig): StealthConfig {
  if (!config.proxyRotation) return config;
  return {
    ...config,
    proxyRotation: {
      ...config.proxyRotation,
      proxies: config.proxyRotation.proxies.map((proxy) => {
        const url = new URL(proxy);
        if (url.password) url.password = '****';
        return url.href.replace(/\/$/, '');
      }),
    },
  };
}
