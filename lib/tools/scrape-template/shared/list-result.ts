/**
 * The shape of every list template's data (docs/reference/templates.md#scrape_template): `items` and `count`, plus
 * `total_available` only when the source declares more than it returned, and `next_params` (the
 * params of the next page) when the template pages through the source.
 */
export interface ListResult<T> {
  items: T[];
  count: number;
  total_available?: number;
  next_params?: Record<string, unknown>;
}

export function listResult<T>(
  items: T[],
  more: { totalAvailable?: number | null; nextParams?: Record<string, unknown> | null } = {},
): ListResult<T> {
  const result: ListResult<T> = { items, count: items.length };
  if (typeof more.totalAvailable === 'number' && more.totalAvailable > items.length) {
    result.total_available = more.totalAvailable;
  }
  if (more.nextParams) result.next_params = more.nextParams;
  return result;
}
