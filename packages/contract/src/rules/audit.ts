// The audit trail's words: what staff and course owners did, as the journal names it. The server
// records these action keys; the journal screen shows their labels.

/** Every action the audit trail records, with its Russian label. */
export const AUDIT_ACTIONS = {
  'course.create': 'Создан курс',
  'course.update': 'Изменён курс',
  'course.delete': 'Удалён курс',
  'course.copy': 'Скопирован курс',
  'module.create': 'Добавлен модуль',
  'module.update': 'Переименован модуль',
  'module.delete': 'Удалён модуль',
  'module.reorder': 'Изменён порядок модулей',
  'content.reorder': 'Изменён порядок уроков и тестов',
  'lesson.create': 'Добавлен урок',
  'lesson.update': 'Изменён урок',
  'lesson.delete': 'Удалён урок',
  'lesson.blocks': 'Изменено содержание урока',
  'lesson.copy': 'Скопирован урок',
  'test.create': 'Добавлен тест',
  'test.update': 'Изменён тест',
  'test.delete': 'Удалён тест',
  'test.copy': 'Скопирован тест',
  'question.create': 'Добавлен вопрос',
  'question.update': 'Изменён вопрос',
  'question.delete': 'Удалён вопрос',
  'question.reorder': 'Изменён порядок вопросов',
  'answer.create': 'Добавлен вариант ответа',
  'answer.update': 'Изменён вариант ответа',
  'answer.delete': 'Удалён вариант ответа',
  'link.create': 'Создана ссылка-приглашение',
  'link.update': 'Изменена ссылка-приглашение',
  'access.grant': 'Открыт доступ к курсу',
  'access.end': 'Закрыт доступ к курсу',
  'grant.withdraw': 'Отозвано приглашение на курс',
  'sveden.update': 'Изменены «Сведения»',
  'legal.publish': 'Опубликована редакция документа',
  'person.roles': 'Изменены роли',
  'person.block': 'Заблокирован аккаунт',
  'person.unblock': 'Разблокирован аккаунт',
  'person.course': 'Открыт курс вручную',
  'person.export': 'Выгружены данные человека',
  'person.delete': 'Удалён аккаунт по обращению',
  'group.create': 'Создана группа',
  'group.update': 'Изменена группа',
  'group.publish': 'Группа опубликована в расписании',
  'group.close': 'Группа закрыта',
  'session.create': 'Добавлено занятие группы',
  'session.update': 'Изменено занятие группы',
  'session.cancel': 'Отменено занятие группы',
  'member.add': 'Добавлен участник группы',
  'member.move': 'Участник переведён в другую группу',
  'member.remove': 'Участник исключён из группы',
  'order.refund': 'Возврат денег по заказу',
  'order.cancel': 'Отменён заказ',
  'order.resend_link': 'Ссылка на оплату отправлена повторно',
  'order.offline_payment': 'Записана оплата вне сайта',
  'application.status': 'Изменён статус заявки',
  'application.assign': 'Назначен ответственный за заявку',
  'application.note': 'Добавлена заметка к заявке',
  'promo.create': 'Создан промокод',
  'promo.update': 'Изменён промокод',
  'promo.disable': 'Выключен промокод',
  // The site's blog posts and content pages (decision 0070).
  'post.create': 'Создана запись или страница сайта',
  'post.update': 'Изменена запись или страница сайта',
  'post.publish': 'Опубликована запись или страница сайта',
  'post.schedule': 'Запланирована публикация записи или страницы',
  'post.unpublish': 'Снята с публикации запись или страница сайта',
  'post.delete': 'Удалена запись или страница сайта',
  // The site's banners and menus
  'banner.create': 'Добавлен баннер',
  'banner.update': 'Изменён баннер',
  'banner.delete': 'Удалён баннер',
  'banner.reorder': 'Изменён порядок баннеров',
  'menu.item_create': 'Добавлен пункт меню',
  'menu.item_update': 'Изменён пункт меню',
  'menu.item_delete': 'Удалён пункт меню',
  'menu.reorder': 'Изменён порядок пунктов меню',
  // Site settings
  'settings.update': 'Изменены настройки сайта',
  // The catalogue's dictionaries (decision 0072)
  'category.create': 'Создано направление каталога',
  'category.update': 'Изменено направление каталога',
  'category.delete': 'Удалено направление каталога',
  'category.reorder': 'Изменён порядок направлений',
  'collection.create': 'Создана подборка',
  'collection.update': 'Изменена подборка',
  'collection.delete': 'Удалена подборка',
  'collection.reorder': 'Изменён порядок подборок',
  'attribute.create': 'Создана характеристика курсов',
  'attribute.update': 'Изменена характеристика курсов',
  'attribute.delete': 'Удалена характеристика курсов',
  'attribute.reorder': 'Изменён порядок характеристик',
  'attribute.value_create': 'Добавлено значение характеристики',
  'attribute.value_update': 'Переименовано значение характеристики',
  'attribute.value_delete': 'Удалено значение характеристики',
  'attribute.value_reorder': 'Изменён порядок значений характеристики',
  'course.catalog': 'Изменены характеристики и подборки курса',
  // The site: teachers and reviews (decision 0073).
  'teacher.create': 'Добавлен преподаватель',
  'teacher.update': 'Изменён преподаватель',
  'teacher.delete': 'Удалён преподаватель',
  'teacher.reorder': 'Изменён порядок преподавателей',
  'review.update': 'Исправлен отзыв',
  'review.publish': 'Опубликован отзыв',
  'review.hide': 'Скрыт отзыв',
  'review.reply': 'Ответ школы на отзыв',
  // Certificates of completion (decision 0085).
  'certificate.settings': 'Изменены настройки сертификата курса',
  'certificate.revoke': 'Отозван сертификат',
  'certificate.reissue': 'Перевыпущен сертификат',
  // Homework and curators (decision 0087).
  'curator.add': 'Назначен куратор курса',
  'curator.remove': 'Снят куратор курса',
  // Attendance of group sessions (decision 0088).
  'attendance.save': 'Отмечена посещаемость занятия',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** What an audit record is about, with the Russian word the journal shows. */
export const AUDIT_ENTITIES = {
  course: 'Курс',
  module: 'Модуль',
  lesson: 'Урок',
  test: 'Тест',
  question: 'Вопрос',
  answer: 'Вариант ответа',
  link: 'Ссылка',
  enrolment: 'Зачисление',
  grant: 'Приглашение',
  sveden: 'Сведения',
  document: 'Документ',
  person: 'Человек',
  group: 'Группа',
  session: 'Занятие',
  order: 'Заказ',
  application: 'Заявка',
  promo: 'Промокод',
  // The site's blog posts and content pages (decision 0070).
  post: 'Запись или страница сайта',
  // The site's banners and menus
  banner: 'Баннер',
  menu: 'Меню',
  // Site settings
  settings: 'Настройки сайта',
  // The catalogue's dictionaries (decision 0072)
  category: 'Направление',
  collection: 'Подборка',
  attribute: 'Характеристика',
  // The site: teachers and reviews (decision 0073).
  teacher: 'Преподаватель',
  review: 'Отзыв',
  // Certificates of completion (decision 0085).
  certificate: 'Сертификат',
  // Homework and curators (decision 0087).
  curator: 'Куратор',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;

/** The role the actor acted in, as the journal shows it. */
export const AUDIT_ROLES = { staff: 'Сотрудник', owner: 'Владелец курсов', curator: 'Куратор' } as const;
export type AuditRole = keyof typeof AUDIT_ROLES;

/**
 * Field names whose values are personal data: the journal keeps that they changed, never the
 * values themselves in full (an e-mail keeps its first letter and domain, a phone its last two
 * digits, anything else is masked whole).
 */
export const AUDIT_MASKED_FIELDS = [
  'email',
  'phone',
  'first_name',
  'last_name',
  'patronymic',
  'birth_date',
  'date_birth',
  'student_birthdate',
  'passport',
  'passport_number',
  'passport_series',
  'passport_issued_by',
  'snils',
  'inn',
  'address',
] as const;

/** How many days the journal keeps a record unless configured otherwise. */
export const AUDIT_RETENTION_DAYS_DEFAULT = 1095;

/** A study group's state on the staff screens (decision 0064), as the list and the form name it. */
export const SCHOOL_GROUP_STATUS_TITLES = { draft: 'Черновик', published: 'В расписании', closed: 'Закрыта' } as const;
