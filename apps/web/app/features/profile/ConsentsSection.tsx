import { useEffect, useState } from 'react';
import type { ConsentItem, Consents } from '@crema/contract';
import { formatDate } from '@crema/contract/format';
import { consentVersionPath } from '@crema/contract/rules';
import { browserApi } from '../../api/browser.ts';
import { useApiForm } from '../../api/useApiForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';

// 'Согласия' of /user/account/ (152-ФЗ, decision 0018): each document with its version and the
// date the consent was given, its withdrawal (after saying what it means) and giving it again;
// the consents given for students, with the student's name — a child's under the parent's own
// document (decision 0046), each linking the version agreed to; a consent to an older version can
// be given anew for the current one (the account's question about it, ReconsentPrompt, may have
// been put off).

type Kind = ConsentItem['kind'];

/** What withdrawing means, said before it is done. */
const WITHDRAW_MEANS: Record<Kind, string> = {
  personal_data:
    'Школа прекратит обрабатывать ваши персональные данные, кроме тех, что закон обязывает хранить (например, для бухгалтерии). Без этого согласия мы не сможем записывать вас на курсы и выдавать документы об обучении.',
  privacy_policy: 'Вы больше не принимаете политику конфиденциальности. Чтобы записаться на курс, её нужно будет принять снова.',
  advertising: 'Мы перестанем присылать вам рекламные рассылки. Письма о ваших заказах и занятиях будут приходить, как раньше.',
  child_personal_data: 'Школа прекратит обрабатывать персональные данные ребёнка. Без этого согласия мы не сможем записывать его на курсы.',
  data_refusal: 'Отказ от предоставления данных документов будет снят.',
};

const OPTIONAL: Kind[] = ['advertising'];

function live(consents: ConsentItem[], kind: Kind, studentId: number | null): ConsentItem | undefined {
  return consents.find((c) => c.kind === kind && c.student_id === studentId && !c.withdrawn_at);
}

function lastWithdrawn(consents: ConsentItem[], kind: Kind): ConsentItem | undefined {
  return consents.find((c) => c.kind === kind && c.student_id === null && c.withdrawn_at);
}

export function ConsentsSection({ initial }: { initial: Consents }) {
  const [data, setData] = useState(initial);
  const [withdrawing, setWithdrawing] = useState<ConsentItem | null>(null);
  const [shown, setShown] = useState<ConsentItem | null>(null);
  if (withdrawing && withdrawing !== shown) setShown(withdrawing);
  const give = useApiForm();
  const withdraw = useApiForm();

  const refetch = async () => {
    setData(await browserApi.consents());
    // The letters' settings show the advertising consent too (NotificationsSection).
    window.dispatchEvent(new Event('crema:consents-saved'));
  };
  const children = data.consents.filter((c) => c.student_id !== null && !c.withdrawn_at);
  const currentOf = (kind: Kind) => data.documents.find((d) => d.kind === kind);
  // A consent accepted in the question above the page ('crema:consents-changed', ReconsentPrompt).
  useEffect(() => {
    const changed = () => void browserApi.consents().then(setData, () => undefined);
    window.addEventListener('crema:consents-changed', changed);
    return () => window.removeEventListener('crema:consents-changed', changed);
  }, []);

  /** «Принять редакцию n»: a consent to the current version for one given to an older one. */
  const renew = (consent: ConsentItem) => {
    const current = currentOf(consent.kind);
    if (consent.is_current_version || !current) return null;
    return (
      <button
        type="button"
        className="button button--primary pf-small"
        aria-busy={give.busy}
        disabled={give.busy}
        onClick={() =>
          void give.run(async () => {
            await browserApi.giveConsent(consent.kind, consent.student_id ?? undefined, current.version);
            await refetch();
          })
        }
      >
        Принять редакцию {current.version}
      </button>
    );
  };

  return (
    <section className="pf-section" aria-labelledby="consents-title">
      <h2 id="consents-title" className="pf-section__title">
        Согласия
      </h2>
      <ul className="pf-list" aria-label="Документы и согласия">
        {data.documents.filter((document) => document.kind !== 'child_personal_data').map((document) => {
          const given = live(data.consents, document.kind, null);
          const withdrawn = given ? undefined : lastWithdrawn(data.consents, document.kind);
          return (
            <li key={document.kind} className="pf-consent">
              <div className="pf-consent__text">
                <a href={document.url} target="_blank" rel="noreferrer">
                  {document.title}
                </a>
                <span className="pf-consent__meta">
                  Версия {document.version}
                  {given ? `. Согласие дано ${formatDate(given.given_at)}` : ''}
                  {given && !given.is_current_version ? (
                    <>
                      {' (на '}
                      <a href={consentVersionPath(given.kind, given.version) ?? document.url}>версию {given.version}</a>)
                    </>
                  ) : null}
                  {withdrawn ? `. Отозвано ${formatDate(withdrawn.withdrawn_at!)}` : ''}
                  {!given && !withdrawn ? '. Согласие не дано' : ''}
                  {!given && OPTIONAL.includes(document.kind) ? ' (необязательно)' : ''}
                </span>
              </div>
              {given ? (
                <span className="pf-consent__actions">
                  {renew(given)}
                  <button
                    type="button"
                    className="button button--ghost pf-small"
                    aria-label={`Отозвать: ${document.title}`}
                    onClick={() => setWithdrawing(given)}
                  >
                    Отозвать
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--primary pf-small"
                  aria-label={`Дать согласие: ${document.title}`}
                  aria-busy={give.busy}
                  disabled={give.busy}
                  onClick={() =>
                    void give.run(async () => {
                      await browserApi.giveConsent(document.kind);
                      await refetch();
                    })
                  }
                >
                  Дать согласие
                </button>
              )}
            </li>
          );
        })}
        {children.map((consent) => (
          <li key={consent.id} className="pf-consent">
            <div className="pf-consent__text">
              <span>
                {consent.title} — за ученика {consent.student_name}
              </span>
              <span className="pf-consent__meta">
                <a href={consentVersionPath(consent.kind, consent.version) ?? undefined}>Версия {consent.version}</a>. Дано{' '}
                {formatDate(consent.given_at)} {consent.kind === 'child_personal_data' ? 'как законным представителем' : 'с согласия ученика'}
                {consent.is_current_version ? '' : ` (действует редакция ${currentOf(consent.kind)?.version ?? ''})`}
              </span>
            </div>
            <span className="pf-consent__actions">
              {renew(consent)}
              <button
                type="button"
                className="button button--ghost pf-small"
                aria-label={`Отозвать: ${consent.title} — ${consent.student_name}`}
                onClick={() => setWithdrawing(consent)}
              >
                Отозвать
              </button>
            </span>
          </li>
        ))}
      </ul>
      <FormMessages look="account" messages={give.problems.general} />
      <Modal open={withdrawing !== null} onClose={() => setWithdrawing(null)} title="Отозвать согласие?" className="pf-dialog">
        <div className="pf-dialog__body">
          <p>
            <strong>{shown?.title}</strong>
            {shown?.student_name ? ` — за ученика ${shown.student_name}` : ''}
          </p>
          <p>
            {shown?.student_id && shown.kind !== 'child_personal_data'
              ? 'Школа прекратит обрабатывать персональные данные ученика. Без этого согласия мы не сможем записывать его на курсы.'
              : shown
                ? WITHDRAW_MEANS[shown.kind]
                : ''}
          </p>
          <p>Дать согласие снова можно здесь же в любой момент.</p>
          <FormMessages look="account" messages={withdraw.problems.general} />
          <div className="pf-dialog__actions">
            <button
              type="button"
              className="button button--primary"
              aria-busy={withdraw.busy}
              disabled={withdraw.busy}
              onClick={() =>
                void withdraw.run(async () => {
                  if (!shown) return;
                  await browserApi.withdrawConsent(shown.id);
                  await refetch();
                  setWithdrawing(null);
                })
              }
            >
              Отозвать
            </button>
            <button type="button" className="button button--ghost" data-autofocus onClick={() => setWithdrawing(null)}>
              Отмена
            </button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
