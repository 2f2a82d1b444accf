import { useId } from 'react';
import { Link } from 'react-router';
import type { Dashboard } from '@crema/contract';
import { formatDate, formatPrice } from '@crema/contract/format';
import { ApplicationsLabel, SchoolTabs, schoolPaths } from './ui.tsx';

type Sales = Dashboard['sales']['today'];

/** A day as the chart's axis and table show it: '29.11'. */
const dayMonth = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;

function SalesCard({ title, sales }: { title: string; sales: Sales }) {
  return (
    <div className="dashboard-card">
      <h2>{title}</h2>
      <p className="dashboard-figure">{formatPrice(sales.paid_sum)}</p>
      <p>оплачено заказов: {sales.paid_count}</p>
      <p className="admin-muted">{sales.refunded_count ? `возвраты: ${sales.refunded_count} на ${formatPrice(sales.refunded_sum)}` : 'возвратов нет'}</p>
    </div>
  );
}

/** Daily sales as bars, in plain SVG; the same figures as a table under it, for reading and for screen readers. */
function SalesChart({ daily }: { daily: Dashboard['daily'] }) {
  const id = useId();
  const width = 600;
  const height = 180;
  const bottom = 2;
  const top = 8;
  const max = Math.max(1, ...daily.map((d) => d.sum));
  const step = width / daily.length;
  const total = daily.reduce((sum, d) => sum + d.sum, 0);
  const count = daily.reduce((sum, d) => sum + d.count, 0);
  return (
    <figure className="dashboard-figure-box" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>Продажи по дням за 30 дней</figcaption>
      <svg className="dashboard-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-summary`}>
        <title id={`${id}-summary`}>{`За 30 дней оплачено заказов: ${count} на ${formatPrice(total)}; по дням — в таблице ниже.`}</title>
        <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} />
        {daily.map((d, i) => {
          const h = d.sum ? Math.max(2, ((height - bottom - top) * d.sum) / max) : 0;
          return (
            <rect key={d.day} className="bar" x={i * step + 2} y={height - bottom - h} width={Math.max(1, step - 4)} height={h}>
              <title>{`${dayMonth(d.day)}: ${d.count}, ${formatPrice(d.sum)}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* The days under the bars in the page's own type, readable at any width. */}
      <p className="dashboard-axis" aria-hidden="true">
        <span>{dayMonth(daily[0]!.day)}</span>
        <span>{dayMonth(daily[Math.floor(daily.length / 2)]!.day)}</span>
        <span>{dayMonth(daily.at(-1)!.day)}</span>
      </p>
      <details>
        <summary>Таблица по дням</summary>
        <div className="admin-table-wrap" role="region" aria-label="Продажи по дням" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">День</th>
                <th scope="col">Заказов</th>
                <th scope="col">Сумма</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.day}>
                  <td>{formatDate(d.day)}</td>
                  <td>{d.count}</td>
                  <td>{formatPrice(d.sum)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** /admin/school/: the school at a glance — sales, new applications, waiting payments, the nearest groups, daily sales. */
export function DashboardScreen({ dashboard }: { dashboard: Dashboard }) {
  return (
    <section aria-labelledby="school-dashboard-title">
      <SchoolTabs />
      <div className="admin-head">
        <h1 id="school-dashboard-title">Обзор школы</h1>
      </div>
      <p className="admin-muted school-lead">Сегодня {formatDate(dashboard.today)}; дни, недели и месяцы — по московскому времени. Возвраты показаны отдельно и из продаж не вычтены.</p>
      <div className="dashboard-cards">
        <SalesCard title="Продажи сегодня" sales={dashboard.sales.today} />
        <SalesCard title="За неделю" sales={dashboard.sales.week} />
        <SalesCard title="За месяц" sales={dashboard.sales.month} />
        <div className="dashboard-card">
          <h2>Новые заявки</h2>
          <p className="dashboard-figure">{dashboard.new_applications}</p>
          <Link to={`${schoolPaths.applications()}?status=new`}>
            <ApplicationsLabel label="Разобрать заявки" count={null} />
          </Link>
        </div>
        <div className="dashboard-card">
          <h2>Ждут оплаты</h2>
          <p className="dashboard-figure">{dashboard.awaiting_payment.count}</p>
          <p>на {formatPrice(dashboard.awaiting_payment.sum)}</p>
        </div>
      </div>
      <SalesChart daily={dashboard.daily} />
      <h2 className="school-subtitle">Группы, которые начнутся в ближайшие 30 дней</h2>
      {dashboard.groups.length ? (
        <ul className="person-list">
          {dashboard.groups.map((g) => (
            <li key={g.id}>
              <strong>{g.course.title}</strong> — {g.title}, старт {formatDate(g.starts_on)}
              <span className="audit-small">{g.capacity ? `занято мест: ${g.taken} из ${g.capacity}` : `занято мест: ${g.taken}, без ограничения`}</span>
              {g.capacity ? (
                <span className="fill-bar" aria-hidden="true">
                  <span style={{ width: `${Math.min(100, Math.round((100 * g.taken) / g.capacity))}%` }} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">В ближайшие 30 дней групп не начинается.</p>
      )}
    </section>
  );
}
