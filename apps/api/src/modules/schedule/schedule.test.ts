import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { groupMembers, groups, groupSchedules, type Course } from '../../db/schema/index.ts';
import { buildCategory, buildCourse, buildEnrolment, buildGroup, buildTeacher, buildUser } from '../../test/factories.ts';

interface Start {
  id: number;
  title: string;
  starts_on: string;
  capacity: number | null;
  seats_left: number | null;
  course: { slug: string; kids: boolean };
  sessions: { id: number; title: string; starts_at: string; ends_at: string }[];
  sessions_count: number;
}

let t: TestContext;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const schedule = async (query = ''): Promise<Start[]> => {
  const res = await get(`/api/schedule/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const DAY_MS = 86_400_000;
/** A date in Moscow (UTC+3 all year), `days` from today, 'YYYY-MM-DD'. */
const moscowDate = (days: number) => new Date(Date.now() + 3 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);

const at = (days: number, hour: number) => new Date(`${moscowDate(days)}T${String(hour).padStart(2, '0')}:00:00+03:00`);

/** The school this file asserts on: adult and kids courses, a draft, and their groups. */
let barista: Course;
let latte: Course;
let draft: Course;
let pastGroupId: number;
const enrolmentIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  barista = await buildCourse(db, { slug: 'barista-s-nulya', title: 'Бариста с нуля', priceKopecks: 3_200_000 });
  latte = await buildCourse(db, { slug: 'latte-art-basic' });
  draft = await buildCourse(db, { slug: 'kofe-i-deserty', published: false });
  const kidsCategory = await buildCategory(db, { audience: 'kids' });
  const young = await buildCourse(db, { slug: 'yunyi-barista', isKids: true, categoryId: kidsCategory.id });
  const chocolate = await buildCourse(db, { slug: 'shokoladnaya-masterskaya', isKids: true, categoryId: kidsCategory.id });
  const teacher = await buildTeacher(db, { courseIds: [barista.id] });

  for (let i = 0; i < 2; i += 1) {
    const student = await buildUser(db);
    enrolmentIds.push((await buildEnrolment(db, { userId: student.id, courseId: barista.id })).id);
  }
  // The first run of 'Бариста с нуля': eight sessions ahead, one of its eight seats taken.
  await buildGroup(db, {
    courseId: barista.id,
    title: 'Группа с 1 марта',
    startsOn: moscowDate(5),
    endsOn: moscowDate(30),
    capacity: 8,
    teacherId: teacher.id,
    location: 'Москва, ул. Покровка, д. 27',
    sessions: Array.from({ length: 8 }, (_, i) => ({
      title: `Занятие ${i + 1}. Тема`,
      startsAt: at(5 + i * 3, 19),
      endsAt: at(5 + i * 3, 22),
    })),
    memberIds: [enrolmentIds[0]!],
  });
  await buildGroup(db, { courseId: barista.id, startsOn: moscowDate(40) });
  // A finished run: exists, never listed.
  pastGroupId = (await buildGroup(db, { courseId: barista.id, startsOn: moscowDate(-60), endsOn: moscowDate(-30) })).id;
  await buildGroup(db, { courseId: latte.id, startsOn: moscowDate(10) });
  await buildGroup(db, { courseId: latte.id, startsOn: moscowDate(20) });
  await buildGroup(db, { courseId: young.id, startsOn: moscowDate(8) });
  await buildGroup(db, { courseId: young.id, startsOn: moscowDate(38) });
  await buildGroup(db, { courseId: chocolate.id, startsOn: moscowDate(12) });
  await buildGroup(db, { courseId: draft.id, startsOn: moscowDate(9) });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/schedule/', () => {
  it('lists upcoming starts of published groups of published courses, soonest first', async () => {
    const starts = await schedule();
    expect(starts).toHaveLength(7);
    const today = moscowDate(0);
    expect(starts.every((s) => s.starts_on >= today)).toBe(true);
    const dates = starts.map((s) => s.starts_on);
    expect(dates).toEqual([...dates].sort());

    // The finished run of 'Бариста с нуля' exists but is not listed.
    const past = await t.database.db.select({ id: groups.id }).from(groups).where(and(eq(groups.courseId, barista.id), lt(groups.startsOn, today)));
    expect(past.map((g) => g.id)).toEqual([pastGroupId]);
    expect(starts.map((s) => s.id)).not.toContain(pastGroupId);
    expect(starts.filter((s) => s.course.slug === 'barista-s-nulya')).toHaveLength(2);
  });

  it('gives seats left, the teacher, the course and the next three sessions of a group', async () => {
    const [first] = (await schedule('?course=barista-s-nulya')).sort((a, b) => a.starts_on.localeCompare(b.starts_on));
    expect(first).toEqual({
      id: expect.any(Number),
      title: expect.stringMatching(/^Группа с \d+ [а-я]+$/),
      starts_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      ends_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      format: 'offline',
      location: expect.stringContaining('Покровка'),
      capacity: 8,
      // One student studies in this group.
      seats_left: 7,
      teacher: { id: expect.any(Number), first_name: expect.any(String), last_name: expect.any(String) },
      course: { id: barista.id, slug: 'barista-s-nulya', title: 'Бариста с нуля', kids: false, price: 3_200_000 },
      sessions: [
        expect.objectContaining({ title: expect.stringMatching(/^Занятие 1\. /) }),
        expect.objectContaining({ title: expect.stringMatching(/^Занятие 2\. /) }),
        expect.objectContaining({ title: expect.stringMatching(/^Занятие 3\. /) }),
      ],
      sessions_count: 8,
    });
    const times = first!.sessions.map((s) => s.starts_at);
    expect(times).toEqual([...times].sort());
    expect(new Date(times[0]!).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(first!.sessions[0]!.ends_at).getTime()).toBeGreaterThan(new Date(times[0]!).getTime());
  });

  it('leaves out unpublished groups, groups of draft courses and groups that started before today', async () => {
    const rows = await t.database.db
      .insert(groups)
      .values([
        { courseId: latte.id, title: 'Черновик группы', startsOn: moscowDate(3), isPublished: false },
        { courseId: draft.id, title: 'Группа черновика курса', startsOn: moscowDate(3), isPublished: true },
        { courseId: latte.id, title: 'Вчерашняя группа', startsOn: moscowDate(-1), isPublished: true },
        { courseId: latte.id, title: 'Сегодняшняя группа', startsOn: moscowDate(0), isPublished: true },
      ])
      .returning({ id: groups.id, title: groups.title });
    try {
      const titles = (await schedule()).map((s) => s.title);
      expect(titles).toContain('Сегодняшняя группа');
      expect(titles).not.toContain('Черновик группы');
      expect(titles).not.toContain('Группа черновика курса');
      expect(titles).not.toContain('Вчерашняя группа');
      expect((await schedule())[0]!.title).toBe('Сегодняшняя группа');
    } finally {
      await t.database.db.delete(groups).where(inArray(groups.id, rows.map((r) => r.id)));
    }
  });

  it('counts free seats (none left is 0, no limit is null) and lists only sessions still ahead', async () => {
    const enrolments = enrolmentIds.map((id) => ({ id }));
    const [full, unlimited, started] = await t.database.db
      .insert(groups)
      .values([
        { courseId: latte.id, title: 'Полная группа', startsOn: moscowDate(2), capacity: 1, isPublished: true },
        { courseId: latte.id, title: 'Онлайн-поток', startsOn: moscowDate(2), capacity: null, isPublished: true },
        { courseId: latte.id, title: 'Идёт сегодня', startsOn: moscowDate(0), capacity: 5, isPublished: true },
      ])
      .returning({ id: groups.id });
    await t.database.db.insert(groupMembers).values(enrolments.map((e) => ({ groupId: full!.id, userCourseId: e.id })));
    await t.database.db.insert(groupSchedules).values(
      [-2, 1, 25, 49, 73].map((hours, i) => ({
        groupId: started!.id,
        title: `Сессия ${i + 1}`,
        startsAt: hoursFromNow(hours),
        endsAt: hoursFromNow(hours + 2),
      })),
    );
    try {
      const byId = new Map((await schedule()).map((s) => [s.id, s]));
      expect(byId.get(full!.id)).toMatchObject({ capacity: 1, seats_left: 0, sessions: [], sessions_count: 0 });
      expect(byId.get(unlimited!.id)).toMatchObject({ capacity: null, seats_left: null });
      expect(byId.get(started!.id)).toMatchObject({ seats_left: 5, sessions_count: 5 });
      expect(byId.get(started!.id)!.sessions.map((s) => s.title)).toEqual(['Сессия 2', 'Сессия 3', 'Сессия 4']);
    } finally {
      await t.database.db.delete(groups).where(inArray(groups.id, [full!.id, unlimited!.id, started!.id]));
    }
  });

  it('filters by audience and by course', async () => {
    const kids = await schedule('?type=kids');
    expect(kids.map((s) => s.course.slug).sort()).toEqual([
      'shokoladnaya-masterskaya', 'yunyi-barista', 'yunyi-barista',
    ]);
    const adult = await schedule('?type=adult');
    expect(adult).toHaveLength(4);
    expect(adult.some((s) => s.course.kids)).toBe(false);
    const latte = await schedule('?course=latte-art-basic');
    expect(latte).toHaveLength(2);
    expect(latte.every((s) => s.course.slug === 'latte-art-basic')).toBe(true);
    expect(await schedule('?course=no-such-course')).toEqual([]);
    expect(await schedule('?course=kofe-i-deserty')).toEqual([]);
  });

  it('bad input is a 400 field error', async () => {
    const badType = await get('/api/schedule/?type=seniors');
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toEqual({ type: ['Допустимые значения: adult или kids.'] });
    const badCourse = await get('/api/schedule/?course=Bad%20Slug');
    expect(badCourse.statusCode).toBe(400);
    expect(badCourse.json()).toEqual({ course: ['Ожидается slug курса.'] });
  });

  it('is documented with its error answers', async () => {
    const doc = (await get('/api/docs/json')).json();
    const operation = doc.paths['/api/schedule/'].get;
    expect(operation.summary).toMatch(/[а-я]/i);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '500']);
  });
});
