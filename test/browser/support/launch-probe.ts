import { readdirSync, readFileSync } from 'node:fs';
import { DEBIAN_CHROMIUM } from '../../../lib/browser/config.js';
import { launchChromium } from '../../../lib/browser/launch/chromium.js';

/**
 * Launches Chromium the way the service does, opens a page so a renderer starts, and prints what
 * each of its processes runs with: its flags, whether a seccomp filter confines it (the sandbox's
 * mark: `Seccomp: 2`) and the names of its environment variables. Run in its own process so a test
 * can run it as another user.
 */

interface ProcessView {
  pid: number;
  type: string;
  noSandbox: boolean;
  seccomp: string;
  environment: string[];
  /** The raw environment block (a process that rewrote its title may have overwritten it). */
  raw: string;
}

function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const frontier = [root];
  while (frontier.length > 0) {
    const parent = frontier.pop() as number;
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push(pid);
        frontier.push(pid);
      }
    }
  }
  return found;
}

function view(pid: number): ProcessView | null {
  try {
    // Chromium's children rewrite their title: flags may come space-separated in one string.
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    if (!args[0].includes('chrom')) return null;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const raw = readFileSync(`/proc/${pid}/environ`, 'utf8');
    const environ = raw.split('\0').filter(Boolean);
    return {
      pid,
      type: args.find((arg) => arg.startsWith('--type='))?.slice(7) ?? 'browser',
      noSandbox: args.includes('--no-sandbox'),
      seccomp: /^Seccomp:\s+(\d)/m.exec(status)?.[1] ?? '?',
      environment: environ.map((pair) => pair.slice(0, pair.indexOf('='))),
      raw,
    };
  } catch {
    return null;
  }
}

const browser = await launchChromium(DEBIAN_CHROMIUM);
try {
  const page = await browser.newPage();
  await page.setContent('<p>probe</p>');
  const processes = descendants(process.pid)
    .map(view)
    .filter((entry): entry is ProcessView => entry !== null);
  console.log(JSON.stringify(processes));
} finally {
  await browser.close();
}
