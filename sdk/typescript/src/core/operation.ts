/**
 * How one HTTP operation of the API is called from a flat argument object: the shape the two SDKs
 * and the MCP endpoint share, so an argument means the same thing in all three. Path parameters
 * fill the path template, query parameters go to the query string, and the rest is the JSON body
 * (`fields`), or the argument named `body` is (`nested`, used when a body field would collide
 * with a parameter or the body is not an object).
 */
export interface OperationSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path template: `/api/v1/monitors/{id}`. */
  path: string;
  pathParams: readonly string[];
  queryParams: readonly string[];
  body: 'fields' | 'nested' | 'none';
}

export interface HttpCall {
  method: OperationSpec['method'];
  /** Path with parameters filled and the query string appended. */
  url: string;
  body: Record<string, unknown> | unknown[] | string | number | boolean | null | undefined;
}

/** Splits flat arguments into the path, query and body of one call; a missing path parameter throws. */
export function buildHttpCall(spec: OperationSpec, args: Record<string, unknown>): HttpCall {
  let path = spec.path;
  for (const name of spec.pathParams) {
    const value = args[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${spec.method} ${spec.path}.`);
    }
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  const query = new URLSearchParams();
  for (const name of spec.queryParams) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const taken = new Set([...spec.pathParams, ...spec.queryParams]);
  let body: HttpCall['body'];
  if (spec.body === 'nested') body = args.body as HttpCall['body'];
  else if (spec.body === 'fields') {
    body = Object.fromEntries(
      Object.entries(args).filter(([name, value]) => !taken.has(name) && value !== undefined),
    );
  }
  const search = query.toString();
  return { method: spec.method, url: search ? `${path}?${search}` : path, body };
}
