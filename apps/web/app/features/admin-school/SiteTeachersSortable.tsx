import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { SiteTeacher } from '@crema/contract';
import { placeAnnouncements, useSortableSensors } from '../../ui/sortable.ts';
import { TeacherCardBody, teacherName } from './SiteTeachersCard.tsx';

// The teachers' list that sorts (decision 0073): dnd-kit with the pointer and the keyboard, loaded
// with this file only.

function SortableTeacher({ teacher, onDelete }: { teacher: SiteTeacher; onDelete: (t: SiteTeacher) => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: teacher.id });
  const style = { transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition };
  const handle = (
    <button type="button" className="admin-handle" aria-label={`Переставить: ${teacherName(teacher)}`} {...attributes} {...listeners}>
      <span aria-hidden="true">⋮⋮</span>
    </button>
  );
  return (
    <li ref={setNodeRef} style={style} className={`site-card${isDragging ? ' site-card--dragging' : ''}`} data-testid={`teacher-${teacher.id}`}>
      <TeacherCardBody teacher={teacher} handle={handle} onDelete={onDelete} />
    </li>
  );
}

export default function SiteTeachersSortable({
  teachers,
  onReorder,
  onDelete,
}: {
  teachers: SiteTeacher[];
  onReorder: (next: SiteTeacher[]) => void;
  onDelete: (t: SiteTeacher) => void;
}) {
  const sensors = useSortableSensors();
  const ids = teachers.map((t) => t.id);
  const names = new Map(teachers.map((t) => [t.id, teacherName(t)]));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(teachers, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: placeAnnouncements(ids, (id) => `Преподаватель ${names.get(Number(id)) ?? ''}`) }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className="site-list" aria-label="Преподаватели">
          {teachers.map((teacher) => (
            <SortableTeacher key={teacher.id} teacher={teacher} onDelete={onDelete} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
