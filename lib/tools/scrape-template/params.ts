import type { z } from '@hono/zod-openapi';
import { ApiError, type FieldIssue } from '../../errors/api-error.js';
import type { AnyParamsSchema, ParamsTemplate } from './template.js';

/** How `template: list` describes one parameter (docs/reference/templates.md#scrape_template). */
export interface ParamDescription {
  name: string;
  required: boolean;
  description: string;
}

export function describeParams(schema: AnyParamsSchema): ParamDescription[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => ({
    name,
    required: !field.safeParse(undefined).success,
    description: field.description ?? '',
  }));
}

/**
 * The params a connector runs with: those a platform URL stands for, overridden by those sent.
 * A missing or bad one is 400 INVALID_TEMPLATE_PARAMS naming it; unknown names are dropped with a
 * warning, since a typo silently ignored would return a default the caller did not ask for.
 */
export function validateParams(
  template: ParamsTemplate,
  sent: Record<string, unknown>,
  warn: (message: string) => void,
): Record<string, unknown> {
  const known = new Set(Object.keys(template.params.shape));
  const unknown = Object.keys(sent).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    warn(
      `params ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not a parameter of ${template.id}; ignored`,
    );
  }
  const result = template.params.safeParse(sent);
  if (result.success) return result.data as Record<string, unknown>;
  const details: FieldIssue[] = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'params');
    const missing = issue.code === 'invalid_type' && issue.path.length > 0 && sent[name] === undefined;
    return {
      field: issue.path.length > 0 ? `params.${issue.path.map(String).join('.')}` : 'params',
      message: missing
        ? `${name} is required`
        : issue.code === 'custom'
          ? issue.message
          : `${name}: ${issue.message}`,
    };
  });
  throw new ApiError(
    'INVALID_TEMPLATE_PARAMS',
    `Invalid params for ${template.id}: ${details.map((detail) => detail.message).join('; ')}`,
    { details },
  );
}
