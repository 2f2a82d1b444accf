import { KeyboardSensor, MeasuringStrategy, PointerSensor, useSensor, useSensors, type Announcements, type UniqueIdentifier } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

// What the builder's sortable lists share (the programme, a lesson's blocks, a test's questions):
// dnd-kit in the `editor` chunk, admin pages only.

/** The pointer (a drag starts after 4 px, so a click on the handle stays a click) and the keyboard (space, arrows, space). */
export function useSortableSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** Items change height while a drag goes on (rich text lays itself out late): their places are measured on every move. */
export const MEASURE_ON_EVERY_MOVE = { droppable: { strategy: MeasuringStrategy.Always } };

/**
 * What a screen reader hears while an item of a numbered list moves: the item (`nameOf` answers it
 * as said, e.g. '«Картинка»', 'Вопрос 3') and its place among `ids` ('над местом 1 из 2').
 */
export function placeAnnouncements(ids: readonly UniqueIdentifier[], nameOf: (id: UniqueIdentifier) => string): Announcements {
  const place = (id: UniqueIdentifier) => `${ids.indexOf(id) + 1} из ${ids.length}`;
  return {
    onDragStart: ({ active }) => `${nameOf(active.id)} поднят. Стрелками вверх и вниз выберите место, пробелом поставьте, Escape — отмена.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} над местом ${place(over.id)}.` : `${nameOf(active.id)} вне списка.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} поставлен на место ${place(over.id)}.` : `${nameOf(active.id)} на прежнем месте.`),
    onDragCancel: ({ active }) => `Перемещение отменено, ${nameOf(active.id)} на прежнем месте.`,
  };
}
