import { and, asc, eq } from 'drizzle-orm';
import type { ImageOpts, Teacher } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { teachers } from '../../db/schema/index.ts';
import type { MediaService } from '../media/images.ts';

export const teacherColumns = {
  id: teachers.id,
  firstName: teachers.firstName,
  lastName: teachers.lastName,
  position: teachers.position,
  bio: teachers.bio,
  photo: teachers.photo,
  onMain: teachers.onMain,
  onNoschool: teachers.onNoschool,
};
type TeacherRow = { [K in keyof typeof teacherColumns]: (typeof teachers.$inferSelect)[K] };

/** The API shape of a teacher row; the photo at `imageOpts` or its original size. */
export async function toTeacher(media: MediaService, row: TeacherRow, imageOpts?: ImageOpts): Promise<Teacher> {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    position: row.position,
    bio: row.bio,
    photo: await media.image(row.photo, imageOpts),
    on_main: row.onMain,
    on_noschool: row.onNoschool,
  };
}

/** Teachers in the school's order, optionally only those for the home page or the non-school site. */
export async function listTeachers(
  db: Executor,
  media: MediaService,
  query: { on_main?: boolean; on_noschool?: boolean; image_opts?: ImageOpts },
): Promise<Teacher[]> {
  const rows = await db
    .select(teacherColumns)
    .from(teachers)
    .where(
      and(
        query.on_main === undefined ? undefined : eq(teachers.onMain, query.on_main),
        query.on_noschool === undefined ? undefined : eq(teachers.onNoschool, query.on_noschool),
      ),
    )
    .orderBy(asc(teachers.sort), asc(teachers.lastName), asc(teachers.firstName), asc(teachers.id));
  return Promise.all(rows.map((row) => toTeacher(media, row, query.image_opts)));
}
