/** Price of one target per check: the track_changes price (docs/reference/monitors.md#billing). */
export const CREDITS_PER_TARGET = 3;

/** A monitor with a goal holds 1 more per target: each changed page may be judged by a model. */
export const GOAL_CREDITS_PER_TARGET = CREDITS_PER_TARGET + 1;

export function creditsPerTarget(monitor: { goal: string | null }): number {
  return monitor.goal ? GOAL_CREDITS_PER_TARGET : CREDITS_PER_TARGET;
}
