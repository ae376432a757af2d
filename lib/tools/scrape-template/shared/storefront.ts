import { z } from '@hono/zod-openapi';

/**
 * The storefront platform serves every shop under its own domain with the same paths: a product at
 * `/products/<handle>` (also under `/collections/<c>/`), a collection at `/collections/<handle>`.
 * Only shops on the platform's own subdomain are known by host; the others by that path shape.
 */
export const PLATFORM_SUFFIX = '.myshopify.com';

export function isPlatformHost(host: string): boolean {
  return host.toLowerCase().endsWith(PLATFORM_SUFFIX);
}

export const PRODUCT_PATH =
  /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?(?:\/collections\/[^/]+)?\/products\/([^/?#]+)\/?$/i;
export const COLLECTION_PATH = /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/collections\/([^/?#]+)\/?$/i;

const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** A shop's host name; `https://` and a trailing slash are forgiven, a path or port is not. */
export const storeHost = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .trim()
          .toLowerCase()
          .replace(/^https?:\/\//, '')
          .replace(/\/$/, '')
      : value,
  z.string().regex(HOST_NAME, 'must be the host name of the shop, e.g. `shop.example.com`'),
);
