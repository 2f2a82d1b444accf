// The subsections of 'Сведения об образовательной организации' in the order and at the addresses of
// the Рособрнадзор recommendations (order № 1493 as amended by № 1353; decision 0042). zod-free:
// the site's navigation imports it.
export const SVEDEN_SECTIONS = [
  { key: 'common', title: 'Основные сведения' },
  { key: 'struct', title: 'Структура и органы управления образовательной организацией' },
  { key: 'document', title: 'Документы' },
  { key: 'education', title: 'Образование' },
  { key: 'eduStandarts', title: 'Образовательные стандарты и требования' },
  { key: 'managers', title: 'Руководство' },
  { key: 'employees', title: 'Педагогический состав' },
  { key: 'objects', title: 'Материально-техническое обеспечение и оснащённость образовательного процесса. Доступная среда' },
  { key: 'grants', title: 'Стипендии и меры поддержки обучающихся' },
  { key: 'paid_edu', title: 'Платные образовательные услуги' },
  { key: 'budget', title: 'Финансово-хозяйственная деятельность' },
  { key: 'vacant', title: 'Вакантные места для приёма (перевода) обучающихся' },
  { key: 'inter', title: 'Международное сотрудничество' },
  { key: 'catering', title: 'Организация питания в образовательной организации' },
] as const;
export type SvedenSectionKey = (typeof SVEDEN_SECTIONS)[number]['key'];
/** At most this many extra pages per subsection (`addRef`). */
export const SVEDEN_ADD_REFS_MAX = 10;
/** What a subsection without content says. */
export const SVEDEN_EMPTY = 'Информация отсутствует.';
