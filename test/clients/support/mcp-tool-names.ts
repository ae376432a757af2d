import { tools } from '../../../lib/tools/registry.js';

/**
 * The service endpoints MCP offers as tools beside the registry's, so an agent can manage monitors
 * and read its usage and its request log.
 */
const ENDPOINT_TOOL_NAMES = [
  'list_monitors',
  'create_monitor',
  'get_monitor',
  'update_monitor',
  'delete_monitor',
  'run_monitor',
  'test_monitor_webhook',
  'redeliver_monitor_webhook',
  'list_monitor_checks',
  'get_monitor_check',
  'get_usage',
  'list_api_keys',
  'create_api_key',
  'revoke_api_key',
  'list_requests',
];

/** Every name `tools/list` must show, in order: each registry tool, then the service endpoints. */
export const expectedMcpToolNames = [...tools.map((tool) => tool.name), ...ENDPOINT_TOOL_NAMES];
