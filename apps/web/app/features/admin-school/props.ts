import type { SvedenSectionKey } from '@crema/contract';

// The microdata properties staff may choose for each subsection of 'Сведения' (decision 0045):
// the editor offers only these, each with its usual label, so a secretary picks 'Полное
// наименование' and the page gets `itemprop="fullName"` without anyone typing a property name.
// Names from the Рособрнадзор recommendations (order № 1493 as amended by № 1353) as the seed
// uses them; a stored row with a name not listed here keeps it (shown as it is), so renaming a
// property is still a data change (decision 0042). Admin code only: never in a public chunk.

export interface Prop {
  itemprop: string;
  label: string;
}

export interface GroupProp extends Prop {
  /** The properties of the group's rows. */
  facts: Prop[];
}

export interface SectionProps {
  facts: Prop[];
  groups: GroupProp[];
  documents: Prop[];
}

const p = (itemprop: string, label: string): Prop => ({ itemprop, label });

const person = [p('fio', 'Фамилия, имя, отчество'), p('post', 'Должность'), p('telephone', 'Телефон'), p('email', 'Электронная почта')];

export const SECTION_PROPS: Record<SvedenSectionKey, SectionProps> = {
  common: {
    facts: [
      p('fullName', 'Полное наименование'),
      p('shortName', 'Сокращённое наименование'),
      p('regDate', 'Дата создания'),
      p('address', 'Место нахождения'),
      p('addressPlace', 'Место осуществления образовательной деятельности'),
      p('workTime', 'Режим и график работы'),
      p('telephone', 'Контактный телефон'),
      p('email', 'Адрес электронной почты'),
      p('accreditationDocLink', 'Государственная аккредитация'),
    ],
    groups: [
      {
        ...p('uchredLaw', 'Учредитель'),
        facts: [p('nameUchred', 'Наименование'), p('addressUchred', 'Адрес'), p('telUchred', 'Телефон'), p('mailUchred', 'Электронная почта'), p('websiteUchred', 'Сайт')],
      },
      {
        ...p('filInfo', 'Филиал'),
        facts: [p('nameFil', 'Наименование'), p('addressFil', 'Место нахождения'), p('workTimeFil', 'Режим и график работы'), p('telephoneFil', 'Телефон'), p('emailFil', 'Электронная почта'), p('websiteFil', 'Сайт')],
      },
      {
        ...p('repInfo', 'Представительство'),
        facts: [p('nameRep', 'Наименование'), p('addressRep', 'Место нахождения'), p('workTimeRep', 'Режим и график работы'), p('telephoneRep', 'Телефон'), p('emailRep', 'Электронная почта'), p('websiteRep', 'Сайт')],
      },
    ],
    documents: [p('licenseDocLink', 'Лицензия на образовательную деятельность'), p('accreditationDocLink', 'Свидетельство о государственной аккредитации')],
  },
  struct: {
    facts: [],
    groups: [
      {
        ...p('structOrgUprav', 'Структурное подразделение или орган управления'),
        facts: [p('name', 'Наименование'), p('fio', 'Руководитель'), p('post', 'Должность'), p('addressStr', 'Место нахождения'), p('site', 'Сайт'), p('email', 'Электронная почта')],
      },
    ],
    documents: [p('divisionClauseDocLink', 'Положение о подразделении')],
  },
  document: {
    facts: [],
    groups: [],
    documents: [
      p('ustavDocLink', 'Устав'),
      p('licenseDocLink', 'Лицензия (выписка из реестра лицензий)'),
      p('accreditationDocLink', 'Свидетельство о государственной аккредитации'),
      p('priemDocLink', 'Правила приёма обучающихся'),
      p('modeDocLink', 'Режим занятий обучающихся'),
      p('tekKontrolDocLink', 'Текущий контроль и промежуточная аттестация'),
      p('perevodDocLink', 'Перевод, отчисление и восстановление'),
      p('vozDocLink', 'Возникновение, приостановление и прекращение отношений'),
      p('localActStud', 'Другой локальный акт'),
      p('localActOrder', 'Правила внутреннего распорядка обучающихся'),
      p('localActCollec', 'Коллективный договор'),
      p('reportEduDocLink', 'Отчёт о самообследовании'),
      p('prescriptionDocLink', 'Предписания органов надзора и отчёты об их исполнении'),
    ],
  },
  education: {
    facts: [p('eduAccred', 'Сведения о государственной аккредитации')],
    groups: [],
    documents: [p('eduPr', 'Образовательная программа'), p('educationPlan', 'Учебный план'), p('educationShedule', 'Календарный учебный график'), p('methodology', 'Методические документы')],
  },
  eduStandarts: {
    facts: [],
    groups: [],
    documents: [p('eduFedDoc', 'Федеральный государственный образовательный стандарт'), p('eduStandartDoc', 'Образовательный стандарт'), p('eduFedTreb', 'Федеральные государственные требования'), p('eduStandartTreb', 'Самостоятельно установленные требования')],
  },
  managers: {
    facts: [],
    groups: [
      { ...p('rucovodstvo', 'Руководитель'), facts: person },
      { ...p('rucovodstvoZam', 'Заместитель руководителя'), facts: person },
      { ...p('rucovodstvoFil', 'Руководитель филиала'), facts: [...person, p('nameFil', 'Филиал')] },
    ],
    documents: [],
  },
  employees: { facts: [], groups: [], documents: [] },
  objects: {
    facts: [
      p('purposeCab', 'Оборудованные учебные кабинеты'),
      p('purposePrac', 'Объекты для проведения практических занятий'),
      p('purposeLibr', 'Библиотека'),
      p('purposeSport', 'Объекты спорта'),
      p('meansTraining', 'Средства обучения и воспитания'),
      p('meal', 'Условия питания обучающихся'),
      p('health', 'Условия охраны здоровья обучающихся'),
      p('comNet', 'Доступ к информационным системам и сетям'),
      p('erList', 'Электронные образовательные ресурсы'),
      p('ovz', 'Доступная среда'),
    ],
    groups: [],
    documents: [],
  },
  paid_edu: {
    facts: [],
    groups: [],
    documents: [
      p('paidEdu', 'Порядок оказания платных образовательных услуг'),
      p('paidDog', 'Образец договора об оказании платных образовательных услуг'),
      p('paidSt', 'Стоимость обучения'),
      p('paidParents', 'Плата, взимаемая с родителей'),
    ],
  },
  budget: {
    facts: [
      p('finPVolume', 'Объём образовательной деятельности за счёт средств физических и юридических лиц'),
      p('finBVolume', 'Объём образовательной деятельности за счёт бюджетных средств'),
      p('finRec', 'Поступление финансовых и материальных средств'),
      p('finRas', 'Расходование финансовых и материальных средств'),
    ],
    groups: [],
    documents: [p('finPlanDocLink', 'План финансово-хозяйственной деятельности')],
  },
  vacant: {
    facts: [p('vacant', 'Вакантные места')],
    groups: [],
    documents: [],
  },
  grants: {
    facts: [p('grant', 'Стипендии'), p('support', 'Меры социальной поддержки'), p('hostelInfo', 'Общежитие'), p('hostelNum', 'Количество жилых помещений')],
    groups: [],
    documents: [p('localActStud', 'Локальный акт о стипендиях и мерах поддержки')],
  },
  inter: {
    facts: [p('internationalAccr', 'Международная аккредитация')],
    groups: [{ ...p('internationalDog', 'Договор с иностранной организацией'), facts: [p('stateName', 'Государство'), p('orgName', 'Организация'), p('dogReg', 'Реквизиты договора')] }],
    documents: [],
  },
  catering: {
    facts: [p('meal', 'Условия питания'), p('health', 'Охрана здоровья')],
    groups: [],
    documents: [p('mealDocLink', 'Документ об организации питания')],
  },
};

/** At most this many extra pages per subsection (the contract's SVEDEN_ADD_REFS_MAX; the server checks it). */
export const SVEDEN_ADD_REFS_MAX = 10;

/** Subsections whose programmes and teachers come from the published courses (decision 0042). */
export const FROM_COURSES: readonly SvedenSectionKey[] = ['education', 'employees'];

/** The choices for one row: the listed ones, and the row's own property when it is not listed. */
export function choicesFor(list: readonly Prop[], current: string): Prop[] {
  return list.some((prop) => prop.itemprop === current) || !current ? [...list] : [...list, { itemprop: current, label: `${current} (сохранённое свойство)` }];
}
