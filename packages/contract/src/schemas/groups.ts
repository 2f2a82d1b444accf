// Groups and my schedule (decision 0031): the courses a learner studies in a group, a
// group's programme opened by its timetable, my groups, my schedule by Moscow day and the
// personal iCal feed.
import { z } from 'zod';
import { courseFormatSchema } from './catalog.ts';
import { closedBySchema, progressStatusSchema } from './learning.ts';
import { idParam } from './common.ts';
import { myAttendanceSchema } from './attendance.ts';

const id = z.number().int();
const pathId = idParam;

const personSchema = z.object({ id, first_name: z.string(), last_name: z.string() });

/** Who studies in the group through this account: the holder (student null) or one of their students. */
export const groupLearnerSchema = z
  .object({
    user_course_id: id.describe('курс пользователя (зачисление), по которому идёт прогресс'),
    student: personSchema.nullable().describe('null — учится сам владелец аккаунта; иначе его ученик (ребёнок)'),
  })
  .meta({ id: 'GroupLearner' });
export type GroupLearner = z.infer<typeof groupLearnerSchema>;

const groupCourseSchema = z.object({ id, slug: z.string(), title: z.string(), kids: z.boolean() });

/** GET /api/group_schedule/courses/available/ */
export const availableGroupCourseSchema = z
  .object({
    user_course_id: id,
    course: groupCourseSchema,
    group: z.object({ id, title: z.string(), starts_on: z.string().describe('YYYY-MM-DD'), ends_on: z.string().nullable() }),
    teacher: personSchema.nullable(),
    student: personSchema.nullable().describe('null — учится сам владелец аккаунта'),
  })
  .meta({ id: 'AvailableGroupCourse' });
export const availableGroupCoursesSchema = z.array(availableGroupCourseSchema).meta({ id: 'AvailableGroupCourses' });
export type AvailableGroupCourse = z.infer<typeof availableGroupCourseSchema>;

export const groupParamsSchema = z.object({ id: pathId.describe('id группы') });
export const groupLessonParamsSchema = z.object({ id: pathId.describe('id группы'), lessonId: pathId });

/** The session of the group's timetable an item is tied to. */
const tiedSessionSchema = z.object({ id, title: z.string(), starts_at: z.string().describe('ISO 8601') });

/** Timetable fields of an outline item (decision 0031). */
const timetableFields = {
  is_open: z.boolean().describe('false — урок или тест привязан к занятию, которое ещё не началось'),
  opens_at: z.string().nullable().describe('начало первого занятия группы с этим уроком или тестом; null — не привязан к занятиям'),
  session: tiedSessionSchema.nullable().describe('первое занятие группы с этим уроком или тестом'),
};

/** GET /api/group_schedule/{id}/modules/: the course modules response plus the timetable. */
export const groupModulesSchema = z
  .object({
    group: z.object({ id, title: z.string() }),
    user_course_id: id,
    modules: z.array(
      z.object({
        id,
        title: z.string(),
        content: z.array(
          z.object({ id, title: z.string(), type: z.enum(['lesson', 'test']), status: progressStatusSchema, ...timetableFields, closed_by: closedBySchema }),
        ),
      }),
    ),
    final_tests: z.array(z.object({ id, title: z.string(), status: progressStatusSchema, ...timetableFields, closed_by: closedBySchema })),
  })
  .meta({ id: 'GroupModules' });
export type GroupModules = z.infer<typeof groupModulesSchema>;

/** GET /api/group_schedule/{id}/lesson/: the group's lessons in course order. */
export const groupLessonSchema = z
  .object({
    id,
    title: z.string(),
    module: z.object({ id, title: z.string() }),
    page_count: z.number().int(),
    status: progressStatusSchema,
    ...timetableFields,
    closed_by: closedBySchema,
  })
  .meta({ id: 'GroupLesson' });
export const groupLessonsSchema = z.array(groupLessonSchema).meta({ id: 'GroupLessons' });

/** One session of a group's timetable. */
export const groupSessionSchema = z
  .object({
    id,
    title: z.string(),
    starts_at: z.string().describe('ISO 8601'),
    ends_at: z.string().describe('ISO 8601'),
    location: z.string().nullable().describe('адрес или аудитория; null — онлайн'),
    online_url: z.string().nullable().describe('ссылка на видеовстречу (онлайн-занятие)'),
    lesson: z.object({ id, title: z.string() }).nullable(),
    test: z.object({ id, title: z.string() }).nullable(),
  })
  .meta({ id: 'GroupSession' });
export type GroupSession = z.infer<typeof groupSessionSchema>;

/** GET /api/user/groups/ */
export const myGroupSchema = z
  .object({
    id,
    title: z.string(),
    course: groupCourseSchema,
    starts_on: z.string().describe('YYYY-MM-DD'),
    ends_on: z.string().nullable(),
    format: courseFormatSchema,
    location: z.string().nullable(),
    teacher: personSchema.nullable(),
    learners: z.array(groupLearnerSchema).describe('кто из аккаунта учится в группе'),
    members_count: z.number().int().describe('сколько человек учится в группе (включая своих)'),
    sessions_count: z.number().int(),
    next_session: groupSessionSchema.nullable().describe('ближайшее занятие, которое ещё не закончилось'),
  })
  .meta({ id: 'MyGroup' });
export const myGroupsSchema = z.array(myGroupSchema).meta({ id: 'MyGroups' });
export type MyGroup = z.infer<typeof myGroupSchema>;

/** GET /api/user/groups/{id}/ */
export const myGroupDetailSchema = myGroupSchema
  .extend({
    sessions: z.array(
      groupSessionSchema.extend({
        is_past: z.boolean().describe('занятие закончилось'),
        attendance: z.array(myAttendanceSchema).describe('отметки посещаемости учеников аккаунта на этом занятии; пусто — не отмечали'),
      }),
    ),
  })
  .meta({ id: 'MyGroupDetail' });
export type MyGroupDetail = z.infer<typeof myGroupDetailSchema>;

export const groupSessionParamsSchema = z.object({ id: pathId.describe('id группы'), scheduleId: pathId.describe('id занятия') });

/** GET /api/user/groups/{id}/schedule/{scheduleId}/: one session of my group. */
export const myGroupSessionSchema = groupSessionSchema
  .extend({
    is_past: z.boolean().describe('занятие закончилось'),
    group: z.object({ id, title: z.string() }),
    course: groupCourseSchema,
    learners: z.array(groupLearnerSchema),
    attendance: z.array(myAttendanceSchema).describe('отметки посещаемости учеников аккаунта; пусто — не отмечали'),
  })
  .meta({ id: 'MyGroupSession' });
export type MyGroupSession = z.infer<typeof myGroupSessionSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Ожидается дата в формате ГГГГ-ММ-ДД.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Такой даты нет.');

/** GET /api/user/schedule/?from=&to= (Moscow dates, both included). */
export const userScheduleQuerySchema = z.object({
  from: isoDate.optional().describe('первый день (по Москве), YYYY-MM-DD; по умолчанию сегодня'),
  to: isoDate.optional().describe('последний день (по Москве), YYYY-MM-DD; по умолчанию через 30 дней после from'),
});

export const userScheduleSessionSchema = groupSessionSchema
  .extend({
    group: z.object({ id, title: z.string() }),
    course: z.object({ id, slug: z.string(), title: z.string() }),
    learners: z.array(groupLearnerSchema).describe('чьё это занятие: владелец аккаунта (student null) и/или его ученики'),
    changed_since_last_visit: z.boolean().describe('занятие добавлено или изменено после прошлого посещения расписания'),
    is_past: z.boolean().describe('занятие закончилось (сегодняшние прошедшие занятия тоже в расписании дня)'),
    attendance: z.array(myAttendanceSchema).describe('отметки посещаемости учеников аккаунта; пусто — не отмечали'),
  })
  .meta({ id: 'UserScheduleSession' });

export const userScheduleSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    previous_visit_at: z.string().nullable().describe('прошлое посещение расписания; null — первое'),
    days: z.array(z.object({ date: z.string().describe('YYYY-MM-DD по Москве'), sessions: z.array(userScheduleSessionSchema) })),
  })
  .meta({ id: 'UserSchedule' });
export type UserSchedule = z.infer<typeof userScheduleSchema>;

/** GET/POST /api/user/schedule/feed/ */
export const calendarFeedSchema = z
  .object({
    url: z.string().nullable().describe('секретная ссылка на календарь (.ics); null — ссылки нет'),
    webcal_url: z.string().nullable().describe('та же ссылка со схемой webcal:// для подписки в календаре'),
    created_at: z.string().nullable(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeedView = z.infer<typeof calendarFeedSchema>;
