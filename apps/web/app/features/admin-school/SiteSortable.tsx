import type { ReactNode } from 'react';
import { DndContext, closestCenter, type DragEndEvent, type ScreenReaderInstructions } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { placeAnnouncements, useSortableSensors } from '../../ui/sortable.ts';

// The site screens' sortable list (banners of a position, a menu's items): dnd-kit, loaded only
// when such a screen opens (React.lazy in the screens), so the other school screens do not carry it.
// Dragged by the handle with the mouse or the keyboard (focus the handle, Space, arrows, Space).

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable: 'Чтобы переставить, нажмите пробел, затем стрелками вверх и вниз выберите место и нажмите пробел ещё раз. Escape — отменить.',
};

export interface SortableRow {
  id: number;
  /** How the row is named to a screen reader and on its handle ('баннер «Весна»'). */
  label: string;
  className?: string;
  content: (handle: ReactNode) => ReactNode;
}

function Row({ row }: { row: SortableRow }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  const handle = (
    <button type="button" className="admin-handle" aria-label={`Переставить: ${row.label}`} {...attributes} {...listeners}>
      ⠿
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`${row.className ?? 'site-sortable__row'}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {row.content(handle)}
    </li>
  );
}

/** A list whose rows move by their handle; `onMove` gets the row, the row it was dropped on and how far right it went (px). */
export default function SortableRows({ rows, label, onMove }: { rows: SortableRow[]; label: string; onMove: (id: number, overId: number, deltaX: number) => void }) {
  const sensors = useSortableSensors();
  const ids = rows.map((r) => r.id);
  const nameOf = (id: string | number) => rows.find((r) => r.id === id)?.label ?? '';
  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    if (!over) return;
    if (active.id === over.id && Math.abs(delta.x) < 40) return;
    onMove(Number(active.id), Number(over.id), delta.x);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements: placeAnnouncements(ids, nameOf), screenReaderInstructions: INSTRUCTIONS }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="site-sortable" aria-label={label}>
          {rows.map((row) => (
            <Row key={row.id} row={row} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
