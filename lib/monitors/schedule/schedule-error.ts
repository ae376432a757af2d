/** A schedule the service refuses, naming the request field at fault. */
export class ScheduleError extends Error {
  constructor(
    readonly field: 'schedule_cron' | 'timezone',
    message: string,
  ) {
    super(message);
    this.name = 'ScheduleError';
  }
}
