import { ExpansionLimitError, type PlainJsonResult, toPlainJson } from './plain-json.js';
import { type EmbeddedState, type FoundSource, SOURCE_NAMES, type SourceName } from './sources.js';

/** Gathers sources as they are read and hands back `found`/`data` in the reference order. */
export class SourceCollector {
  readonly warnings: string[] = [];
  private readonly sources = new Map<SourceName, { variable: string; bytes: number; value: unknown }>();

  has(name: SourceName): boolean {
    return this.sources.has(name);
  }

  get(name: SourceName): unknown {
    return this.sources.get(name)?.value;
  }

  add(name: SourceName, variable: string, bytes: number, value: unknown): void {
    let plain: PlainJsonResult;
    try {
      plain = toPlainJson(value);
    } catch (error) {
      if (!(error instanceof ExpansionLimitError)) throw error;
      this.warnings.push(`${name}: ${variable} ${error.message}; skipped`);
      return;
    }
    if (plain.cycles > 0) {
      this.warnings.push(`${name}: ${plain.cycles} circular reference(s) replaced by "[Circular]"`);
    }
    if (plain.truncatedDepth)
      this.warnings.push(`${name}: values nested deeper than 1000 levels replaced by null`);
    this.sources.set(name, { variable, bytes, value: plain.value });
  }

  /** Replaces a source's value when a second carrier adds to it; both carriers are named. */
  update(name: SourceName, variable: string, extraBytes: number, value: unknown): void {
    const current = this.sources.get(name);
    const variables =
      current && current.variable !== variable ? `${current.variable}, ${variable}` : variable;
    this.add(name, variables, (current?.bytes ?? 0) + extraBytes, value);
  }

  warn(message: string): void {
    this.warnings.push(message);
  }

  result(): EmbeddedState {
    const found: FoundSource[] = [];
    const data: EmbeddedState['data'] = {};
    for (const name of SOURCE_NAMES) {
      const source = this.sources.get(name);
      if (!source) continue;
      found.push({ name, variable: source.variable, bytes: source.bytes });
      data[name] = source.value;
    }
    return { found, data, warnings: this.warnings };
  }
}
