import type { ReactNode } from 'react';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { placeAnnouncements, useSortableSensors } from '../../ui/sortable.ts';

// The dictionaries' sortable lists (decision 0072): a handle per row, dragged with the mouse or
// moved from the keyboard (focus the handle, Space, arrows, Space). dnd-kit comes in its own chunk,
// loaded by the screens only when a list is shown (SiteCatalogUi.tsx).

export interface SortableListProps<T extends { id: number }> {
  items: T[];
  /** What a screen reader and the handle call an item: '«Бариста»'. */
  nameOf: (item: T) => string;
  label: string;
  className?: string;
  /** The row; `handle` goes where the row wants it. */
  children: (item: T, handle: ReactNode) => ReactNode;
  /** The new order of the whole list. */
  onReorder: (items: T[]) => void;
}

const INSTRUCTIONS = {
  draggable: 'Чтобы переставить, нажмите пробел, стрелками вверх и вниз выберите место и нажмите пробел ещё раз. Escape — отмена.',
};

function Row({ id, name, className, children }: { id: number; name: string; className: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button type="button" className="admin-handle" aria-label={`Переставить: ${name}`} {...attributes} {...listeners}>
      ⠿
    </button>
  );
  return (
    <li ref={setNodeRef} className={`${className}${isDragging ? ` ${className}--dragging` : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      {children(handle)}
    </li>
  );
}

export default function SortableList<T extends { id: number }>({ items, nameOf, label, className = 'catalog-row', children, onReorder }: SortableListProps<T>) {
  const sensors = useSortableSensors();
  const ids = items.map((item) => item.id);
  const names = new Map(items.map((item) => [item.id, nameOf(item)]));
  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: placeAnnouncements(ids, (id) => names.get(Number(id)) ?? ''), screenReaderInstructions: INSTRUCTIONS }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="catalog-list" aria-label={label}>
          {items.map((item) => (
            <Row key={item.id} id={item.id} name={nameOf(item)} className={className}>
              {(handle) => children(item, handle)}
            </Row>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
