import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../lib/app/create-app.js';
import { tools } from '../../lib/tools/registry.js';

/** The contract written in the repository: every tool on one page, and every page reachable. */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const folder = join(root, 'docs/reference');
const pages = readdirSync(folder).filter((file) => file.endsWith('.md'));
const text = (file: string) => readFileSync(join(folder, file), 'utf8');

describe('docs/reference', () => {
  it('gives every tool of the registry a section on exactly one group page', () => {
    const homes = tools.map((tool) => ({
      tool: tool.name,
      pages: pages.filter((page) => new RegExp(`^## ${tool.name}$`, 'm').test(text(page))),
    }));
    expect(homes.filter((home) => home.pages.length !== 1)).toEqual([]);
  });

  it('states each tool’s base price as the registry does', () => {
    const wrong = tools.flatMap((tool) => {
      const page = pages.find((file) => new RegExp(`^## ${tool.name}$`, 'm').test(text(file)));
      const section = page ? text(page).split(`## ${tool.name}\n`)[1].split(/\n## /)[0] : '';
      const price = /\*\*Price:\*\* (\d+) credit/.exec(section)?.[1];
      return Number(price) === tool.basePrice
        ? []
        : [`${tool.name}: ${price} on the page, ${tool.basePrice} in code`];
    });
    expect(wrong).toEqual([]);
  });

  it('is linked from the README, from its index and from /docs', async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const index = text('README.md');
    const app = createApp({ services: new Promise(() => {}), tools: [], withDocuments: true });
    const document = (await (await app.request('/openapi.json')).json()) as { info: { description: string } };
    for (const page of pages) {
      expect(readme, `README links ${page}`).toContain(`docs/reference/${page}`);
      if (page !== 'README.md') {
        expect(index, `the index links ${page}`).toContain(`](${page})`);
        expect(document.info.description, `/docs names ${page}`).toContain(page);
      }
    }
    // Every relative link of the pages points at a page that exists.
    const links = pages.flatMap((page) =>
      [...text(page).matchAll(/\]\(([a-z-]+\.md)(?:#[^)]*)?\)/g)].map((m) => m[1]),
    );
    expect(links.filter((link) => !existsSync(join(folder, link)))).toEqual([]);
  });
});

/**
 * Files whose citations wait on their own restructure (the monitors folder and the research
 * helpers being moved out of their tool folders); each is rewritten there.
 */
const CITATIONS_PENDING: RegExp[] = [];

describe('citations', () => {
  it('cite docs/reference or the rule itself, never a specification document outside the repository', () => {
    const folders = ['lib', 'functions', 'scripts', 'test', 'infra', 'docs'];
    const files = [
      'README.md',
      ...folders.flatMap((folder) =>
        readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
          .filter((file) => /\.(ts|tsx|md)$/.test(file))
          .map((file) => `${folder}/${file}`),
      ),
    ].filter(
      (file) => !file.startsWith('test/fixtures/') && !CITATIONS_PENDING.some((rule) => rule.test(file)),
    );
    // A public standard's section (RFC 9309 §2.5, WHATWG HTML §5.2) names its document; a bare § did not.
    const outside = /\b[Dd]oc(?:ument)? [12]\b|(?<!(?:RFC \d+|HTML|ISO 32000-2) )§\d/;
    const citing = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (outside.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });
});
