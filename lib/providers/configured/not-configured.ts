import { ApiError } from '../../errors/api-error.js';

/** 503 TOOL_NOT_AVAILABLE, uncharged, naming what an operator sets to turn the provider on. */
export function notConfigured(tool: string, what: string, variables: string): ApiError {
  return new ApiError(
    'TOOL_NOT_AVAILABLE',
    `${tool} needs ${what}, which is not configured: set ${variables}.`,
    {
      extra: { required_configuration: variables },
    },
  );
}
