import { and, desc, eq, sql } from 'drizzle-orm';
import type { MyCourse } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courseModules, courses, lessonProgress, lessons, students, userCourses } from '../../db/schema/index.ts';
import type { MediaService } from '../media/images.ts';
import type { SignedInActor } from '../auth/actor.ts';

// 'Мое обучение': the courses an account studies or pays for. Enrolment writes one
// user_courses row per learner with the payer's user_id (the student's id when a student learns),
// so one query on user_id finds the holder's own courses and those of their students.

/** Published lessons of the course: the progress bar's whole. */
const totalLessons = sql<number>`(
  select count(*) from ${lessons}
  join ${courseModules} on ${courseModules.id} = ${lessons.moduleId}
  where ${courseModules.courseId} = ${userCourses.courseId} and ${lessons.isPublished}
)::int`;

/** Of those, the ones this enrolment completed. */
const completedLessons = sql<number>`(
  select count(*) from ${lessonProgress}
  join ${lessons} on ${lessons.id} = ${lessonProgress.lessonId}
  join ${courseModules} on ${courseModules.id} = ${lessons.moduleId}
  where ${lessonProgress.userCourseId} = ${userCourses.id} and ${lessonProgress.status} = 'completed'
    and ${courseModules.courseId} = ${userCourses.courseId} and ${lessons.isPublished}
)::int`;

/** The database's clock decides, as the study scope's does. */
const accessEnded = sql<boolean>`coalesce(${userCourses.accessUntil} <= now(), false)`;

/**
 * GET /api/user/courses/: the shown enrolments, or with `isActive` false the ones the learner hid;
 * newest first, those whose access has ended after the rest (listed, so a course never just
 * vanishes, but closed for study).
 */
export async function listMyCourses(db: Executor, media: MediaService, actor: SignedInActor, isActive = true): Promise<MyCourse[]> {
  const userId = actor.user.id;
  const rows = await db
    .select({
      id: userCourses.id,
      isActive: userCourses.isActive,
      accessUntil: userCourses.accessUntil,
      accessEnded,
      createdAt: userCourses.createdAt,
      course: { id: courses.id, slug: courses.slug, title: courses.title, image: courses.image },
      studentId: students.id,
      studentFirstName: students.firstName,
      studentLastName: students.lastName,
      total: totalLessons,
      completed: completedLessons,
    })
    .from(userCourses)
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .leftJoin(students, eq(students.id, userCourses.studentId))
    .where(
      and(
        eq(userCourses.userId, userId),
        eq(userCourses.isActive, isActive),
      ),
    )
    .orderBy(sql`${accessEnded}`, desc(userCourses.createdAt), desc(userCourses.id));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      is_active: row.isActive,
      course: {
        ...row.course,
        image: (await media.image(row.course.image, { width: 640, crop: 'none' }))?.url ?? null,
      },
      student:
        row.studentId === null ? null : { id: row.studentId, name: [row.studentFirstName, row.studentLastName].filter(Boolean).join(' ') },
      access_until: row.accessUntil?.toISOString() ?? null,
      access_ended: row.accessEnded,
      created_at: row.createdAt.toISOString(),
      progress: { completed: row.completed, total: row.total },
    })),
  );
}
