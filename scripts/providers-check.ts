import { pathToFileURL } from 'node:url';
import { parseConfig } from '../lib/env.js';
import { CHECK_WORD, checkProviders, type ProviderCheck } from '../lib/providers/check/check-providers.js';

/**
 * `npm run providers:check`: reads the provider variables the service reads, makes one harmless,
 * cheap call per configured provider, and prints for each whether it is configured and reachable,
 * the latency, the rate-limit or quota headers it sent, and the exact error otherwise. Exits 1
 * when a configured provider failed. Never prints a key or a login.
 */
export function formatChecks(checks: readonly ProviderCheck[]): string {
  const width = Math.max(...checks.map((check) => check.provider.length)) + 2;
  const lines = [
    `Provider check: one cheap call each ("${CHECK_WORD}" searched, model lists, one-token completions).`,
    '',
  ];
  for (const check of checks) {
    const name = check.provider.padEnd(width);
    if (!check.configured) {
      lines.push(`${name}not configured (set ${check.variables})`);
      continue;
    }
    const reach = check.reachable ? 'reachable' : 'unreachable';
    const status = check.ok ? 'ok' : 'FAILED';
    lines.push(
      `${name}configured, ${reach}, ${check.latencyMs} ms, ${status}${check.ok ? `: ${check.detail}` : ''}`,
    );
    const limits = Object.entries(check.limits);
    if (limits.length > 0)
      lines.push(
        `${' '.repeat(width)}limits: ${limits.map(([header, value]) => `${header}: ${value}`).join('; ')}`,
      );
    for (const warning of check.warnings) lines.push(`${' '.repeat(width)}warning: ${warning}`);
    if (check.error) lines.push(`${' '.repeat(width)}error: ${check.error}`);
  }
  const failed = checks.filter((check) => check.configured && !check.ok).length;
  const configured = checks.filter((check) => check.configured).length;
  lines.push(
    '',
    failed === 0
      ? `${configured} configured, all answered.`
      : `${failed} of ${configured} configured failed.`,
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const checks = await checkProviders(parseConfig());
  console.log(formatChecks(checks));
  process.exitCode = checks.some((check) => check.configured && !check.ok) ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
