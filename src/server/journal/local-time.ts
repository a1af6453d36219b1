/**
 * Instants (ISO 8601, UTC) as the wall-clock time of one time zone, for documents people keep,
 * such as the journal export. One formatter per zone does every instant, so the work grows with
 * the number of instants and no more.
 */

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
] as const;

export interface LocalTime {
  /** ISO 8601 with the zone's offset at that instant: "2026-03-01T13:00:00+01:00". */
  iso: string;
  /** As a reader reads it: "1 March 2026, 13:00". */
  text: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function offsetText(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/** A function giving each instant's local time in `timeZone`, a zone this runtime knows. */
export function localTimeIn(timeZone: string): (instant: string) => LocalTime {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (instant) => {
    const date = new Date(instant);
    const ms = date.getTime();
    if (Number.isNaN(ms)) return { iso: instant, text: instant };
    const part: Record<string, number> = {};
    for (const { type, value } of format.formatToParts(date)) part[type] = Number(value);
    const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
    const wallClock = Date.UTC(year, month - 1, day, hour, minute, second);
    const offset = Math.round((wallClock - (ms - date.getUTCMilliseconds())) / 60_000);
    const clock = `${pad(hour)}:${pad(minute)}`;
    return {
      iso: `${pad(year, 4)}-${pad(month)}-${pad(day)}T${clock}:${pad(second)}${offsetText(offset)}`,
      text: `${day} ${MONTHS[month - 1]} ${year}, ${clock}`,
    };
  };
}
