// Study groups of the demo courses and their timetables, dated relative to today in Moscow.
import { addDays, moscowInstant, moscowIsoDate, weekdayOf } from '@crema/contract/format';
import type { Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import type { SeedCourse } from './data/types.ts';
import type { SeededCourse } from './courses.ts';
import { required } from './helpers.ts';

/** Where the in-person groups meet. */
export const STUDIO_ADDRESS = 'Москва, ул. Покровка, д. 27, стр. 1, учебная студия Crema';

const WEEKDAYS = { 'mon-wed': [1, 3], 'tue-thu': [2, 4], sat: [6] } as const;
const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/** Groups (mostly upcoming) with evening sessions in Moscow time, dated from the day the seed runs. */
export async function seedGroups(tx: Executor, course: SeedCourse, seeded: SeededCourse, now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const [g, group] of (course.groups ?? []).entries()) {
    const days = sessionDays(moscowIsoDate(now), group.startsInDays, WEEKDAYS[group.weekdays], group.sessions);
    const first = required(days[0]);
    const [row] = await tx
      .insert(s.groups)
      .values({
        courseId: seeded.id,
        title: `Группа с ${Number(first.slice(8, 10))} ${MONTHS_GENITIVE[Number(first.slice(5, 7)) - 1]}`,
        startsOn: first,
        endsOn: required(days.at(-1)),
        capacity: group.capacity ?? null,
        teacherId: seeded.teacherIds[g % seeded.teacherIds.length] ?? null,
        format: course.format,
        location: course.format === 'online' ? null : STUDIO_ADDRESS,
        isPublished: true,
      })
      .returning({ id: s.groups.id });
    const groupId = required(row).id;
    ids.push(groupId);
    const [start, end] = group.weekdays === 'sat' ? ['17:00', '19:30'] : ['19:00', '22:00'];
    await tx.insert(s.groupSchedules).values(
      days.map((day, i) => {
        const isLast = i === days.length - 1;
        const lesson = isLast && seeded.finalTest ? undefined : seeded.lessons[i];
        return {
          groupId,
          title: lesson
            ? `Занятие ${i + 1}. ${lesson.title}`
            : isLast && seeded.finalTest
              ? `Занятие ${i + 1}. Итоговое тестирование и вручение сертификатов`
              : `Занятие ${i + 1}. Практика за баром`,
          startsAt: moscowInstant(day, start),
          endsAt: moscowInstant(day, end),
          location: STUDIO_ADDRESS,
          lessonId: lesson?.id ?? null,
          testId: isLast ? (seeded.finalTest?.id ?? null) : null,
        };
      }),
    );
  }
  return ids;
}


/** The first `count` dates on `weekdays` (0 = Sunday), from `offsetDays` after `today`. */
function sessionDays(today: string, offsetDays: number, weekdays: readonly number[], count: number): string[] {
  const days: string[] = [];
  let day = addDays(today, offsetDays);
  while (days.length < count) {
    if (weekdays.includes(weekdayOf(day))) days.push(day);
    day = addDays(day, 1);
  }
  return days;
}
