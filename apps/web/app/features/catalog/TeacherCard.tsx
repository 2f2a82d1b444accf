import type { Teacher } from '@crema/contract';
import { CatalogImage } from './CatalogImage.tsx';

/** Teacher photos: square, cropped to the face area. */
export const TEACHER_IMAGE = { width: 320, height: 320, opts: 'size:320x320,crop:center' } as const;

/** What a teacher card shows; the biography only where there is room for it. */
export type TeacherCardData = Pick<Teacher, 'id' | 'first_name' | 'last_name' | 'position' | 'photo'> & { bio?: string | null };

/** A teacher: photo, name, position, and (on the course page) a short biography. */
export function TeacherCard({ teacher, withBio = false }: { teacher: TeacherCardData; withBio?: boolean }) {
  const name = `${teacher.first_name} ${teacher.last_name}`;
  return (
    <article className="teacher-card">
      <CatalogImage
        className="teacher-card__photo"
        image={teacher.photo}
        alt={`${name}, фото`}
        width={TEACHER_IMAGE.width}
        height={TEACHER_IMAGE.height}
      />
      <div>
        <h3 className="teacher-card__name">{name}</h3>
        {teacher.position ? <p className="teacher-card__position">{teacher.position}</p> : null}
        {withBio && teacher.bio ? <p className="teacher-card__bio">{teacher.bio}</p> : null}
      </div>
    </article>
  );
}
