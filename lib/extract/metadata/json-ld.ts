import { type Element, rawText } from '../../html/dom.js';

export type JsonLdObject = Record<string, unknown>;

/**
 * Every `application/ld+json` block, parsed. Real pages often carry raw newlines or tabs inside JSON
 * strings (invalid JSON that browsers and Google accept); control characters are turned into spaces
 * before parsing so those blocks are not lost. Blocks that still fail are skipped.
 */
export function parseJsonLd(scripts: Element[]): unknown[] {
  const out: unknown[] = [];
  for (const el of scripts) {
    const raw = el.children
      .map((child) => (child.type === 'text' ? child.data : rawText(child)))
      .join('')
      .trim();
    if (!raw) continue;
    const text = raw
      .replace(/^\s*(?:<!--|<!\[CDATA\[)/, '')
      .replace(/(?:-->|\]\]>)\s*$/, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
      .replace(/[\u0000-\u001f]+/g, ' ');
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) out.push(...parsed);
      else if (parsed !== null) out.push(parsed);
    } catch {
      // Invalid JSON-LD says nothing reliable; the other blocks still count.
    }
  }
  return out;
}

function isObject(value: unknown): value is JsonLdObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** All objects in the JSON-LD, descending into `@graph` and nested values, breadth first. */
export function jsonLdObjects(blocks: unknown[]): JsonLdObject[] {
  const out: JsonLdObject[] = [];
  const queue: unknown[] = [...blocks];
  let visited = 0;
  // A bound on nodes visited: some sites embed product catalogues of thousands of objects.
  while (queue.length > 0 && visited < 5000) {
    const value = queue.shift();
    visited++;
    if (Array.isArray(value)) {
      queue.push(...value);
    } else if (isObject(value)) {
      out.push(value);
      for (const child of Object.values(value))
        if (typeof child === 'object' && child !== null) queue.push(child);
    }
  }
  return out;
}

const ARTICLE_TYPES = /^(?:\w+)?(?:Article|BlogPosting|Posting|Report|LiveBlogPosting|NewsArticle)$/;

export function typesOf(object: JsonLdObject): string[] {
  const type = object['@type'];
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return [];
}

/** The first Article-like object (NewsArticle, BlogPosting, TechArticle…). */
export function findArticle(objects: JsonLdObject[]): JsonLdObject | null {
  return objects.find((object) => typesOf(object).some((type) => ARTICLE_TYPES.test(type))) ?? null;
}

export function stringValue(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return stringValue(value[0]);
  if (isObject(value)) return stringValue(value['@value'] ?? value.name ?? value.url);
  return null;
}

/** Names of `author` values: a string, a Person/Organization object, or an array of either. */
export function authorNames(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  const names: string[] = [];
  for (const item of values) {
    const name = typeof item === 'string' ? item : isObject(item) ? stringValue(item.name) : null;
    if (name && !/^https?:\/\//.test(name)) names.push(name.trim());
  }
  return names;
}

export function imageUrl(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return imageUrl(value[0]);
  if (isObject(value)) return stringValue(value.url ?? value.contentUrl);
  return null;
}
