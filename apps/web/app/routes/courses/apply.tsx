import { useNavigate, useRouteLoaderData } from 'react-router';
import type { CourseDetail } from '@crema/contract';
import ApplyDialogs from '../../features/apply/ApplyDialogs.tsx';
import { paths } from '../../lib/paths.ts';

// /courses/{slug}/apply/: the course page with the application dialogs open over it.
// A child route rather than a lazy component of the course page (decision 0024):
// React Router loads its module on the first click of 'Оставить заявку', and the course page's
// own first load gains only a link and an outlet. The address works on its own too (the dialog
// arrives server-rendered), and the browser's Back closes it. No loader: the course page's data
// is reused.

export default function CourseApply() {
  const { course } = useRouteLoaderData('routes/courses/course') as { course: CourseDetail };
  const navigate = useNavigate();
  return (
    <ApplyDialogs
      course={course}
      onClosed={() => void navigate(paths.course(course.slug), { replace: true, preventScrollReset: true })}
    />
  );
}
