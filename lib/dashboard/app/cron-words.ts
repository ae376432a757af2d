/**
 * A five-field cron in plain words, for the common shapes ("Every 15 minutes", "At 09:00, Monday
 * to Friday"). Anything else falls back to naming each restricted field; the cron is always shown
 * beside it, so the words only have to help, never to be complete.
 */

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const NUMBER = /^\d+$/;
const STEP = /^\*\/(\d+)$/;

function pad(value: string): string {
  return value.padStart(2, '0');
}

function list(field: string, name: (value: number) => string): string {
  return field
    .split(',')
    .map((part) => {
      const [from, to] = part.split('-');
      if (to !== undefined && NUMBER.test(from) && NUMBER.test(to)) {
        return `${name(Number(from))} to ${name(Number(to))}`;
      }
      return NUMBER.test(part) ? name(Number(part)) : part;
    })
    .join(', ');
}

function timeOfDay(minute: string, hour: string): string {
  if (NUMBER.test(minute) && NUMBER.test(hour)) return `At ${pad(hour)}:${pad(minute)}`;
  const everyMinutes = minute.match(STEP);
  if (everyMinutes && hour === '*') return `Every ${everyMinutes[1]} minutes`;
  const everyHours = hour.match(STEP);
  if (NUMBER.test(minute) && everyHours) return `Every ${everyHours[1]} hours at minute ${Number(minute)}`;
  if (NUMBER.test(minute) && hour === '*') {
    return minute === '0' ? 'Every hour' : `Every hour at minute ${Number(minute)}`;
  }
  if (NUMBER.test(minute) && /^[\d,-]+$/.test(hour)) {
    return `At minute ${Number(minute)} of hour ${list(hour, (h) => pad(String(h)))}`;
  }
  const minutes = minute === '*' ? 'every minute' : `minute ${minute}`;
  return `At ${minutes} of ${hour === '*' ? 'every hour' : `hour ${hour}`}`;
}

export function cronInWords(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return 'Not a five-field cron';
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields;
  const parts = [timeOfDay(minute, hour)];
  if (dayOfMonth !== '*') parts.push(`on day ${dayOfMonth} of the month`);
  if (dayOfWeek !== '*') {
    const days = list(dayOfWeek, (day) => DAYS[day % 7] ?? String(day));
    parts.push(dayOfMonth !== '*' ? `or on ${days}` : `on ${days}`);
  }
  if (month !== '*') parts.push(`in ${list(month, (m) => MONTHS[m - 1] ?? String(m))}`);
  return parts.join(', ');
}
