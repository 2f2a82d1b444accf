// Demo content of 'Сведения об образовательной организации' (decision 0042): the made-up company of
// the footer's legal details (configs.ts), its documents as demo PDFs (written by media/demo.ts
// from the keys below). 'Образование' and 'Педагогический состав' list the published courses and
// their teachers by themselves; eduStandarts, grants, inter and catering are left empty, as a
// school of additional education usually has nothing there ('Информация отсутствует').
import type { SvedenContent, SvedenSectionKey } from '@crema/contract';
import { configs } from './configs.ts';

const setting = (key: string): string => {
  const value = configs.find((c) => c.key === key)?.value;
  if (!value) throw new Error(`seed: no setting ${key}`);
  return value;
};

/** The demo documents' storage keys (each a one-page demo PDF). */
export const svedenDocumentKeys = {
  ustav: 'demo/sveden/ustav.pdf',
  license: 'demo/sveden/license.pdf',
  priem: 'demo/sveden/priem.pdf',
  mode: 'demo/sveden/mode.pdf',
  kontrol: 'demo/sveden/kontrol.pdf',
  perevod: 'demo/sveden/perevod.pdf',
  voz: 'demo/sveden/voz.pdf',
  report: 'demo/sveden/report.pdf',
  paidOrder: 'demo/sveden/paid-order.pdf',
  paidContract: 'demo/sveden/paid-contract.pdf',
  paidPrices: 'demo/sveden/paid-prices.pdf',
  studyPart: 'demo/sveden/study-part.pdf',
} as const;
const doc = (key: keyof typeof svedenDocumentKeys) => `/media/${svedenDocumentKeys[key]}`;

const phone = setting('FOOTER_PHONE');
const email = setting('CONTACT_EMAIL');
const fact = (itemprop: string, label: string, value: string, href?: string) => ({ itemprop, label, value, ...(href ? { href } : {}) });

export const svedenContent: Partial<Record<SvedenSectionKey, Partial<SvedenContent>>> = {
  common: {
    facts: [
      fact('fullName', 'Полное наименование', 'Общество с ограниченной ответственностью «Крема Эдьюкейшн»'),
      fact('shortName', 'Сокращённое наименование', setting('FOOTER_NAME')),
      fact('regDate', 'Дата создания', '14.02.2023'),
      fact('address', 'Место нахождения', setting('LEGAL_ADDRESS')),
      fact('addressPlace', 'Место осуществления образовательной деятельности', setting('FOOTER_ADDRESS')),
      fact('workTime', 'Режим и график работы', 'Понедельник — пятница с 10:00 до 21:00, суббота и воскресенье с 10:00 до 18:00; занятия — по расписанию групп'),
      fact('telephone', 'Контактный телефон', phone),
      fact('email', 'Адрес электронной почты', email),
      fact('accreditationDocLink', 'Государственная аккредитация', 'Не проводится: дополнительные общеразвивающие программы государственной аккредитации не подлежат'),
    ],
    groups: [
      {
        itemprop: 'uchredLaw',
        title: 'Учредитель',
        facts: [
          fact('nameUchred', 'Наименование', 'Соколова Мария Андреевна (физическое лицо)'),
          fact('addressUchred', 'Адрес', setting('LEGAL_ADDRESS')),
          fact('telUchred', 'Телефон', phone),
          fact('mailUchred', 'Электронная почта', 'founder@crema.school'),
          fact('websiteUchred', 'Сайт', 'https://crema.school/', 'https://crema.school/'),
        ],
      },
    ],
    documents: [{ itemprop: 'licenseDocLink', title: 'Выписка из реестра лицензий на осуществление образовательной деятельности', url: doc('license'), note: setting('LEGAL_LICENSE') }],
  },
  struct: {
    intro: 'Высший орган управления — общее собрание участников общества; единоличный исполнительный орган — генеральный директор. Учебной работой руководит учебная часть.',
    groups: [
      {
        itemprop: 'structOrgUprav',
        title: 'Учебная часть',
        facts: [
          fact('name', 'Наименование', 'Учебная часть'),
          fact('fio', 'Руководитель', 'Белова Анна Сергеевна'),
          fact('post', 'Должность', 'Руководитель учебной части'),
          fact('addressStr', 'Место нахождения', setting('FOOTER_ADDRESS')),
          fact('site', 'Сайт', 'https://crema.school/sveden/', 'https://crema.school/sveden/'),
          fact('email', 'Электронная почта', 'study@crema.school'),
        ],
      },
    ],
    documents: [{ itemprop: 'divisionClauseDocLink', title: 'Положение об учебной части', url: doc('studyPart') }],
  },
  document: {
    documents: [
      { itemprop: 'ustavDocLink', title: 'Устав', url: doc('ustav') },
      { itemprop: 'licenseDocLink', title: 'Выписка из реестра лицензий', url: doc('license') },
      { itemprop: 'priemDocLink', title: 'Правила приёма обучающихся', url: doc('priem') },
      { itemprop: 'modeDocLink', title: 'Режим занятий обучающихся', url: doc('mode') },
      { itemprop: 'tekKontrolDocLink', title: 'Формы, периодичность и порядок текущего контроля успеваемости и промежуточной аттестации', url: doc('kontrol') },
      { itemprop: 'perevodDocLink', title: 'Порядок и основания перевода, отчисления и восстановления обучающихся', url: doc('perevod') },
      { itemprop: 'vozDocLink', title: 'Порядок оформления возникновения, приостановления и прекращения отношений с обучающимися', url: doc('voz') },
      { itemprop: 'reportEduDocLink', title: 'Отчёт о результатах самообследования за 2025 год', url: doc('report') },
    ],
  },
  education: {
    intro: 'Школа реализует дополнительные общеразвивающие программы для взрослых и детей. Обучение ведётся на русском языке, очно и с применением дистанционных образовательных технологий.',
    facts: [fact('eduAccred', 'Сведения о государственной аккредитации', 'Образовательные программы государственной аккредитации не подлежат')],
  },
  managers: {
    groups: [
      {
        itemprop: 'rucovodstvo',
        title: 'Генеральный директор',
        facts: [
          fact('fio', 'Фамилия, имя, отчество', 'Соколова Мария Андреевна'),
          fact('post', 'Должность', 'Генеральный директор'),
          fact('telephone', 'Телефон', phone),
          fact('email', 'Электронная почта', 'director@crema.school'),
        ],
      },
      {
        itemprop: 'rucovodstvoZam',
        title: 'Заместитель по учебной работе',
        facts: [
          fact('fio', 'Фамилия, имя, отчество', 'Белова Анна Сергеевна'),
          fact('post', 'Должность', 'Руководитель учебной части'),
          fact('telephone', 'Телефон', phone),
          fact('email', 'Электронная почта', 'study@crema.school'),
        ],
      },
    ],
  },
  employees: {
    intro: 'Педагогический состав — по каждой образовательной программе: преподаватели, которые ведут курс.',
  },
  objects: {
    facts: [
      fact('purposeCab', 'Оборудованные учебные кабинеты', 'Учебная студия на ул. Покровке: два учебных бара на 6 рабочих мест, лекционный зал на 20 мест, каппинг-лаборатория'),
      fact('purposePrac', 'Объекты для проведения практических занятий', 'Профессиональные эспрессо-машины и кофемолки, ростер на 1 кг, оборудование для альтернативных методов заваривания'),
      fact('meansTraining', 'Средства обучения и воспитания', 'Учебные материалы курсов, видеоуроки и тесты в личном кабинете'),
      fact('comNet', 'Доступ к информационным системам и сетям', 'Wi-Fi в учебной студии; личный кабинет обучающегося на сайте'),
      fact('ovz', 'Доступная среда', 'Вход в студию без ступеней, широкие проходы между рабочими местами; версия сайта для слабовидящих'),
    ],
  },
  paid_edu: {
    intro: 'Все программы школы — платные образовательные услуги по договору. Стоимость каждого курса указана на его странице.',
    documents: [
      { itemprop: 'paidEdu', title: 'Порядок оказания платных образовательных услуг', url: doc('paidOrder') },
      { itemprop: 'paidDog', title: 'Образец договора об оказании платных образовательных услуг', url: doc('paidContract') },
      { itemprop: 'paidSt', title: 'Стоимость обучения по каждой программе', url: doc('paidPrices') },
    ],
    add_refs: [{ title: 'Каталог курсов с ценами', url: '/courses/' }],
  },
  budget: {
    facts: [fact('finPVolume', 'Объём образовательной деятельности за счёт средств физических и юридических лиц', 'Вся образовательная деятельность ведётся по договорам об оказании платных образовательных услуг')],
  },
  vacant: {
    facts: [fact('vacant', 'Вакантные места', 'Приём на все программы — по договорам об оказании платных образовательных услуг; свободные места в группах указаны на странице каждого курса')],
  },
};
