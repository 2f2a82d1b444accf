// Attendance of a group's sessions (decision 0088): the curator's groups and sessions, a session's
// list of marks saved whole with its version, and the marks as a learner sees them.
import { z } from 'zod';
import { ATTENDANCE_NOTE_MAX, ATTENDANCE_STATUSES } from '../rules/attendance.ts';
import { courseFormatSchema } from './catalog.ts';
import { idField, idParam, int4 } from './common.ts';

const id = z.number().int();

export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES, { error: 'Выберите отметку: присутствие, опоздание, пропуск или уважительная причина.' });

const courseRefSchema = z.object({ id, title: z.string() });
const itemRefSchema = z.object({ id, title: z.string() }).nullable();

/** How many of each mark (a session's, a member's or a group's). */
export const attendanceCountsSchema = z
  .object({
    present: z.number().int(),
    late: z.number().int(),
    absent: z.number().int(),
    excused: z.number().int(),
  })
  .meta({ id: 'AttendanceCounts' });
export type AttendanceCounts = z.infer<typeof attendanceCountsSchema>;

/** GET /api/curator/groups/: the groups whose attendance the caller marks. */
export const curatorGroupSchema = z
  .object({
    id,
    title: z.string(),
    course: courseRefSchema,
    starts_on: z.string().describe('YYYY-MM-DD'),
    ends_on: z.string().nullable(),
    format: courseFormatSchema,
    closed: z.boolean().describe('группу закрыли'),
    members_count: z.number().int(),
    sessions_count: z.number().int(),
    sessions_past: z.number().int().describe('занятий уже началось'),
    sessions_unmarked: z.number().int().describe('начавшихся занятий без списка'),
    next_session: z.object({ id, title: z.string(), starts_at: z.string() }).nullable().describe('ближайшее незакончившееся занятие'),
  })
  .meta({ id: 'CuratorGroup' });
export const curatorGroupsSchema = z.array(curatorGroupSchema).meta({ id: 'CuratorGroups' });
export type CuratorGroup = z.infer<typeof curatorGroupSchema>;

export const curatorGroupParamsSchema = z.object({ id: idParam.describe('id группы') });
export const curatorSessionParamsSchema = z.object({ id: idParam.describe('id группы'), sessionId: idParam.describe('id занятия') });

/** A session in the curator's group page. */
export const curatorSessionSchema = z
  .object({
    id,
    title: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    lesson: itemRefSchema,
    test: itemRefSchema,
    is_started: z.boolean().describe('занятие уже началось: его список можно заполнять'),
    is_marked: z.boolean().describe('список занятия сохранён хотя бы раз'),
    counts: attendanceCountsSchema,
  })
  .meta({ id: 'CuratorSession' });
export type CuratorSession = z.infer<typeof curatorSessionSchema>;

/** A member of the group as a curator sees them: the name and the course's progress only. */
export const curatorMemberSchema = z
  .object({
    user_course_id: id,
    name: z.string().describe('фамилия и имя ученика (ребёнка, если учится ребёнок)'),
    progress: z.number().int().describe('прогресс по курсу, 0–100'),
    counts: attendanceCountsSchema,
    rate: z.number().int().nullable().describe('посещаемость, %: (присутствие + опоздание) / отмеченные занятия; null — отметок нет'),
  })
  .meta({ id: 'CuratorMember' });

/** GET /api/curator/groups/{id}/ */
export const curatorGroupDetailSchema = curatorGroupSchema
  .extend({
    sessions: z.array(curatorSessionSchema),
    members: z.array(curatorMemberSchema).describe('по фамилии'),
    rate: z.number().int().nullable().describe('посещаемость группы, %; null — отметок нет'),
  })
  .meta({ id: 'CuratorGroupDetail' });
export type CuratorGroupDetail = z.infer<typeof curatorGroupDetailSchema>;

/** One row of a session's list. */
export const attendanceRowSchema = z
  .object({
    user_course_id: id,
    name: z.string(),
    status: attendanceStatusSchema.nullable().describe('null — не отмечен'),
    note: z.string(),
    marked_by: z.string().nullable().describe('кто поставил отметку (имя)'),
    marked_at: z.string().nullable(),
  })
  .meta({ id: 'AttendanceRow' });
export type AttendanceRow = z.infer<typeof attendanceRowSchema>;

/** GET/PUT /api/curator/groups/{id}/sessions/{sessionId}/ */
export const attendanceSheetSchema = z
  .object({
    group: z.object({ id, title: z.string() }),
    course: courseRefSchema,
    session: curatorSessionSchema,
    version: z.number().int().describe('версия списка; 0 — ещё не сохраняли; её присылают при сохранении'),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable().describe('кто сохранил список последним (имя)'),
    rows: z.array(attendanceRowSchema).describe('участники группы по фамилии'),
  })
  .meta({ id: 'AttendanceSheet' });
export type AttendanceSheet = z.infer<typeof attendanceSheetSchema>;

/** PUT body: the whole list at the version it was opened at. */
export const attendanceSaveSchema = z
  .object({
    version: int4({ error: 'Нет версии списка: обновите страницу.' }).describe('версия, с которой список открыли'),
    marks: z
      .array(
        z.object({
          user_course_id: idField('Нет ученика.'),
          status: attendanceStatusSchema.nullable().describe('null — снять отметку'),
          note: z
            .string({ error: 'Заметка — это текст.' })
            .trim()
            .max(ATTENDANCE_NOTE_MAX, `Заметка — не длиннее ${ATTENDANCE_NOTE_MAX} символов.`)
            .default(''),
        })
        .strict(),
        { error: 'Нет списка отметок.' },
      )
      .max(1000, 'Слишком длинный список.'),
  })
  .strict()
  .meta({ id: 'AttendanceSave' });
export type AttendanceSave = z.input<typeof attendanceSaveSchema>;

export const ATTENDANCE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** GET /api/curator/groups/{id}/export/ */
export const attendanceExportQuerySchema = z.object({
  format: z.enum(ATTENDANCE_EXPORT_FORMATS, { error: 'Ожидается csv или xlsx.' }).default('xlsx').describe('csv (UTF-8 с BOM, «;») или xlsx'),
});

/** A learner's own mark at a session (their timetable): only the account's own learners. */
export const myAttendanceSchema = z
  .object({
    user_course_id: id,
    status: attendanceStatusSchema,
    note: z.string(),
  })
  .meta({ id: 'MyAttendance' });
export type MyAttendance = z.infer<typeof myAttendanceSchema>;
