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

/** The list's order when the drag in progress started (one drag at a time on a page). */
let orderAtStart: readonly UniqueIdentifier[] | null = null;

/**
 * What a screen reader hears while an item of a numbered list moves: the item (`nameOf` answers it
 * as said, e.g. '«Картинка»', 'Вопрос 3') and its place among `ids` ('над местом 1 из 2'). Names
 * and places are counted in the order the drag started from: the drop reorders the list, and
 * dnd-kit may announce the drop after that render (it then spoke of the moved list).
 */
export function placeAnnouncements(
  ids: readonly UniqueIdentifier[],
  nameOf: (id: UniqueIdentifier, order: readonly UniqueIdentifier[]) => string,
): Announcements {
  const order = () => orderAtStart ?? ids;
  const place = (id: UniqueIdentifier) => `${order().indexOf(id) + 1} из ${order().length}`;
  const name = (id: UniqueIdentifier) => nameOf(id, order());
  const done = (text: string) => {
    orderAtStart = null;
    return text;
  };
  return {
    onDragStart: ({ active }) => {
      orderAtStart = ids;
      return `${name(active.id)} поднят. Стрелками вверх и вниз выберите место, пробелом поставьте, Escape — отмена.`;
    },
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} над местом ${place(over.id)}.` : `${name(active.id)} вне списка.`),
    onDragEnd: ({ active, over }) => done(over ? `${name(active.id)} поставлен на место ${place(over.id)}.` : `${name(active.id)} на прежнем месте.`),
    onDragCancel: ({ active }) => done(`Перемещение отменено, ${name(active.id)} на прежнем месте.`),
  };
}
