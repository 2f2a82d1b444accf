import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StudyOutline } from './links.ts';
import { StudyLayout } from './StudyLayout.tsx';
import { DRAFT_TEXT, previewLinks } from './preview.ts';
import './preview.css';

// The course preview (decision 0041): a bar that says what this is and leads back to editing, over
// the learners' own course-study layout (sidebar, lesson pages, quiz) given the preview's links.

export interface PreviewCourse {
  id: number;
  title: string;
  is_published: boolean;
  outline: StudyOutline;
}

export function PreviewFrame({
  course,
  current,
  edit,
  children,
}: {
  course: PreviewCourse;
  current: { type: 'lesson' | 'test'; id: number; moduleId: number | null } | null;
  /** Where 'Вернуться к редактированию' leads: the editor of what is on screen, or the programme. */
  edit: string;
  children: ReactNode;
}) {
  return (
    <>
      <div className="preview-bar" role="region" aria-label="Предпросмотр курса">
        <div className="container preview-bar__inner">
          <p className="preview-bar__text">
            <strong>Предпросмотр:</strong> так курс видят ученики.
            {course.is_published ? null : <span className="preview-bar__note"> Курс ещё не опубликован.</span>}
            <span className="preview-bar__note"> Здесь ничего не записывается.</span>
          </p>
          <Link className="button button--primary preview-bar__back" to={edit}>
            Вернуться к редактированию
          </Link>
        </div>
      </div>
      <StudyLayout course={{ id: course.id, title: course.title, student: null, outline: course.outline }} links={previewLinks(course.id)} current={current}>
        {children}
      </StudyLayout>
    </>
  );
}

/** The mark over a draft lesson or test on its page. */
export function DraftNote({ draft }: { draft: boolean }) {
  return draft ? (
    <p className="preview-draft" role="note">
      {DRAFT_TEXT}
    </p>
  ) : null;
}
