// Menus, banners, reviews, dynamic forms, statistics sources and demo accounts.

export interface SeedMenuItem {
  title: string;
  slug: string;
  /** A content page by slug (type 'page'), or a direct link. */
  page?: string;
  url?: string;
  target?: '_self' | '_blank';
  children?: SeedMenuItem[];
}

export const menus: { key: string; title: string; items: SeedMenuItem[] }[] = [
  {
    key: 'header_menu',
    title: 'Меню в шапке',
    items: [
      {
        title: 'О школе',
        slug: 'about',
        page: 'about',
        children: [
          { title: 'Преподаватели', slug: 'teachers', url: '/about/#teachers' },
          { title: 'Очное обучение', slug: 'presence', page: 'presence' },
          { title: 'Контакты', slug: 'contacts', page: 'contacts' },
          // The mandatory section is reachable from the main menu as well as the footer (compliance.md).
          { title: 'Сведения об образовательной организации', slug: 'sveden', url: '/sveden/' },
        ],
      },
      {
        title: 'Курсы',
        slug: 'courses',
        url: '/courses/',
        children: [
          { title: 'Для взрослых', slug: 'courses-adult', url: '/courses/?type=adult' },
          { title: 'Для детей', slug: 'courses-kids', url: '/courses/?type=kids' },
        ],
      },
      { title: 'Расписание', slug: 'schedule', url: '/schedule/' },
      { title: 'Блог', slug: 'blog', url: '/blog/' },
      { title: 'Корпоративным клиентам', slug: 'corporate', page: 'corporate' },
    ],
  },
  {
    key: 'footer_menu',
    title: 'Меню в подвале',
    items: [
      {
        title: 'Школа',
        slug: 'school',
        page: 'about',
        children: [
          { title: 'О школе', slug: 'about', page: 'about' },
          { title: 'Очное обучение', slug: 'presence', page: 'presence' },
          { title: 'Контакты', slug: 'contacts', page: 'contacts' },
        ],
      },
      {
        title: 'Обучение',
        slug: 'learning',
        url: '/courses/',
        children: [
          { title: 'Каталог курсов', slug: 'catalog', url: '/courses/' },
          { title: 'Расписание', slug: 'schedule', url: '/schedule/' },
          { title: 'Корпоративным клиентам', slug: 'corporate', page: 'corporate' },
        ],
      },
      {
        title: 'Документы',
        slug: 'documents',
        url: '/documents/offer/',
        // The legal documents have versioned pages of their own (decision 0043); the consent is in
        // the footer's bottom line (its title is too long for the phone menu's one-line items).
        children: [
          { title: 'Договор-оферта', slug: 'offer', url: '/documents/offer/' },
          { title: 'Политика конфиденциальности', slug: 'privacy-policy', url: '/documents/privacy-policy/' },
          { title: 'Политика cookie', slug: 'cookie-policy', url: '/documents/cookie-policy/' },
        ],
      },
      { title: 'Блог', slug: 'blog', url: '/blog/' },
      { title: 'Наш Telegram', slug: 'telegram', url: 'https://t.me/crema_school', target: '_blank' },
    ],
  },
  {
    key: 'noschool_header',
    title: 'Шапка сайта вне школы',
    items: [
      { title: 'Курсы школы', slug: 'courses', url: '/courses/' },
      { title: 'Корпоративным клиентам', slug: 'corporate', page: 'corporate' },
      { title: 'Контакты', slug: 'contacts', page: 'contacts' },
    ],
  },
];

/** `link` may use {category:slug}, replaced by that category's catalogue address at seed time. */
export const banners: { key: string; title: string; text?: string; link?: string; buttonText?: string; image?: string }[] = [
  {
    key: 'header',
    title: 'Скидка 15% на курсы латте-арта до конца месяца',
    link: '{category:latte-art}',
    buttonText: 'Подробнее',
  },
  {
    key: 'discount',
    title: 'Поможем выбрать первый курс',
    text: 'Оставьте заявку на любой курс — куратор свяжется с вами, подскажет подходящую группу и ответит на вопросы.',
    link: '/courses/',
    buttonText: 'Выбрать курс',
    image: 'demo/banners/discount.jpg',
  },
  {
    key: 'main',
    title: 'Станьте бариста за четыре недели',
    text: 'Очный курс с нуля: эспрессо, молоко и классическое меню. Группы до восьми человек.',
    link: '/courses/barista-s-nulya/',
    buttonText: 'Записаться',
    image: 'demo/banners/main-barista.jpg',
  },
  {
    key: 'main',
    title: 'Обжарка кофе: от зелёного зерна до профиля',
    text: 'Учебный ростер, датчики и каппинг собственных партий.',
    link: '/courses/osnovy-obzharki/',
    buttonText: 'О курсе',
    image: 'demo/banners/main-roasting.jpg',
  },
  {
    key: 'main',
    title: 'Детские мастерские по субботам',
    text: 'Какао, лимонады и шоколад — без кофеина и с двумя педагогами в группе.',
    link: '{category:young-barista}',
    buttonText: 'Для детей',
    image: 'demo/banners/main-kids.jpg',
  },
];

/** Reviews; `course` is a course slug. */
export const reviews: {
  name: string;
  course?: string;
  rating: number;
  text: string;
  daysAgo: number;
  onMain?: boolean;
  onNoschool?: boolean;
  /** 'new' waits for staff to publish or hide it (decision 0073); published by default. */
  status?: 'new' | 'published' | 'hidden';
}[] = [
  {
    name: 'Анна Соколова',
    course: 'barista-s-nulya',
    rating: 5,
    text: 'Пришла без опыта, через неделю после выпуска вышла на работу в кофейню у дома. Больше всего понравилось, что каждому дают свою кофемашину — не надо ждать очереди.',
    daysAgo: 21,
    onMain: true,
  },
  {
    name: 'Михаил Гусев',
    course: 'osnovy-obzharki',
    rating: 5,
    text: 'Дмитрий объясняет обжарку так, что наконец стало понятно, зачем смотреть на RoR. Обжарили шесть партий одного зерна — разница на каппинге колоссальная.',
    daysAgo: 45,
    onMain: true,
    onNoschool: true,
  },
  {
    name: 'Елена Ершова',
    course: 'latte-art-basic',
    rating: 5,
    text: 'Четыре вечера — и у меня стабильно получается тюльпан. Розетта пока через раз, но Анастасия дала домашние упражнения, тренируюсь.',
    daysAgo: 12,
    onMain: true,
  },
  {
    name: 'Павел Ёжиков',
    course: 'otkrytie-kofeini',
    rating: 4,
    text: 'Очень полезный блок про финансы: посчитали мою точку безубыточности и поняли, что первая локация не подходила. Хотелось бы больше живых разборов.',
    daysAgo: 70,
    onNoschool: true,
  },
  {
    name: 'Ольга Романова',
    course: 'yunyi-barista',
    rating: 5,
    text: 'Сын (12 лет) теперь по выходным готовит всей семье какао с сердечком. Педагоги внимательные, за безопасностью следят строго.',
    daysAgo: 33,
    onMain: true,
  },
  {
    name: 'Дарья Кузнецова',
    course: 'alternativa-bazovyi',
    rating: 5,
    text: 'Думала, что пуровер — это сложно. Оказалось, главное — весы и понимание, что делаешь. Теперь утром варю кемекс.',
    daysAgo: 58,
  },
  {
    name: 'Артём Беляев',
    course: 'espresso-nastroyka',
    rating: 4,
    text: 'Для работающего бариста — то, что нужно. Рефрактометр больше не пугает. Немного не хватило практики на разных кофемолках.',
    daysAgo: 96,
  },
  {
    name: 'Зарина Алиева',
    course: 'kapping-i-sensorika',
    rating: 5,
    text: 'Попробовали больше двадцати лотов, и к концу курса я впервые смогла отличить Кению от Эфиопии вслепую.',
    daysAgo: 120,
    onNoschool: true,
  },
  {
    name: 'Наталья Щербакова',
    course: 'shokoladnaya-masterskaya',
    rating: 5,
    text: 'Дочь принесла домой коробку конфет собственного изготовления и лекцию про ферментацию какао-бобов. Пойдём ещё.',
    daysAgo: 6,
  },
  {
    name: 'Сергей Волков',
    rating: 5,
    text: 'Заказывали корпоративное обучение для команды из шести бариста. Программу сделали под наше меню, после тренинга жалобы на вкус капучино прекратились.',
    daysAgo: 140,
    onNoschool: true,
  },
  {
    name: 'Игорь Тихонов',
    course: 'barista-s-nulya',
    rating: 2,
    text: 'Отзыв ждёт модерации: текст пока не проверен.',
    daysAgo: 1,
    onMain: true,
    status: 'new',
  },
];

export interface SeedForm {
  key: string;
  title: string;
  description?: string;
  successMessage: string;
  fields: { name: string; title: string; placeholder?: string; required: boolean; type: 'text' | 'phone' | 'email' | 'date' }[];
}

export const feedbackForms: SeedForm[] = [
  {
    key: 'course_form',
    title: 'Записаться на курс',
    description: 'Оставьте контакты — куратор перезвонит, ответит на вопросы и забронирует место в группе.',
    successMessage: 'Спасибо! Заявка отправлена, куратор свяжется с вами в течение рабочего дня.',
    fields: [
      { name: 'name', title: 'Имя', placeholder: 'Как к вам обращаться', required: true, type: 'text' },
      { name: 'phone', title: 'Телефон', placeholder: '+7 (999) 999 99 99', required: true, type: 'phone' },
      { name: 'email', title: 'Электронная почта', placeholder: 'mail@example.ru', required: true, type: 'email' },
    ],
  },
  {
    key: 'course_kids_form',
    title: 'Записать ребёнка на курс',
    description: 'Заявку оставляет родитель или законный представитель.',
    successMessage: 'Спасибо! Мы получили заявку и позвоним, чтобы подтвердить запись ребёнка.',
    fields: [
      { name: 'name', title: 'Имя родителя', placeholder: 'Как к вам обращаться', required: true, type: 'text' },
      { name: 'phone', title: 'Телефон родителя', placeholder: '+7 (999) 999 99 99', required: true, type: 'phone' },
      { name: 'email', title: 'Электронная почта родителя', placeholder: 'mail@example.ru', required: true, type: 'email' },
      { name: 'student_name', title: 'Фамилия и имя ребёнка', placeholder: 'Иванов Миша', required: true, type: 'text' },
      { name: 'student_birthdate', title: 'Дата рождения ребёнка', placeholder: 'дд.мм.гггг', required: true, type: 'date' },
      { name: 'student_phone', title: 'Телефон ребёнка', placeholder: '+7 (999) 999 99 99', required: false, type: 'phone' },
      { name: 'student_email', title: 'Электронная почта ребёнка', placeholder: 'mail@example.ru', required: false, type: 'email' },
    ],
  },
  {
    key: 'corporate_form',
    title: 'Заявка на корпоративное обучение',
    successMessage: 'Спасибо! Менеджер по корпоративным программам ответит в течение рабочего дня.',
    fields: [
      { name: 'company', title: 'Компания', placeholder: 'Название компании', required: true, type: 'text' },
      { name: 'name', title: 'Контактное лицо', required: true, type: 'text' },
      { name: 'phone', title: 'Телефон', placeholder: '+7 (999) 999 99 99', required: true, type: 'phone' },
      { name: 'email', title: 'Электронная почта', placeholder: 'mail@example.ru', required: true, type: 'email' },
      { name: 'message', title: 'Задача', placeholder: 'Сколько сотрудников, какое оборудование, что хотите получить', required: false, type: 'text' },
    ],
  },
  {
    // The general form under /contacts/ (routes/content-page.tsx).
    key: 'contacts_form',
    title: 'Напишите нам',
    description: 'Задайте вопрос о курсах, расписании или оплате — ответим в течение рабочего дня.',
    successMessage: 'Спасибо! Сообщение отправлено, мы ответим в течение рабочего дня.',
    fields: [
      { name: 'name', title: 'Имя', placeholder: 'Как к вам обращаться', required: true, type: 'text' },
      { name: 'email', title: 'Электронная почта', placeholder: 'mail@example.ru', required: true, type: 'email' },
      { name: 'phone', title: 'Телефон', placeholder: '+7 (999) 999 99 99', required: false, type: 'phone' },
      { name: 'message', title: 'Сообщение', placeholder: 'Ваш вопрос', required: true, type: 'text' },
    ],
  },
];

/**
 * Applications the demo inbox already holds (decision 0066): one taken in work by the demo staff
 * member with a note, one done. New ones come from the site's forms.
 */
export const demoApplications: { form: string; course: string | null; data: Record<string, string>; status: 'in_work' | 'done'; hoursAgo: number; note: string }[] = [
  {
    form: 'course_form',
    course: 'barista-s-nulya',
    data: { name: 'Ольга Демидова', phone: '79035550101', email: 'olga.demidova@example.ru' },
    status: 'in_work',
    hoursAgo: 26,
    note: 'Позвонила, ждёт группу выходного дня — перезвонить, когда откроем набор.',
  },
  {
    form: 'contacts_form',
    course: null,
    data: { name: 'Сергей Ким', email: 'sergey.kim@example.ru', message: 'Можно ли оплатить курс от организации?' },
    status: 'done',
    hoursAgo: 72,
    note: 'Ответили письмом: да, по счёту на юрлицо.',
  },
];

/** Where applications come from (utm_source values). */
export const statisticsSources = [
  { key: 'yandex_direct', title: 'Яндекс Директ' },
  { key: 'vk_ads', title: 'Реклама ВКонтакте' },
  { key: 'telegram', title: 'Telegram-канал школы' },
  { key: 'search', title: 'Поисковые системы' },
  { key: 'email', title: 'Рассылка школы' },
  { key: 'recommendation', title: 'Рекомендация друзей' },
  { key: 'other', title: 'Другое' },
];

/**
 * Demo accounts: sign in with a code from the dev mailbox, or with DEMO_PASSWORD (hashed with
 * argon2id when seeding; demo data only, never seeded in production with SEED_DEMO=false).
 */
export const DEMO_PASSWORD = 'crema-demo-2026';

export const demoOwner = {
  email: 'owner@crema.local',
  lastName: 'Орлова',
  firstName: 'Вера',
  patronymic: 'Николаевна',
  phone: '79161234501',
  isCourseOwner: true,
};

/** A second course owner with one draft course of their own (ownership rules can be shown and tested). */
export const demoOwner2 = {
  email: 'owner2@crema.local',
  lastName: 'Кузнецов',
  firstName: 'Дмитрий',
  patronymic: 'Сергеевич',
  phone: '79161234503',
  isCourseOwner: true,
};

/** The draft (unpublished) course of the second owner: not in the catalogue or any public count. */
export const demoOwner2Course = {
  slug: 'avtorskii-latte-art-chernovik',
  title: 'Авторский латте-арт (черновик)',
  category: 'latte-art',
  shortDescription: 'Черновик курса второго владельца: пока не опубликован.',
  priceKopecks: 1_200_000,
};

export const demoStudent = {
  profile: {
    email: 'student@crema.local',
    lastName: 'Смирнов',
    firstName: 'Алексей',
    patronymic: 'Игоревич',
    phone: '79161234502',
    birthDate: '1992-04-17',
    gender: 'male' as const,
    address: 'г. Москва, ул. Бауманская, д. 11, кв. 42',
    isQuestionnaireCompleted: true,
  },
  /** Passport and SNILS (sealed when seeded, like the account forms store them); made up, SNILS checksum valid. */
  documents: {
    passport_series: '4517',
    passport_number: '734519',
    passport_given_code: '770001',
    passport_given_date: '2012-05-03',
    passport_given_location: 'ОВД района Басманный г. Москвы',
    snils: '11223344595',
  },
  /** An adult the demo student also applies for (an adult needs a phone and an e-mail). */
  adult: {
    lastName: 'Смирнова',
    firstName: 'Ольга',
    patronymic: 'Петровна',
    phone: '79161234504',
    email: 'olga.smirnova@example.ru',
  },
  /** The child the demo student applies for. */
  child: { lastName: 'Смирнова', firstName: 'Полина', patronymic: 'Алексеевна', dateBirth: '2013-09-02' },
  /** Courses the demo student is enrolled in: the first paid through a demo order and half done, the second finished. */
  courses: ['barista-s-nulya', 'domashnii-barista'],
  /** A course the demo student was invited to yesterday and has not opened yet. */
  freshCourse: 'espresso-nastroyka',
  /** The child's course. */
  childCourse: 'yunyi-barista',
};

/**
 * A homework waiting for a curator: the first adult classmate also takes the latte-art course and
 * sent the homework of its 'Сердце' lesson (the owner finds it under 'Проверка заданий').
 */
export const demoHomework = {
  course: 'latte-art-basic',
  lesson: 'Сердце',
  learner: 'maria.kuznetsova@example.ru',
  text: 'Сердце получилось, но кривое и без острого конца. Молоко 3,2 %, грела до 60 °C. Лила из питчера на 350 мл. Что поправить?',
};

/**
 * Classmates of the demo student's groups (accounts without a password, made-up addresses): the
 * adults study in the student's group, the children (each under a parent's account) in the child's.
 */
export const demoClassmates = {
  adults: [
    { lastName: 'Кузнецова', firstName: 'Мария', email: 'maria.kuznetsova@example.ru' },
    { lastName: 'Волков', firstName: 'Дмитрий', email: 'd.volkov@example.ru' },
    { lastName: 'Орлова', firstName: 'Екатерина', email: 'kate.orlova@example.ru' },
  ],
  children: [
    { parent: { lastName: 'Лебедева', firstName: 'Анна', email: 'anna.lebedeva@example.ru' }, child: { lastName: 'Лебедев', firstName: 'Тимур', dateBirth: '2014-03-11' } },
    { parent: { lastName: 'Соколов', firstName: 'Игорь', email: 'igor.sokolov@example.ru' }, child: { lastName: 'Соколова', firstName: 'Вера', dateBirth: '2013-12-20' } },
  ],
};
