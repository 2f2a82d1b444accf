// What the study pages' loaders share: the course's title and outline, or the 404 page for
// another account's or a closed course (the API answers 404, decision 0028). Path ids and the 404
// of other reads: ui/loaders.server.ts.
import { data } from 'react-router';
import type { Api } from '../../api/client.ts';
import { orNotFound } from '../../ui/loaders.server.ts';
import type { StudyCourse } from './links.ts';

/** The course of an enrolment with its outline; another account's, hidden or ended: the 404 page. */
export async function loadStudyCourse(api: Api, id: number): Promise<StudyCourse> {
  const [outline, mine] = await Promise.all([orNotFound(api.courseModules(id)), api.userCourses()]);
  const item = mine.find((course) => course.id === id);
  if (!item) throw data(null, { status: 404 });
  return { id, title: item.course.title, student: item.student, outline };
}
