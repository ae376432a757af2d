import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = fileURLToPath(new URL('../fixtures/corpus/', import.meta.url));

export interface CorpusEntry {
  file: string;
  url: string;
}

export function corpusManifest(): CorpusEntry[] {
  return JSON.parse(readFileSync(`${CORPUS_DIR}manifest.json`, 'utf8')) as CorpusEntry[];
}

export function readCorpusFile(file: string): string {
  return readFileSync(`${CORPUS_DIR}${file}`, 'utf8');
}
