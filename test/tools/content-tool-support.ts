import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { expect } from 'vitest';
import type { AnyToolSchema, ToolContext } from '../../lib/tools/define.js';

/** The slice of a metered call the content form of a tool touches; services are never reached. */
export function contentFormContext(): ToolContext & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    requestId: 'req_test',
    account: { id: 'acc_test', plan: 'free' },
    apiKeyId: 'key_test',
    services: {} as ToolContext['services'],
    heldCredits: 0,
    warn: (message) => {
      warnings.push(message);
    },
    recordRobotsOverride: async () => {},
    signal: new AbortController().signal,
    warnings,
  };
}

/** The request-body properties as the OpenAPI document will show them. */
export function documentedProperties(
  schema: AnyToolSchema,
): Record<string, { description?: string; example?: unknown }> {
  const app = new OpenAPIHono();
  const route = createRoute({
    method: 'post',
    path: '/tool',
    request: { body: { content: { 'application/json': { schema } } } },
    responses: { 200: { description: 'ok' } },
  });
  app.openapi(route, (c) => c.json({}));
  const document = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'test', version: '1.0.0' } });
  const body = document.paths?.['/tool']?.post?.requestBody as {
    content: { 'application/json': { schema: { properties: Record<string, { description?: string }> } } };
  };
  return body.content['application/json'].schema.properties;
}

/** Every request field is in the OpenAPI document, each with a description and an example. */
export function expectEveryFieldDocumented(schema: AnyToolSchema): void {
  const properties = documentedProperties(schema);
  expect(Object.keys(properties).sort()).toEqual(Object.keys(schema.shape).sort());
  for (const [name, property] of Object.entries(properties)) {
    expect(property.description, name).toEqual(expect.any(String));
    expect(property.example, name).toBeDefined();
  }
}
