import { tools } from '../../../lib/tools/registry.js';

/** The monitor endpoints MCP offers as tools beside the registry's, so an agent can manage monitors. */
const MONITOR_TOOL_NAMES = [
  'list_monitors',
  'create_monitor',
  'get_monitor',
  'update_monitor',
  'delete_monitor',
  'run_monitor',
  'list_monitor_checks',
  'get_monitor_check',
];

/** Every name `tools/list` must show, in order: each registry tool, then the monitor endpoints. */
export const expectedMcpToolNames = [...tools.map((tool) => tool.name), ...MONITOR_TOOL_NAMES];
