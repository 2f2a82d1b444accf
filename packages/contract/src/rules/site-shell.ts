// The site's banners and menus (decision 0071): where a banner is shown and the three menus, with
// the Russian words the staff screens give them; zod-free, so a loader or the browser may read them.

/** Where a banner is shown, with the Russian name the screen gives it. */
export const BANNER_POSITIONS = [
  { key: 'main', title: 'Слайдер на главной', about: 'Большие баннеры на главной странице; листаются по очереди.' },
  { key: 'discount', title: 'Скидка на главной', about: 'Полоса со скидкой на главной странице; посетитель может её скрыть.' },
  { key: 'header', title: 'Над шапкой', about: 'Строка над шапкой сайта; показывается первый баннер, который виден сейчас.' },
] as const;
export const BANNER_POSITION_KEYS = ['main', 'discount', 'header'] as const;
export type BannerPosition = (typeof BANNER_POSITION_KEYS)[number];

/** The site's menus: the header's (its items' sub-items are the drop-down menus), the footer's and the header outside the school. */
export const SITE_MENUS = [
  { key: 'header_menu', title: 'Меню в шапке', about: 'Главное меню сайта; вложенные пункты — его выпадающие подменю.' },
  { key: 'footer_menu', title: 'Меню в подвале', about: 'Колонки ссылок внизу каждой страницы: пункт с вложенными — колонка.' },
  { key: 'noschool_header', title: 'Шапка без школы', about: 'Меню шапки на страницах вне школы.' },
] as const;

export const SITE_MENU_ITEM_TYPES = ['direct_link', 'page', 'course', 'category'] as const;
export type SiteMenuItemType = (typeof SITE_MENU_ITEM_TYPES)[number];
