import type { ApiError } from './api-error.js';

export interface ErrorBody {
  success: false;
  error: { code: string; message: string; details?: { field: string; message: string }[] } & Record<
    string,
    unknown
  >;
  [extra: string]: unknown;
}

export function errorBody(error: ApiError): ErrorBody {
  return {
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      ...error.extra,
    },
    ...error.extra,
  };
}

export interface SuccessBody<T> {
  success: true;
  data: T;
  credits_used: number;
  credits_remaining: number;
  processing_time: number;
  warnings?: string[];
}

export function successBody<T>(fields: Omit<SuccessBody<T>, 'success' | 'warnings'>, warnings: string[]) {
  const body: SuccessBody<T> = { success: true, ...fields };
  if (warnings.length > 0) body.warnings = warnings;
  return body;
}

/**
 * The success envelope around a result already serialised: a page's markdown is stringified once,
 * not once to measure it and again to send it. Same fields, same order as `successBody`.
 */
export function successJson(
  dataJson: string,
  fields: Omit<SuccessBody<unknown>, 'success' | 'warnings' | 'data'>,
  warnings: string[],
): string {
  const tail = JSON.stringify({ ...fields, ...(warnings.length > 0 ? { warnings } : {}) });
  return `{"success":true,"data":${dataJson},${tail.slice(1)}`;
}
