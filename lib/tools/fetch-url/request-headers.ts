import { z } from '@hono/zod-openapi';

const MAX_HEADERS = 30;
const MAX_VALUE_CHARS = 4096;
/** RFC 9110 token: what a header name may be. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Field values may not carry CR, LF or NUL (request splitting), nor other controls but tab. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const BAD_VALUE = /[\u0000-\u0008\u000a-\u001f\u007f]/;

const CONNECTION = 'belongs to the connection, which the service manages';
const CREDENTIAL =
  'carries credentials, which the service would resend to every host a redirect leads to; it is refused';

/** Lower-cased names a caller may not set, with the reason the 400 gives. */
const DENIED = new Map<string, string>([
  ['host', 'is set from the URL'],
  ['content-length', CONNECTION],
  ['transfer-encoding', CONNECTION],
  ['connection', CONNECTION],
  ['keep-alive', CONNECTION],
  ['te', CONNECTION],
  ['trailer', CONNECTION],
  ['upgrade', CONNECTION],
  ['expect', CONNECTION],
  ['accept-encoding', 'is chosen by the service, which counts the decoded body against the 25 MB cap'],
  ['cookie', CREDENTIAL],
  ['authorization', CREDENTIAL],
]);

function refusal(name: string): string | null {
  const lower = name.toLowerCase();
  if (!HEADER_NAME.test(name)) return `"${name}" is not a valid header name`;
  if (lower.startsWith('proxy-')) return `${name} ${CREDENTIAL}`;
  const reason = DENIED.get(lower);
  return reason ? `${name} ${reason}` : null;
}

export const requestHeadersSchema = z
  .record(z.string(), z.string())
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length > MAX_HEADERS)
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_HEADERS} headers` });
    for (const name of names) {
      const problem = refusal(name);
      if (problem) ctx.addIssue({ code: 'custom', path: [name], message: problem });
      const value = headers[name];
      if (BAD_VALUE.test(value) || value.length > MAX_VALUE_CHARS)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `header values are at most ${MAX_VALUE_CHARS} characters without line breaks or control characters`,
        });
    }
  })
  .optional()
  .openapi({
    description:
      "Extra request headers, e.g. `Accept-Language`, `Referer`, `User-Agent` (replaces the service's). " +
      'Refused with 400: `Host`, `Content-Length` and the other connection headers, `Accept-Encoding`, and ' +
      'credentials (`Cookie`, `Authorization`, `Proxy-*`), which would be resent to every host a redirect ' +
      'leads to. At most 30; values at most 4096 characters.',
    example: { 'Accept-Language': 'de-DE,de;q=0.9', Referer: 'https://example.com/' },
  });

export interface OutgoingHeaders {
  headers: Record<string, string>;
  /** The fetch layer sends its own User-Agent unless given one apart from the other headers. */
  userAgent?: string;
}

export function outgoingHeaders(requested: Record<string, string> | undefined): OutgoingHeaders {
  const headers: Record<string, string> = {};
  let userAgent: string | undefined;
  for (const [name, value] of Object.entries(requested ?? {})) {
    if (name.toLowerCase() === 'user-agent') userAgent = value;
    else headers[name.toLowerCase()] = value;
  }
  return { headers, userAgent };
}

/** Set-Cookie hands out the target's session for the service's request; it is nobody's to read. */
const HIDDEN_RESPONSE_HEADERS = new Set(['set-cookie', 'set-cookie2']);

export function visibleResponseHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HIDDEN_RESPONSE_HEADERS.has(name.toLowerCase())) out[name.toLowerCase()] = value;
  }
  return out;
}
