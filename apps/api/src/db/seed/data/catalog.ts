/** Catalogue categories, adult first; courses refer to them by slug. */
export const categories = [
  {
    slug: 'barista',
    name: 'Бариста',
    audience: 'adult',
    description: 'Эспрессо, молоко, классическое меню кофейни и работа за баром в потоке гостей.',
  },
  {
    slug: 'roasting',
    name: 'Обжарка кофе',
    audience: 'adult',
    description: 'От зелёного зерна до профиля обжарки: физика процесса, оборудование, контроль качества.',
  },
  {
    slug: 'latte-art',
    name: 'Латте-арт',
    audience: 'adult',
    description: 'Текстура молока, сердце, тюльпан, розетта и сложные многослойные рисунки.',
  },
  {
    slug: 'alternative',
    name: 'Альтернативные методы заваривания',
    audience: 'adult',
    description: 'Пуровер, кемекс, аэропресс, френч-пресс и каппинг: кофе без кофемашины.',
  },
  {
    slug: 'coffee-business',
    name: 'Открытие кофейни',
    audience: 'adult',
    description: 'Концепция, финансы, закупки, команда и запуск собственной кофейни.',
  },
  {
    slug: 'young-barista',
    name: 'Юный бариста',
    audience: 'kids',
    description: 'Какао, молочные коктейли и рисунки на пенке для детей и подростков — без кофеина.',
  },
  {
    slug: 'chocolate',
    name: 'Шоколад и какао',
    audience: 'kids',
    description: 'Откуда берётся шоколад и как сделать конфеты своими руками.',
  },
  {
    slug: 'taste-science',
    name: 'Наука о вкусе',
    audience: 'kids',
    description: 'Опыты со вкусом и ароматом: как язык и нос узнают, что мы едим.',
  },
] as const satisfies readonly { slug: string; name: string; audience: 'adult' | 'kids'; description: string }[];

export type CategorySlug = (typeof categories)[number]['slug'];

/**
 * Course attributes. 'format', 'level' and 'duration' values come from the course's own
 * columns, so the two can never disagree; the rest are per course in the course data.
 */
export interface SeedAttribute {
  slug: string;
  name: string;
  type: 'text' | 'list' | 'number';
  isFilter?: boolean;
  isTab?: boolean;
  isGroup?: boolean;
  isTitle?: boolean;
  /** Allowed values of a 'list' attribute. */
  values?: string[];
}

export const attributes: SeedAttribute[] = [
  { slug: 'format', name: 'Формат', type: 'list', isFilter: true, isTitle: true, values: ['Онлайн', 'Очно', 'Смешанный'] },
  { slug: 'level', name: 'Уровень', type: 'list', isFilter: true, values: ['Для начинающих', 'Средний', 'Продвинутый'] },
  { slug: 'duration', name: 'Длительность', type: 'text', isTitle: true },
  { slug: 'age', name: 'Возраст', type: 'list', isFilter: true, isTitle: true, values: ['7–10 лет', '10–14 лет', '12–16 лет'] },
  { slug: 'for-whom', name: 'Для кого', type: 'text', isTab: true },
  { slug: 'outcomes', name: 'Что вы получите', type: 'text', isTab: true },
  {
    slug: 'certificate',
    name: 'Документ об окончании',
    type: 'list',
    isGroup: true,
    values: ['Сертификат школы Crema', 'Удостоверение о повышении квалификации', 'Диплом юного бариста'],
  },
];

export const formatLabels = { online: 'Онлайн', offline: 'Очно', blended: 'Смешанный' } as const;
export const levelLabels = { beginner: 'Для начинающих', intermediate: 'Средний', advanced: 'Продвинутый' } as const;
export const certificateLabels = {
  school: 'Сертификат школы Crema',
  qualification: 'Удостоверение о повышении квалификации',
  kids: 'Диплом юного бариста',
} as const;

/** Teachers; courses refer to them by key. */
export const teachers = [
  {
    key: 'orlov',
    lastName: 'Орлов',
    firstName: 'Дмитрий',
    position: 'Q-грейдер, руководитель обжарочного цеха',
    bio: 'Двенадцать лет в кофе: начинал бариста, потом восемь лет отвечал за обжарку в московской ростерии. Лицензированный Q Arabica Grader, ездит на фермы в Эфиопию и Колумбию и сам отбирает лоты для школы.',
    onMain: true,
    onNoschool: true,
  },
  {
    key: 'belova',
    lastName: 'Белова',
    firstName: 'Анастасия',
    position: 'Старший тренер по латте-арту',
    bio: 'Финалистка национального чемпионата по латте-арту, судья региональных отборов. Учит рисовать так, чтобы рисунок получался не один раз из десяти, а каждый раз — даже в утренний час пик.',
    onMain: true,
    onNoschool: false,
  },
  {
    key: 'muravyov',
    lastName: 'Муравьёв',
    firstName: 'Кирилл',
    position: 'Тренер по эспрессо, инженер по кофейному оборудованию',
    bio: 'Настраивал кофемашины и кофемолки в сотне кофеен от Калининграда до Владивостока. Объясняет экстракцию через физику, а не через магию, и знает, почему «сегодня кофе горчит».',
    onMain: true,
    onNoschool: true,
  },
  {
    key: 'kravets',
    lastName: 'Кравец',
    firstName: 'Ольга',
    position: 'Тренер по альтернативным методам заваривания',
    bio: 'Чемпионка Москвы по заварочным методам, автор рецептов для трёх спешелти-кофеен. Считает, что хороший пуровер можно приготовить и на кухне, если понимать, что делаешь.',
    onMain: true,
    onNoschool: false,
  },
  {
    key: 'zaitsev',
    lastName: 'Зайцев',
    firstName: 'Игорь',
    position: 'Консультант по открытию кофеен, бренд-шеф',
    bio: 'Открыл восемь кофеен — свои и для партнёров, две из них закрыл и честно рассказывает почему. Отвечает за финансовую часть курсов: от бизнес-плана до себестоимости капучино.',
    onMain: false,
    onNoschool: true,
  },
  {
    key: 'lapteva',
    lastName: 'Лаптева',
    firstName: 'Екатерина',
    position: 'Педагог детских программ',
    bio: 'Учитель химии с пятнадцатилетним стажем и бариста по призванию. Превращает урок в серию опытов: дети сами выясняют, почему молоко пенится, а какао тонет.',
    onMain: true,
    onNoschool: false,
  },
  {
    key: 'yolkina',
    lastName: 'Ёлкина',
    firstName: 'Мария',
    position: 'Шоколатье, кондитер',
    bio: 'Выпускница кондитерской школы в Лионе, работает с шоколадом bean-to-bar. Ведёт детские шоколадные мастерские и взрослые курсы фуд-пейринга.',
    onMain: false,
    onNoschool: true,
  },
  {
    key: 'akhmetova',
    lastName: 'Ахметова',
    firstName: 'Алина',
    position: 'Бариста-тренер, чемпионка России по каппингу',
    bio: 'Отвечает в школе за сенсорику: учит различать кислотность, сладость и послевкусие и описывать их словами, понятными гостю.',
    onMain: false,
    onNoschool: false,
  },
] as const;

export type TeacherKey = (typeof teachers)[number]['key'];

/** Thematic selections of courses; 'gastronomy' holds only a draft course, so the site hides it (count 0). */
export const subsections = [
  { slug: 'beginners', title: 'С нуля', image: 'demo/subsections/beginners.jpg' },
  { slug: 'professionals', title: 'Для профессионалов', image: 'demo/subsections/professionals.jpg' },
  { slug: 'online', title: 'Учиться из дома', image: 'demo/subsections/online.jpg' },
  { slug: 'kids', title: 'Для детей и подростков', image: 'demo/subsections/kids.jpg' },
  { slug: 'business', title: 'Бизнес и управление', image: 'demo/subsections/business.jpg' },
  { slug: 'gift', title: 'В подарок', image: 'demo/subsections/gift.jpg' },
  { slug: 'gastronomy', title: 'Гастрономия', image: 'demo/subsections/gastronomy.jpg' },
] as const;

export type SubsectionSlug = (typeof subsections)[number]['slug'];
