import { createApp } from '../../lib/app/create-app.js';
import { serviceRoutes } from '../../lib/app/service-routes.js';
import type { Services } from '../../lib/services.js';
import { tools } from '../../lib/tools/registry.js';
import type { OpenApiDocument } from './operations.js';

/**
 * The OpenAPI document the service serves at /openapi.json, built in memory from the registry by
 * the same app factory as the dev server and the catalog Lambda (so every route registered there,
 * tools and monitors alike, is in it). Answering /openapi.json touches no database: the services
 * promise is never awaited.
 */
export async function registryOpenApiDocument(): Promise<OpenApiDocument> {
  const services = new Promise<Services>(() => {});
  const app = createApp({ services, tools, withDocuments: true, mounts: serviceRoutes });
  const response = await app.request('http://localhost/openapi.json');
  if (!response.ok) throw new Error(`/openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/** A running server's document, e.g. `http://localhost:8787/openapi.json`. */
export async function remoteOpenApiDocument(url: string): Promise<OpenApiDocument> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}
