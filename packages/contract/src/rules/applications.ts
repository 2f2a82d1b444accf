// The applications inbox's words: the states of an application sent through a site form, as
// staff see them.

/** An application's states, in the order staff move it along, with the Russian word. */
export const APPLICATION_STATUSES = [
  { id: 'new', title: 'Новая' },
  { id: 'in_work', title: 'В работе' },
  { id: 'done', title: 'Обработана' },
  { id: 'spam', title: 'Спам' },
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]['id'];

export const APPLICATION_TEXTS = {
  notFound: 'Такой заявки нет.',
  notStaff: 'Назначить заявку можно только сотруднику школы.',
  noteEmpty: 'Напишите заметку.',
  sameStatus: 'У заявки уже этот статус.',
} as const;
