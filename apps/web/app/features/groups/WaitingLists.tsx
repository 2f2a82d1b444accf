import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { MyWaiting } from '@crema/contract';
import { formatDate, formatDateTime } from '@crema/contract/format';
import { browserApi } from '../../api/browser.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { paymentPath } from '../../ui/paths.ts';

// 'Лист ожидания' on 'Мои группы' (decision 0067): the full groups the person waits for, their place
// in each line, a seat already offered with its link to pay, and leaving a line (confirmed: the
// place is lost; joining again puts them at the end).

export function WaitingLists({ entries }: { entries: MyWaiting }) {
  const [leaving, setLeaving] = useState<MyWaiting[number] | null>(null);
  const [said, setSaid] = useState('');
  const revalidator = useRevalidator();
  if (entries.length === 0 && !said) return null;
  return (
    <section className="group-section" aria-labelledby="waiting-title">
      <h2 id="waiting-title">Лист ожидания</h2>
      <p className="group-note" role="status">
        {said}
      </p>
      <ul className="group-cards">
        {entries.map((entry) => (
          <li key={entry.group.id}>
            <article className="group-card" aria-label={`Лист ожидания: ${entry.course.title}, ${entry.group.title}`}>
              <p className="group-card__course">{entry.course.title}</p>
              <h3 className="group-card__title">{entry.group.title}</h3>
              <p className="group-note">Начало {formatDate(entry.group.starts_on)}</p>
              {entry.status === 'offered' && entry.order_code ? (
                <>
                  <p className="group-card__next">
                    Место освободилось и ждёт вас{entry.held_until ? ` до ${formatDateTime(entry.held_until)} (МСК)` : ''}.
                  </p>
                  <Link className="button button--primary" to={paymentPath(entry.order_code)}>
                    Оплатить место
                  </Link>
                </>
              ) : (
                <>
                  <p className="group-card__next">
                    Вы {entry.position}-й в очереди. Когда место освободится, мы напишем на e-mail и придержим его для вас.
                  </p>
                  <button type="button" className="button button--ghost" onClick={() => setLeaving(entry)}>
                    Выйти из листа ожидания
                  </button>
                </>
              )}
            </article>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        look="account"
        open={leaving !== null}
        title="Выйти из листа ожидания?"
        confirmLabel="Выйти"
        onClose={() => setLeaving(null)}
        action={async () => {
          if (!leaving) return;
          const answer = await browserApi.leaveWaiting(leaving.group.id);
          setSaid(answer.detail);
          await revalidator.revalidate();
        }}
      >
        <p>
          {leaving ? `Вы потеряете своё место в очереди в группу «${leaving.group.title}». ` : ''}Встать в лист ожидания снова можно на странице заказа курса
          — но уже в конец очереди.
        </p>
      </ConfirmDialog>
    </section>
  );
}
