// 'Сведения об образовательной организации' (decision 0042): the shared sub-navigation and
// one subsection, server-rendered, plain text and links (selectable, usable without images or
// JavaScript), every item with the `itemprop` of the Рособрнадзор recommendations. A wrapping
// property (uchredLaw, rucovodstvo, structOrgUprav, eduOp, teachingStaff) holds its children.
import { Link } from 'react-router';
import type { SvedenContent, SvedenFact, SvedenNav, SvedenProgramme, SvedenSection } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { safeLink } from '@crema/contract/rules';
import './sveden.css';

export const SVEDEN_TITLE = 'Сведения об образовательной организации';
const EMPTY = 'Информация отсутствует.';

/** The one navigation of the section, on /sveden/ and on every subsection. */
export function SvedenNavigation({ nav, current, variant = 'side' }: { nav: SvedenNav; current?: string; variant?: 'side' | 'list' }) {
  return (
    <nav className={`sveden-nav sveden-nav--${variant}`} aria-label="Подразделы сведений об образовательной организации">
      <ul className="sveden-nav__list">
        {nav.map((item) => (
          <li key={item.key}>
            <Link to={item.url} className="sveden-nav__link" aria-current={item.key === current ? 'page' : undefined}>
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Paragraphs split by blank lines; single line breaks kept. */
function Paragraphs({ text, className }: { text: string; className?: string }) {
  const parts = text.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <>
      {parts.map((part, i) => (
        <p key={i} className={className}>
          {part.split('\n').map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </p>
      ))}
    </>
  );
}

const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const isPhone = (value: string) => /^\+\d[\d\s()-]{6,}$/.test(value);

function FactValue({ fact }: { fact: SvedenFact }) {
  // A stored link is shown only while it passes today's check (rows saved before it are not trusted).
  const href = fact.href ? safeLink(fact.href) : (isEmail(fact.value) ? `mailto:${fact.value}` : isPhone(fact.value) ? `tel:${fact.value.replace(/[^\d+]/g, '')}` : null);
  return (
    <dd className="sveden-facts__value" itemProp={fact.itemprop}>
      {href ? <a href={href}>{fact.value}</a> : <Paragraphs text={fact.value} className="sveden-facts__para" />}
    </dd>
  );
}

function Facts({ facts }: { facts: SvedenFact[] }) {
  if (facts.length === 0) return null;
  return (
    <dl className="sveden-facts">
      {facts.map((fact, i) => (
        <div key={i} className="sveden-facts__row">
          <dt className="sveden-facts__label">{fact.label}</dt>
          <FactValue fact={fact} />
        </div>
      ))}
    </dl>
  );
}

const isPdf = (url: string) => /\.pdf$/i.test(url);

function StoredContent({ content }: { content: SvedenContent }) {
  return (
    <>
      {content.intro ? <Paragraphs text={content.intro} /> : null}
      <Facts facts={content.facts} />
      {content.groups.map((group, i) => (
        <section key={i} className="sveden-group" itemProp={group.itemprop}>
          <h2 className="sveden-group__title">{group.title}</h2>
          <Facts facts={group.facts} />
        </section>
      ))}
      {content.documents.length > 0 ? (
        <section className="sveden-docs">
          <h2 className="sveden-group__title">Документы</h2>
          <ul className="sveden-docs__list">
            {content.documents.map((doc, i) => (
              <li key={i} className="sveden-docs__item">
                <a href={safeLink(doc.url) ?? undefined} itemProp={doc.itemprop} className="sveden-docs__link">
                  {doc.title}
                </a>
                {isPdf(doc.url) ? <span className="sveden-docs__type"> (PDF)</span> : null}
                {doc.note ? <span className="sveden-docs__note">{doc.note}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {content.add_refs.length > 0 ? (
        <section className="sveden-refs">
          <h2 className="sveden-group__title">Дополнительно</h2>
          <ul>
            {content.add_refs.map((ref, i) => (
              <li key={i}>
                <a href={safeLink(ref.url) ?? undefined} itemProp="addRef">
                  {ref.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function Programmes({ programmes }: { programmes: SvedenProgramme[] }) {
  return (
    <section className="sveden-programmes">
      <h2 className="sveden-group__title">Реализуемые образовательные программы</h2>
      {programmes.map((p) => (
        <div key={p.url} className="sveden-group" itemProp="eduOp">
          <h3 className="sveden-programmes__title">
            <a href={p.url} itemProp="eduName">
              {p.title}
            </a>
          </h3>
          <dl className="sveden-facts">
            <div className="sveden-facts__row">
              <dt className="sveden-facts__label">Уровень образования</dt>
              <dd className="sveden-facts__value" itemProp="eduLevel">{p.level}</dd>
            </div>
            <div className="sveden-facts__row">
              <dt className="sveden-facts__label">Форма обучения</dt>
              <dd className="sveden-facts__value" itemProp="eduForm">{p.form}</dd>
            </div>
            {p.term ? (
              <div className="sveden-facts__row">
                <dt className="sveden-facts__label">Нормативный срок обучения</dt>
                <dd className="sveden-facts__value" itemProp="learningTerm">{p.term}</dd>
              </div>
            ) : null}
            <div className="sveden-facts__row">
              <dt className="sveden-facts__label">Язык обучения</dt>
              <dd className="sveden-facts__value" itemProp="language">{p.language}</dd>
            </div>
          </dl>
        </div>
      ))}
    </section>
  );
}

function Staff({ programmes }: { programmes: SvedenProgramme[] }) {
  return (
    <>
      {programmes.map((p) => (
        <section key={p.url} className="sveden-group">
          <h2 className="sveden-group__title">
            <a href={p.url}>{p.title}</a>
          </h2>
          {p.teachers.length === 0 ? <p>{EMPTY}</p> : null}
          {p.teachers.map((t) => (
            <div key={t.fio} className="sveden-person" itemProp="teachingStaff">
              <dl className="sveden-facts">
                <div className="sveden-facts__row">
                  <dt className="sveden-facts__label">Фамилия, имя</dt>
                  <dd className="sveden-facts__value" itemProp="fio">{t.fio}</dd>
                </div>
                {t.post ? (
                  <div className="sveden-facts__row">
                    <dt className="sveden-facts__label">Должность</dt>
                    <dd className="sveden-facts__value" itemProp="post">{t.post}</dd>
                  </div>
                ) : null}
                <div className="sveden-facts__row">
                  <dt className="sveden-facts__label">Образовательная программа</dt>
                  <dd className="sveden-facts__value" itemProp="teachingOp">{p.title}</dd>
                </div>
                {t.bio ? (
                  <div className="sveden-facts__row">
                    <dt className="sveden-facts__label">Квалификация и опыт</dt>
                    <dd className="sveden-facts__value" itemProp="employeeQualification">{t.bio}</dd>
                  </div>
                ) : null}
              </dl>
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

const hasStored = (c: SvedenContent) => !!c.intro || c.facts.length + c.groups.length + c.documents.length + c.add_refs.length > 0;

/** One subsection: what staff stored, and for 'Образование' / 'Педагогический состав' the courses. */
export function SvedenSectionView({ section }: { section: SvedenSection }) {
  const fromCourses = section.programmes.length > 0;
  const empty = !hasStored(section.content) && !fromCourses;
  return (
    <div className="sveden-section">
      {empty ? <p className="sveden-section__empty">{EMPTY}</p> : <StoredContent content={section.content} />}
      {fromCourses && section.key === 'education' ? <Programmes programmes={section.programmes} /> : null}
      {fromCourses && section.key === 'employees' ? <Staff programmes={section.programmes} /> : null}
      {section.updated_at ? <p className="sveden-section__updated">Дата обновления: {formatDate(section.updated_at)}</p> : null}
    </div>
  );
}
