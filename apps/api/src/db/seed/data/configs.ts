/** The site settings, with what each is for. */
export const configs: { key: string; value: string; description: string }[] = [
  { key: 'SITE_NAME', value: 'Crema — школа кофейного мастерства', description: 'Название сайта: заголовок вкладки, письма, Open Graph' },
  {
    key: 'SITE_DESCRIPTION',
    value:
      'Курсы бариста, обжарки кофе, латте-арта и альтернативных методов заваривания в Москве и онлайн. Программы для взрослых и детей, практика на профессиональном оборудовании, сертификат школы.',
    description: 'Описание сайта по умолчанию (meta description)',
  },
  {
    key: 'SITE_KEYWORDS',
    value: 'курсы бариста, школа бариста Москва, обучение обжарке кофе, латте-арт курсы, альтернативные методы заваривания, открыть кофейню',
    description: 'Ключевые слова по умолчанию (meta keywords)',
  },
  {
    key: 'COUNTERS',
    // A demo counter that only records the page view (and, like real counters, the page's address)
    // locally; a school pastes its real ones here.
    value:
      '<script>window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: "crema_pageview", page_location: location.href });</script>',
    description: 'HTML счётчиков посещаемости: скрипты попадают в <head>, остальное — в конец страницы',
  },
  {
    key: 'META_TAGS',
    value: '<meta name="format-detection" content="telephone=no">',
    description: 'Дополнительные meta-теги в <head>',
  },
  { key: 'HEADER_PHONE', value: '+7 (495) 120-34-56', description: 'Телефон в шапке сайта' },
  { key: 'FOOTER_PHONE', value: '+7 (495) 120-34-56', description: 'Основной телефон в подвале' },
  { key: 'FOOTER_PHONE_2', value: '+7 (800) 350-12-34', description: 'Второй телефон в подвале (бесплатный по России)' },
  { key: 'FOOTER_NAME', value: 'ООО «Крема Эдьюкейшн»', description: 'Название организации в подвале' },
  {
    key: 'FOOTER_ADDRESS',
    value: '101000, г. Москва, ул. Покровка, д. 27, стр. 1, учебная студия Crema',
    description: 'Почтовый адрес в подвале',
  },
  { key: 'FOOTER_VK_LINK', value: 'https://vk.com/crema_school', description: 'Сообщество ВКонтакте' },
  { key: 'FOOTER_TELEGRAM_LINK', value: 'https://t.me/crema_school', description: 'Telegram-канал школы' },
  {
    key: 'FOOTER_MINISTRY_LINK',
    value: 'https://edu.gov.ru/',
    description: 'Официальный сайт Министерства просвещения в подвале (подпись поясняет, что это)',
  },
  { key: 'CONTACT_EMAIL', value: 'hello@crema.school', description: 'Адрес электронной почты школы: подвал, контакты' },
  // Demo details of a made-up company (their check digits hold, so the settings screen accepts them):
  // a school puts its own from the register extract here.
  { key: 'LEGAL_INN', value: '7709123453', description: 'ИНН организации: подвал и договор-оферта' },
  { key: 'LEGAL_KPP', value: '770901001', description: 'КПП организации' },
  { key: 'LEGAL_OGRN', value: '1237700123451', description: 'ОГРН организации' },
  {
    key: 'LEGAL_ADDRESS',
    value: '105064, г. Москва, ул. Покровка, д. 27, стр. 1, помещение 2',
    description: 'Юридический адрес организации',
  },
  {
    key: 'LEGAL_LICENSE',
    value: 'Лицензия на осуществление образовательной деятельности № Л035-01298-77/00000000 от 15.03.2023',
    description: 'Реквизиты образовательной лицензии: подвал и договор-оферта',
  },
  { key: 'FOOTER_DEVELOPER', value: 'Разработка — команда Crema', description: 'Подпись разработчика сайта в подвале' },
  { key: 'PRIVACY_POLICY_LINK', value: '/documents/privacy-policy/', description: 'Страница политики конфиденциальности' },
  {
    key: 'SCHOOL_NOTIFY_EMAIL',
    value: '',
    description: 'Почта школы для писем о заявках; пусто — SCHOOL_NOTIFY_EMAIL окружения, иначе CONTACT_EMAIL. На сайте не показывается',
  },
];
