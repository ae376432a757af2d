import type { LambdaEvent } from 'hono/aws-lambda';

const apiId = 'a1b2c3d4e5';
const domainName = `${apiId}.execute-api.us-east-1.amazonaws.com`;

/** What API Gateway's HTTP API hands a Lambda proxy integration (payload format 2.0). */
export function httpApiEvent(request: {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  base64?: boolean;
}): LambdaEvent {
  const routeKey = `${request.method} ${request.path}`;
  const body =
    request.body === undefined
      ? undefined
      : request.base64
        ? Buffer.from(request.body).toString('base64')
        : request.body;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: request.path,
    rawQueryString: '',
    // API Gateway lower-cases header names and adds the forwarding headers.
    headers: {
      accept: 'application/json',
      host: domainName,
      'user-agent': 'curl/8.5.0',
      'x-amzn-trace-id': 'Root=1-67d1c0de-0123456789abcdef01234567',
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-port': '443',
      'x-forwarded-proto': 'https',
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
      ...request.headers,
    },
    requestContext: {
      accountId: '123456789012',
      apiId,
      domainName,
      domainPrefix: apiId,
      http: {
        method: request.method,
        path: request.path,
        protocol: 'HTTP/1.1',
        sourceIp: '203.0.113.7',
        userAgent: 'curl/8.5.0',
      },
      requestId: `Ab${now.getTime().toString(36)}EMA=`,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: request.base64 === true,
    // A real event has no `authentication`/`authorizer` without an authorizer; hono's type wants them.
  } as unknown as LambdaEvent;
}
