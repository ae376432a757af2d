import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tools } from '../lib/tools/registry.js';
import { PROJECT_ROOT } from './stack.js';

const toolsDir = `${PROJECT_ROOT}/functions/tools`;
const wiringFiles = readdirSync(toolsDir).filter((file) => file.endsWith('.ts'));
const registryNames = tools.map((tool) => tool.name);

/** analyze_content → analyze-content: the folder under lib/tools/ that defines the tool. */
const folderOf = (name: string) => name.replaceAll('_', '-');

describe('functions/tools wiring', () => {
  it('has exactly one wiring file per registry tool, and none for a tool the registry does not list', () => {
    const wired = wiringFiles.map((file) => file.replace(/\.ts$/, '')).sort();
    expect(
      wired,
      'functions/tools/<name>.ts must match lib/tools/registry.ts one to one: add the wiring file, or the registry line',
    ).toEqual([...registryNames].sort());
    expect(new Set(registryNames).size, 'a tool name appears twice in the registry').toBe(
      registryNames.length,
    );
  });

  it.each(wiringFiles)('%s is one line of wiring over the tool of the same name', (file) => {
    const name = file.replace(/\.ts$/, '');
    const source = readFileSync(`${toolsDir}/${file}`, 'utf8');
    expect(
      existsSync(`${PROJECT_ROOT}/lib/tools/${folderOf(name)}/index.ts`),
      `lib/tools/${folderOf(name)}/index.ts`,
    ).toBe(true);
    expect(source).toContain(`from '../../lib/tools/${folderOf(name)}/index.js'`);
    expect(source).toMatch(/^export const handler = toolHandler\(\w+\);$/m);
  });
});
