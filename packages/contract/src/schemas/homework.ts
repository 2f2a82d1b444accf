// Homework (decision 0087): a lesson block with a task a learner answers with text, photos, a video
// or files; a curator of the course or of the learner's group reads the answer beside the task,
// comments, returns it for rework or accepts it. One conversation per homework and learner; the
// answers and comments keep their order and are never rewritten.
import { z } from 'zod';
import { INT4_MAX, idField, idParam, int4, pageQuery } from './common.ts';
import { imageSchema } from './content.ts';
import { paginatedSchema } from './catalog.ts';
import { emailSchema } from './auth.ts';
import { HOMEWORK_FILE_MAX_MB } from '../rules/homework.ts';

const id = z.number().int();

// ---------------------------------------------------------------- the block

/** What must wait for the homework to be accepted: nothing, the next lesson or test, or the next modules. */
export const HOMEWORK_GATES = ['none', 'next_item', 'next_module'] as const;
export type HomeworkGate = (typeof HOMEWORK_GATES)[number];

/** What a learner may send, per kind: how many (0 — not that kind). */
export const homeworkAcceptsSchema = z
  .object({
    text: z.boolean({ error: 'Ожидается true или false.' }).describe('можно ответить текстом'),
    photos: int4({ max: 20, maxMessage: 'Не больше 20 фотографий.' }).describe('сколько фотографий можно приложить; 0 — нельзя'),
    videos: int4({ max: 3, maxMessage: 'Не больше 3 видео.' }).describe('сколько видео можно приложить; 0 — нельзя'),
    files: int4({ max: 10, maxMessage: 'Не больше 10 файлов.' }).describe('сколько файлов (PDF, DOCX, XLSX, ZIP…) можно приложить; 0 — нельзя'),
  })
  .strict()
  .refine((a) => a.text || a.photos + a.videos + a.files > 0, { message: 'Разрешите ученику хотя бы текст или вложения.' })
  .meta({ id: 'HomeworkAccepts' });
export type HomeworkAccepts = z.infer<typeof homeworkAcceptsSchema>;


/** A deadline: a fixed Moscow date and time, or a number of days after the lesson opens for the learner. */
export const homeworkDeadlineSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('date'), at: z.string({ error: 'Укажите дату и время срока.' }).datetime({ offset: true, error: 'Укажите дату и время срока.' }).describe('ISO 8601; в редакторе — по Москве') }).strict(),
      z.object({ type: z.literal('days'), days: int4({ min: 1, max: 365, minMessage: 'Не меньше 1 дня.', maxMessage: 'Не больше 365 дней.' }) }).strict(),
    ],
    { error: 'Срок — дата или число дней после открытия урока.' },
  )
  .meta({ id: 'HomeworkDeadline' });
export type HomeworkDeadline = z.infer<typeof homeworkDeadlineSchema>;

/**
 * The fields of the block as the lesson editor writes it; the admin block union (admin.ts) adds the
 * task's pictures and video, which are storage keys of the builder's uploads.
 */
export const adminHomeworkFields = {
  type: z.literal('homework'),
  title: z.string({ error: 'Ожидается текст.' }).trim().min(1, 'Заполните название задания.').max(200, 'Не длиннее 200 символов.'),
  html: z.string({ error: 'Ожидается текст.' }).max(200_000, 'Слишком длинный текст.').describe('задание: текст редактора'),
  accepts: homeworkAcceptsSchema,
  max_file_mb: int4({ min: 1, max: HOMEWORK_FILE_MAX_MB, maxMessage: `Не больше ${HOMEWORK_FILE_MAX_MB} МБ.` }).describe('предел одного вложения, МБ'),
  gate: z.enum(HOMEWORK_GATES, { error: 'Допустимые значения: none, next_item, next_module.' }).describe('что ждёт принятия задания'),
  deadline: homeworkDeadlineSchema.nullable(),
};


/** The block as a learner's lesson page shows it: the rule only; the learner's own state is the thread. */
export const homeworkBlockViewSchema = z.object({
  id,
  type: z.literal('homework'),
  title: z.string(),
  html: z.string(),
  images: z.array(z.object({ image: imageSchema.nullable(), alt: z.string() })).describe('картинки задания (пример, образец)'),
  video: z.string().nullable().describe('видео задания: ссылка плеера или URL загруженного файла (/media/…, поддерживает Range)'),
  accepts: homeworkAcceptsSchema,
  max_file_mb: z.number().int(),
  gate: z.enum(HOMEWORK_GATES),
  deadline: homeworkDeadlineSchema.nullable(),
});

// ---------------------------------------------------------------- a learner's thread

/**
 * sent — waiting for a curator; checking — a curator has taken it; returned — sent back for rework;
 * accepted — done (counts in progress and opens what waited for it).
 */
export const HOMEWORK_STATUSES = ['sent', 'checking', 'returned', 'accepted'] as const;
export type HomeworkStatus = (typeof HOMEWORK_STATUSES)[number];
export const homeworkStatusSchema = z.enum(HOMEWORK_STATUSES).meta({ id: 'HomeworkStatus' });

export const HOMEWORK_ATTACHMENT_KINDS = ['photo', 'video', 'file'] as const;
export type HomeworkAttachmentKind = (typeof HOMEWORK_ATTACHMENT_KINDS)[number];

/** A file of a message, served only to the learner and the curators of the submission. */
export const homeworkAttachmentSchema = z
  .object({
    id,
    kind: z.enum(HOMEWORK_ATTACHMENT_KINDS),
    name: z.string().describe('имя файла, как его загрузили'),
    size_bytes: z.number().int(),
    content_type: z.string(),
    url: z.string().describe('адрес файла (по правам просмотра; поддерживает Range)'),
    preview: imageSchema.nullable().describe('фотография в размере для телефона; null — не картинка'),
    playback: z
      .object({
        url: z.string().describe('копия для телефона: H.264 в MP4, не больше 1280×720'),
        poster: z.string().describe('кадр из видео (WebP)'),
        width: z.number().int(),
        height: z.number().int(),
      })
      .nullable()
      .describe('видео в размере для телефона; null — не видео или копия ещё готовится (тогда играет исходный файл)'),
  })
  .meta({ id: 'HomeworkAttachment' });
export type HomeworkAttachment = z.infer<typeof homeworkAttachmentSchema>;

export const homeworkMessageSchema = z
  .object({
    id,
    author: z.object({ name: z.string(), role: z.enum(['learner', 'curator']) }),
    text: z.string(),
    attachments: z.array(homeworkAttachmentSchema),
    decision: z.enum(['returned', 'accepted']).nullable().describe('решение куратора этим сообщением'),
    grade: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'HomeworkMessage' });
export type HomeworkMessage = z.infer<typeof homeworkMessageSchema>;

/** GET /api/user/course/{id}/homework/{blockId}/: the learner's homework of one block. */
export const homeworkThreadSchema = z
  .object({
    block_id: id,
    lesson_id: id,
    title: z.string(),
    status: homeworkStatusSchema.nullable().describe('null — ещё не отправляли'),
    grade: z.number().int().nullable(),
    deadline_at: z.string().nullable().describe('срок для этого ученика; null — без срока'),
    overdue: z.boolean(),
    can_send: z.boolean().describe('можно отправить ответ сейчас (не отправлено, или возвращено на доработку)'),
    messages: z.array(homeworkMessageSchema).describe('вся переписка по заданию, от старых к новым'),
  })
  .meta({ id: 'HomeworkThread' });
export type HomeworkThread = z.infer<typeof homeworkThreadSchema>;

export const homeworkParamsSchema = z.object({ id: idParam.describe('id курса пользователя (зачисления)'), blockId: idParam.describe('id блока задания') });

/** A message body: text and uploads (ids the upload route answered). */
const messageText = z.string({ error: 'Ожидается текст.' }).trim().max(20_000, 'Не длиннее 20 000 символов.');
const uploadIds = z.array(z.string({ error: 'Ожидается id загрузки.' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'Неверный id загрузки: загрузите файл заново.')).max(30, 'Не больше 30 вложений.');

/** POST /api/user/course/{id}/homework/{blockId}/: send an answer (the first or after a return). */
export const homeworkAnswerSchema = z
  .object({ text: messageText.default(''), uploads: uploadIds.default([]) })
  .strict()
  .meta({ id: 'HomeworkAnswer' });
export type HomeworkAnswer = z.input<typeof homeworkAnswerSchema>;

/** POST …/uploads/: a finished upload, ready to attach. */
export const homeworkUploadSchema = z
  .object({ upload: z.string(), kind: z.enum(HOMEWORK_ATTACHMENT_KINDS), name: z.string(), size_bytes: z.number().int(), content_type: z.string() })
  .meta({ id: 'HomeworkUpload' });
export type HomeworkUpload = z.infer<typeof homeworkUploadSchema>;

// ---------------------------------------------------------------- curators

/** GET /api/curator/homework/ */
export const curatorQueueQuerySchema = z.object({
  status: z.enum([...HOMEWORK_STATUSES, 'waiting'], { error: 'Допустимые значения: waiting, sent, checking, returned, accepted.' }).default('waiting').describe('waiting — sent и checking'),
  course: idParam.optional(),
  group: idParam.optional(),
  lesson: idParam.optional(),
  page: pageQuery(),
  page_size: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').min(1, 'Не меньше 1.').max(100, 'Не больше 100.').default(20),
});
export type CuratorQueueQuery = Partial<z.output<typeof curatorQueueQuerySchema>>;

/** `{id}` of the curator routes: a homework submission. */
export const curatorSubmissionParamsSchema = z.object({ id: idParam.describe('id работы (отправленного задания)') });

/** GET /api/curator/homework/summary/: the menu's count and what the queue's filters offer. */
export const curatorSummarySchema = z
  .object({
    waiting: z.number().int().describe('ждут проверки (отправлены или проверяются) во всех курсах и группах куратора'),
    courses: z.array(z.object({ id, title: z.string() })).describe('курсы, задания которых проверяет куратор'),
    groups: z.array(z.object({ id, title: z.string(), course_id: id })).describe('группы этих курсов, которые видит куратор'),
    lessons: z.array(z.object({ id, title: z.string(), course_id: id })).describe('уроки этих курсов с заданиями'),
  })
  .meta({ id: 'CuratorSummary' });
export type CuratorSummary = z.infer<typeof curatorSummarySchema>;

const learnerSchema = z.object({ name: z.string().describe('имя и фамилия ученика; без документов и заказов'), progress: z.number().int().describe('прогресс по курсу, %') });

export const curatorSubmissionCardSchema = z
  .object({
    id,
    status: homeworkStatusSchema,
    title: z.string(),
    course: z.object({ id, title: z.string() }),
    lesson: z.object({ id, title: z.string() }),
    group: z.object({ id, title: z.string() }).nullable(),
    learner: learnerSchema,
    sent_at: z.string().describe('когда ученик отправил последний ответ'),
    deadline_at: z.string().nullable(),
    overdue: z.boolean().describe('ответ пришёл после срока или срок прошёл без ответа'),
    reviewer: z.string().nullable().describe('кто проверяет сейчас'),
    reviewer_is_me: z.boolean().describe('проверяет тот, кто спрашивает'),
  })
  .meta({ id: 'CuratorSubmissionCard' });
export type CuratorSubmissionCard = z.infer<typeof curatorSubmissionCardSchema>;
export const curatorQueuePageSchema = paginatedSchema(curatorSubmissionCardSchema, 'CuratorQueuePage');
export type CuratorQueuePage = z.infer<typeof curatorQueuePageSchema>;

/** GET /api/curator/homework/{id}/: the task beside the learner's answers. */
export const curatorSubmissionSchema = curatorSubmissionCardSchema
  .extend({
    task: homeworkBlockViewSchema,
    grade: z.number().int().nullable(),
    messages: z.array(homeworkMessageSchema),
    version: z.number().int().describe('версия: решение с устаревшей версией отвечает 409'),
  })
  .meta({ id: 'CuratorSubmission' });
export type CuratorSubmission = z.infer<typeof curatorSubmissionSchema>;

/** POST /api/curator/homework/{id}/review/: a comment with a decision. */
export const curatorReviewSchema = z
  .object({
    decision: z.enum(['returned', 'accepted'], { error: 'Выберите: вернуть на доработку или принять.' }),
    text: messageText.default(''),
    uploads: uploadIds.default([]),
    grade: int4({ min: 0, max: 100, maxMessage: 'Оценка — от 0 до 100.' }).nullable().default(null),
    version: z.number({ error: 'Ожидается версия.' }).int().min(0).max(INT4_MAX),
  })
  .strict()
  .refine((r) => r.decision === 'accepted' || r.text.length > 0 || r.uploads.length > 0, { message: 'Напишите, что исправить.', path: ['text'] })
  .meta({ id: 'CuratorReview' });
export type CuratorReview = z.input<typeof curatorReviewSchema>;

/** GET /api/admin/courses/{id}/curators/: who checks the course's homework. */
export const courseCuratorSchema = z
  .object({
    id,
    user: z.object({ id, name: z.string(), email: z.string() }),
    group: z.object({ id, title: z.string() }).nullable().describe('null — весь курс'),
    waiting: z.number().int().describe('ждут проверки'),
    waiting_too_long: z.number().int().describe('ждут дольше 48 часов'),
    overdue: z.number().int().describe('ответы после срока, ещё не принятые'),
    missed: z.number().int().describe('задания без ответа, срок которых прошёл (ученик × задание)'),
  })
  .meta({ id: 'CourseCurator' });
export type CourseCurator = z.infer<typeof courseCuratorSchema>;
export const courseCuratorsSchema = z.array(courseCuratorSchema).meta({ id: 'CourseCurators' });

/** `{id}` — the course, `{curatorId}` — the curator record (courseCuratorSchema.id). */
export const courseCuratorParamsSchema = z.object({ id: idParam.describe('id курса'), curatorId: idParam.describe('id записи куратора') });

/** POST /api/admin/courses/{id}/curators/ */
export const courseCuratorInputSchema = z
  .object({
    email: emailSchema,
    group_id: idField().nullable().default(null).describe('группа курса; null — весь курс'),
  })
  .strict()
  .meta({ id: 'CourseCuratorAdd' });
export type CourseCuratorInput = z.input<typeof courseCuratorInputSchema>;
