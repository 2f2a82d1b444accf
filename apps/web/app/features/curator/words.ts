import type { HomeworkStatus } from '@crema/contract';
import { DAY_FORMS, HOUR_FORMS, MINUTE_FORMS, pluralRu } from '@crema/contract/format';

// The curators' screens' addresses and words, apart from their components (tested alone).

export const curatorPaths = {
  queue: () => '/curator/homework/',
  submission: (id: number) => `/curator/homework/${id}/`,
} as const;

/** How long ago `iso` was, by the loader's `now`: 'меньше минуты', '40 минут', '5 часов', '3 дня'. */
export function waited(iso: string, now: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(iso)) / 60_000));
  if (minutes === 0) return 'меньше минуты';
  if (minutes < 60) return `${minutes} ${pluralRu(minutes, MINUTE_FORMS)}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} ${pluralRu(hours, HOUR_FORMS)}`;
  const days = Math.floor(hours / 24);
  return `${days} ${pluralRu(days, DAY_FORMS)}`;
}


/** The queue's filters as the address holds them (status `waiting` — sent and checking — when not given). */
export interface QueueFilters {
  status?: HomeworkStatus | 'waiting';
  course?: number;
  group?: number;
  lesson?: number;
}

/** The queue's address with its filters (empty ones left out) and page `n`. */
export function queueHref(filters: QueueFilters, n = 1): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '' && !(key === 'status' && value === 'waiting')) params.set(key, String(value));
  if (n > 1) params.set('page', String(n));
  const text = params.toString();
  return `${curatorPaths.queue()}${text ? `?${text}` : ''}`;
}
