// The progress page's filters live in its address: whose progress (`student`, absent —
// the account holder, 'Я'), course, group and period, so a view can be reloaded and shared.
// Unknown or malformed values are dropped, never an error page.
import type { StatisticPeriod } from '@crema/contract';
import type { StatisticParams } from '../../api/client.ts';

/** The periods the statistics call knows (`STATISTIC_PERIODS`), in the order the selector shows them. */
export const PERIOD_OPTIONS: readonly { value: StatisticPeriod; label: string }[] = [
  { value: 'all', label: 'Всё время' },
  { value: 'year', label: 'Последний год' },
  { value: 'month', label: 'Последние 30 дней' },
  { value: 'week', label: 'Последние 7 дней' },
];

const PERIODS = new Set<string>(PERIOD_OPTIONS.map((option) => option.value));

function positiveId(raw: string | null): number | undefined {
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined;
}

/** The filters of a progress address; `period` defaults to all time. */
export function readFilters(search: URLSearchParams): Required<Pick<StatisticParams, 'period'>> & StatisticParams {
  const period = search.get('period');
  return {
    student: positiveId(search.get('student')),
    course: positiveId(search.get('course')),
    group: positiveId(search.get('group')),
    period: period && PERIODS.has(period) ? (period as StatisticPeriod) : 'all',
  };
}

/** The address of a view: the default period and empty filters are left out (one address per view). */
export function progressHref(filters: StatisticParams): string {
  const search = new URLSearchParams();
  if (filters.student) search.set('student', String(filters.student));
  if (filters.course) search.set('course', String(filters.course));
  if (filters.group) search.set('group', String(filters.group));
  if (filters.period && filters.period !== 'all') search.set('period', filters.period);
  const text = search.toString();
  return `/user/progress/${text ? `?${text}` : ''}`;
}
