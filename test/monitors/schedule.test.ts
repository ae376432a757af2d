import { describe, expect, it } from 'vitest';
import {
  describeSchedule,
  nextRunAfter,
  runsBetween,
  ScheduleError,
} from '../../lib/monitors/schedule/schedule.js';

const now = new Date('2026-01-12T10:23:00Z');

function refusal(cron: string, timezone = 'UTC'): ScheduleError {
  try {
    describeSchedule(cron, timezone, now);
  } catch (error) {
    if (error instanceof ScheduleError) return error;
    throw error;
  }
  throw new Error(`${cron} was accepted`);
}

describe('schedules', () => {
  it.each([
    ['0 * * * *', 720],
    ['*/15 * * * *', 2880],
    ['0 9 * * *', 30],
    ['*/5 * * * *', 8640],
  ])('%s fires %i times in the next 30 days, counted', (cron, runs) => {
    expect(describeSchedule(cron, 'UTC', now).runsInNext30Days).toBe(runs);
  });

  it('counts the runs, not an extrapolation of the first gap: weekdays only', () => {
    // The first gap is a day (30 a month by extrapolation); 22 weekdays fall in the window.
    expect(describeSchedule('0 9 * * 1-5', 'UTC', now).runsInNext30Days).toBe(22);
    // Hourly across a spring-forward change: every real hour still runs once.
    expect(
      describeSchedule('0 * * * *', 'America/New_York', new Date('2026-03-01T00:30:00Z')).runsInNext30Days,
    ).toBe(720);
  });

  it.each([
    ['0 * * * *', '2026-01-12T11:00:00.000Z'],
    ['*/15 * * * *', '2026-01-12T10:30:00.000Z'],
    ['0 9 * * 1-5', '2026-01-13T08:00:00.000Z'],
    ['0 6,18 * * *', '2026-01-12T17:00:00.000Z'],
    ['30 2 1 * *', '2026-02-01T01:30:00.000Z'],
  ])('docs/reference/monitors.md#endpoints example %s runs next at %s in Europe/Paris', (cron, next) => {
    expect(describeSchedule(cron, 'Europe/Paris', now).nextRunAt?.toISOString()).toBe(next);
  });

  it('combines day of month and day of week with OR, as standard cron does', () => {
    // The 15th of the month, or any Friday: Friday 16 Jan comes after Thursday 15 Jan.
    const runs = runsBetween('0 12 15 * 5', 'UTC', now, new Date('2026-01-31T00:00:00Z'));
    expect(runs.map((run) => run.toISOString().slice(0, 10))).toEqual([
      '2026-01-15',
      '2026-01-16',
      '2026-01-23',
      '2026-01-30',
    ]);
  });

  it('refuses runs closer than 5 minutes for every pair, and accepts exactly 5', () => {
    expect(refusal('* * * * *').field).toBe('schedule_cron');
    expect(refusal('*/2 * * * *').message).toContain('at least 5 minutes');
    expect(refusal('0-4 * * * *').field).toBe('schedule_cron');
    expect(refusal('0,3 * * * *').field).toBe('schedule_cron');
    expect(refusal('0,30,33 * * * *').field).toBe('schedule_cron');
    // 23:58 then 00:00 the next day.
    expect(refusal('0,58 0,23 * * *').field).toBe('schedule_cron');
    // Only on the day New York springs forward are 01:59 and 03:01 two minutes apart.
    expect(refusal('1,59 1,3 * * *', 'America/New_York').message).toContain('2026-03-08T06:59:00.000Z');
    expect(describeSchedule('1,59 1,3 * * *', 'UTC', now).runsInNext30Days).toBe(120);
    expect(describeSchedule('*/5 * * * *', 'Australia/Lord_Howe', now).runsInNext30Days).toBe(8640);
    expect(describeSchedule('0,5 * * * *', 'UTC', now).runsInNext30Days).toBe(1440);
  });

  it('refuses what is not a five-field cron, never fires, or is no IANA zone', () => {
    expect(refusal('0 0 * * * *').field).toBe('schedule_cron');
    expect(refusal('every hour').field).toBe('schedule_cron');
    expect(refusal('0 0 31 2 *').message).toContain('never fires');
    expect(refusal('0 * * * *', 'Moon/Tranquility').field).toBe('timezone');
    expect(refusal('0 * * * *', 'GMT+2').field).toBe('timezone');
    expect(describeSchedule('0 * * * *', 'Etc/GMT+2', now).nextRunAt?.toISOString()).toBe(
      '2026-01-12T11:00:00.000Z',
    );
  });

  it('gives the next slot in the zone, half-hour offsets included', () => {
    expect(nextRunAfter('0 9 * * *', 'Asia/Kolkata', now)?.toISOString()).toBe('2026-01-13T03:30:00.000Z');
    expect(nextRunAfter('0 9 * * *', 'Asia/Kathmandu', now)?.toISOString()).toBe('2026-01-13T03:15:00.000Z');
  });
});
