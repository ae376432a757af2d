import type { PageResultRow } from '../db/schema/monitors.js';

/**
 * Event bodies, in the shape Standard Webhooks recommends: `{type, timestamp, data}`. `timestamp`
 * is when the event happened (the check's end); the signature header carries when it was sent.
 */

export interface MonitorRef {
  id: string;
  name: string;
}

/**
 * The page as docs/reference/monitors.md#notifications describes it: the hunks and the first capture
 * are for reading a check (up to tens of kilobytes a page), not for every receiver of every event.
 */
export function pageEvent(monitor: MonitorRef, checkId: string, result: PageResultRow, at: Date): string {
  const { diff_hunks: _hunks, captured_text: _captured, ...page } = result;
  return JSON.stringify({
    type: 'monitor.page',
    timestamp: at.toISOString(),
    data: { monitor_id: monitor.id, monitor_name: monitor.name, check_id: checkId, page },
  });
}

export function checkCompletedEvent(monitor: MonitorRef, check: object, at: Date): string {
  return JSON.stringify({
    type: 'monitor.check.completed',
    timestamp: at.toISOString(),
    data: { monitor_id: monitor.id, monitor_name: monitor.name, check },
  });
}

export interface TargetAlertData {
  target: { url: string; selector: string | null };
  consecutive_failures: number;
  failing_since: string | null;
  error_code: string | null;
  error: string | null;
}

/** `monitor.target.failing` (once per streak) and `monitor.target.recovered` (when it ends). */
export function targetAlertEvent(
  type: 'monitor.target.failing' | 'monitor.target.recovered',
  monitor: MonitorRef,
  checkId: string,
  alert: TargetAlertData,
  at: Date,
): string {
  return JSON.stringify({
    type,
    timestamp: at.toISOString(),
    data: { monitor_id: monitor.id, monitor_name: monitor.name, check_id: checkId, ...alert },
  });
}
