// What the study pages' loaders share: the path ids, the 404 page for another account's or a
// closed course (the API answers 404, decision 0028), the course's title and outline.
import { data } from 'react-router';
import { ApiRequestError, type Api } from '../../api/client.ts';
import type { StudyCourse } from './links.ts';

/** A path id (`{id}`, `{lessonId}`) or the 404 page. */
export function pathId(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,8}$/.test(raw)) throw data(null, { status: 404 });
  return Number(raw);
}

/** The API's 404 (and 400 for a page number it refuses) become the site's 404 page. */
export function orNotFound<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  });
}


/** The course of an enrolment with its outline; another account's, hidden or ended: the 404 page. */
export async function loadStudyCourse(api: Api, id: number): Promise<StudyCourse> {
  const [outline, mine] = await Promise.all([orNotFound(api.courseModules(id)), api.userCourses()]);
  const item = mine.find((course) => course.id === id);
  if (!item) throw data(null, { status: 404 });
  return { id, title: item.course.title, student: item.student, outline };
}
