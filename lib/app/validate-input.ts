import type { z } from '@hono/zod-openapi';
import { type FieldIssue, validationError } from '../errors/api-error.js';

export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : 'body',
    message: issue.message,
  }));
}

/** Unknown keys are stripped (zod's default for objects), never an error. */
export function validateInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const details = issuesToDetails(result.error.issues);
    const summary = details.map((detail) => `${detail.field}: ${detail.message}`).join('; ');
    throw validationError(`Invalid parameters: ${summary}`, details);
  }
  return result.data;
}
