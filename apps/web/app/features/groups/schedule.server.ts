// What only the schedule's loader needs (kept out of the browser's shell chunk, see paths.ts).
import { addDays, moscowIsoDate, weekdayOf } from '@crema/contract/format';

const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'] as const;
const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'] as const;

/** A Moscow day's heading: 'Сегодня', 'Завтра', else 'пн, 30 ноября' (the year when it is not this one). */
export function dayHeading(iso: string, today: string): string {
  if (iso === today) return 'Сегодня';
  if (iso === addDays(today, 1)) return 'Завтра';
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const sameYear = iso.slice(0, 4) === today.slice(0, 4);
  return `${WEEKDAYS[weekdayOf(iso)]}, ${day} ${MONTHS[month - 1]}${sameYear ? '' : ` ${year}`}`;
}

/** Today in Moscow and the last day of a period `days` ahead, 'YYYY-MM-DD'. */
export function moscowPeriod(days: number, now = new Date()): { from: string; to: string } {
  const from = moscowIsoDate(now);
  return { from, to: addDays(from, days) };
}
