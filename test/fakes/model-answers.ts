/**
 * How the three model fakes "think": deterministic answers a test can predict. With a JSON Schema,
 * each property is filled from a `name: value` line of the content when there is one, else with a
 * placeholder of its type, so the answer validates. Triggers in the conversation's first user
 * message: fake:invalid-once (the first answer breaks the schema, the retry is right),
 * fake:invalid-always, fake:not-json, fake:cut-off-once (the first answer stops mid-JSON at the
 * token limit, as a small local model does; the retry is right).
 */
type Schema = Record<string, unknown>;

export interface Conversation {
  /** Every user message, oldest first. */
  userMessages: string[];
  schema?: Schema;
}

export function fakeModelAnswer(conversation: Conversation): string {
  const first = conversation.userMessages[0] ?? '';
  const isRetry = conversation.userMessages.length > 1;
  if (!conversation.schema) {
    const content = /<content>\s*([\s\S]*?)\s*<\/content>/.exec(first)?.[1] ?? first;
    const sentence = content.split(/(?<=[.!?])\s+/)[0]?.trim() ?? '';
    return `According to the content: ${sentence.slice(0, 300)}`;
  }
  if (first.includes('fake:not-json')) return 'I would rather describe it in words.';
  if (cutOff(conversation)) return JSON.stringify(fill(conversation.schema, first, '')).slice(0, 12);
  if (first.includes('fake:invalid-always') || (first.includes('fake:invalid-once') && !isRetry)) {
    return JSON.stringify(breakSchema(conversation.schema));
  }
  return JSON.stringify(fill(conversation.schema, first, ''));
}

/** Whether this answer is the one that stops at the token limit (fake:cut-off-once, first answer). */
export function cutOff(conversation: Conversation): boolean {
  return (
    conversation.schema !== undefined &&
    (conversation.userMessages[0] ?? '').includes('fake:cut-off-once') &&
    conversation.userMessages.length === 1
  );
}

/** Tokens as the fakes count them: about one per word, as real tokenizers roughly do for English. */
export function countTokens(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function fill(schema: Schema, content: string, name: string): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(alternatives)) {
    // A nullable field: the value when the content states one, else null.
    const typed = alternatives.find((alternative) => alternative.type !== 'null') ?? {};
    const stated = new RegExp(`^\\s*[-*]?\\s*${escapeRegExp(name)}\\s*[:=]`, 'im').test(content);
    return stated || !alternatives.some((alternative) => alternative.type === 'null')
      ? fill(typed, content, name)
      : null;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  const stated = name
    ? new RegExp(`^\\s*[-*]?\\s*${escapeRegExp(name)}\\s*[:=]\\s*(.+?)\\s*$`, 'im').exec(content)?.[1]
    : undefined;
  switch (type) {
    case 'object':
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, fill(child, content, key)]),
      );
    }
    case 'array':
      return stated
        ? stated.split(/\s*,\s*/).map((item) => coerce(item, (schema.items as Schema | undefined)?.type))
        : [];
    case 'number':
    case 'integer': {
      const number = stated ? Number(/-?\d+(\.\d+)?/.exec(stated)?.[0]) : Number.NaN;
      return Number.isFinite(number) ? (type === 'integer' ? Math.round(number) : number) : 0;
    }
    case 'boolean':
      return stated ? /^(yes|true|in stock)$/i.test(stated) : false;
    case 'null':
      return null;
    default:
      return stated ?? `${name || 'value'} not stated`;
  }
}

function coerce(value: string, type: unknown): unknown {
  if (type === 'number' || type === 'integer') return Number(value);
  return value;
}

/** An answer that fails the schema: every property of the wrong type, required ones missing. */
function breakSchema(schema: Schema): unknown {
  if (schema.type !== 'object') return { unexpected: true };
  const properties = Object.keys((schema.properties ?? {}) as Schema);
  return Object.fromEntries(properties.slice(1).map((key) => [key, { wrong: 'type' }]));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
