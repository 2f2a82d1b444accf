import { Link } from 'react-router';
import type { SvedenAdminList } from '@crema/contract';
import { formatDateTime, formatCount } from '@crema/contract/format';
import { SchoolTabs, schoolPaths } from './ui.tsx';

const ITEM_FORMS = ['пункт', 'пункта', 'пунктов'] as const;

function stateOf(section: SvedenAdminList[number]): string {
  if (section.from_courses) return section.items ? `Из курсов и ${formatCount(section.items, ITEM_FORMS)}` : 'Из курсов';
  if (!section.is_filled) return 'Не заполнен: на сайте «Информация отсутствует.»';
  return section.items ? formatCount(section.items, ITEM_FORMS) : 'Только текст';
}

/** /admin/school/sveden/: the 14 subsections with their state, each leading to its editor. */
export function SvedenListScreen({ sections }: { sections: SvedenAdminList }) {
  return (
    <section aria-labelledby="school-sveden-title">
      <SchoolTabs />
      <div className="admin-head">
        <h1 id="school-sveden-title">Сведения об образовательной организации</h1>
        <a className="button button--ghost" href="/sveden/" target="_blank" rel="noopener">
          Открыть на сайте
        </a>
      </div>
      <p className="admin-muted school-lead">
        Обязательный раздел сайта: 14 подразделов по рекомендациям Рособрнадзора. У каждой строки своё свойство микроразметки, по которому
        сведения находят проверяющие; его выбирают из списка, а не вписывают.
      </p>
      <table className="admin-table school-table">
        <thead>
          <tr>
            <th scope="col">Подраздел</th>
            <th scope="col">Состояние</th>
            <th scope="col">Изменён</th>
          </tr>
        </thead>
        <tbody>
          {sections.map((section) => (
            <tr key={section.key}>
              <td>
                <Link to={schoolPaths.section(section.key)}>{section.title}</Link>
                <span className="admin-muted school-url">{section.url}</span>
              </td>
              <td>
                <span className={`school-state school-state--${section.is_filled ? 'filled' : 'empty'}`}>{stateOf(section)}</span>
              </td>
              <td>
                {section.updated_at ? (
                  <>
                    <time dateTime={section.updated_at}>{formatDateTime(section.updated_at)}</time>
                    {section.updated_by ? <span className="admin-muted">, {section.updated_by}</span> : null}
                  </>
                ) : (
                  <span className="admin-muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
