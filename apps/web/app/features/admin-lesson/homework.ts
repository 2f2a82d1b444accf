import { moscowDateParts, moscowInstant } from '@crema/contract/format';

// The homework block's deadline as the editor shows it: a Moscow date and time typed apart, kept
// as one ISO moment.

/** The time a new date deadline starts with: the end of the day. */
export const DEFAULT_DEADLINE_TIME = '23:59';

const pad = (n: number) => String(n).padStart(2, '0');

/** A deadline moment as the inputs show it: 'YYYY-MM-DD' and 'HH:MM' in Moscow (empty date when none). */
export function deadlineParts(at: string): { date: string; time: string } {
  if (!at) return { date: '', time: DEFAULT_DEADLINE_TIME };
  try {
    const p = moscowDateParts(at);
    return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
  } catch {
    return { date: '', time: DEFAULT_DEADLINE_TIME };
  }
}

/** The moment of a Moscow date and time, ISO; '' while either is missing or not a real one (the server then asks for it). */
export function deadlineAt(date: string, time: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return '';
  try {
    return moscowInstant(date, time).toISOString();
  } catch {
    return '';
  }
}
