import { describe, expect, it } from 'vitest';
import type { GroupModules } from '@crema/contract';
import { durationText, groupStudyLinks, sessionWhen, whoseText } from './paths.ts';
import { dayHeading, moscowPeriod } from './schedule.server.ts';

const timed = (isOpen: boolean, session: number | null) => ({
  is_open: isOpen,
  opens_at: session ? '2026-12-01T16:00:00.000Z' : null,
  session: session ? { id: session, title: `Занятие ${session}`, starts_at: '2026-12-01T16:00:00.000Z' } : null,
});

const outline: GroupModules = {
  group: { id: 7, title: 'Группа с 12 ноября' },
  user_course_id: 3,
  modules: [
    {
      id: 1,
      title: 'Эспрессо',
      content: [
        { id: 11, title: 'Рецепт', type: 'lesson', status: 'completed', ...timed(true, 4) },
        { id: 12, title: 'Помол', type: 'lesson', status: 'not_started', ...timed(false, 5) },
        { id: 13, title: 'Без занятия', type: 'lesson', status: 'not_started', ...timed(true, null) },
        { id: 91, title: 'Тест', type: 'test', status: 'not_started', ...timed(true, null) },
      ],
    },
  ],
  final_tests: [{ id: 99, title: 'Итоговый', status: 'not_started', ...timed(false, 8) }],
};

describe('a group’s study links', () => {
  it('carry the session each item is tied to, or none, so every item has one address in the group', () => {
    const links = groupStudyLinks(7, outline);
    expect(links.lesson(11)).toBe('/user/group/7/schedule/4/lessons/11/');
    expect(links.lesson(11, 2)).toBe('/user/group/7/schedule/4/lessons/11/?page=2');
    expect(links.lesson(13)).toBe('/user/group/7/schedule/lessons/13/');
    expect(links.test(91)).toBe('/user/group/7/schedule/testing/91/');
    expect(links.test(99)).toBe('/user/group/7/schedule/8/testing/99/');
    expect(links.home).toBe('/user/group/7/');
  });
});

describe('what the group screens say', () => {
  it('names whose it is: the holder as «Вы» first, children by first name', () => {
    const child = { id: 1, first_name: 'Полина', last_name: 'Смирнова' };
    expect(whoseText([{ user_course_id: 1, student: null }])).toBe('Вы');
    expect(whoseText([{ user_course_id: 2, student: child }, { user_course_id: 1, student: null }])).toBe('Вы и Полина');
  });

  it('heads a Moscow day «Сегодня», «Завтра», else with its weekday and month', () => {
    expect(dayHeading('2026-11-26', '2026-11-26')).toBe('Сегодня');
    expect(dayHeading('2026-11-27', '2026-11-26')).toBe('Завтра');
    expect(dayHeading('2026-11-30', '2026-11-26')).toBe('пн, 30 ноября');
    expect(dayHeading('2027-01-04', '2026-12-30')).toBe('пн, 4 января 2027');
  });

  it('counts the period from today in Moscow: 22:00 UTC is already tomorrow there', () => {
    expect(moscowPeriod(14, new Date('2026-11-26T22:00:00Z'))).toEqual({ from: '2026-11-27', to: '2026-12-11' });
  });

  it('tells times in Moscow and a duration in words', () => {
    // 21:30 UTC is 00:30 the next day in Moscow.
    expect(sessionWhen('2026-11-30T21:30:00.000Z', '2026-11-30T23:00:00.000Z')).toBe('01.12.2026, 00:30–02:00 (МСК)');
    expect(durationText('2026-11-30T16:00:00Z', '2026-11-30T16:45:00Z')).toBe('45\u00a0минут');
    expect(durationText('2026-11-30T16:00:00Z', '2026-11-30T19:00:00Z')).toBe('3\u00a0часа');
    expect(durationText('2026-11-30T16:00:00Z', '2026-11-30T17:30:00Z')).toBe('1\u00a0ч 30\u00a0мин');
  });
});
