import type { Configs } from '@crema/contract';

/**
 * The school's legal details from the site settings (the organisation's name, ИНН, КПП, ОГРН, legal
 * address, licence): in the footer of every page, under the offer and in /sveden/common/. Missing ones are left out.
 */
export function legalDetails(configs: Configs): { key: string; label: string; value: string }[] {
  const rows: [key: string, label: string, value: string | undefined][] = [
    ['name', 'Организация', configs.FOOTER_NAME],
    ['inn', 'ИНН', configs.LEGAL_INN],
    ['kpp', 'КПП', configs.LEGAL_KPP],
    ['ogrn', 'ОГРН', configs.LEGAL_OGRN],
    ['address', 'Юридический адрес', configs.LEGAL_ADDRESS],
    ['license', 'Лицензия', configs.LEGAL_LICENSE],
  ];
  return rows
    .filter((row): row is [string, string, string] => !!row[2]?.trim())
    .map(([key, label, value]) => ({ key, label, value: value.trim() }));
}

/** The details as a list of terms, e.g. 'ИНН' — '7709123453'. */
export function LegalDetails({ configs, className }: { configs: Configs; className?: string }) {
  const rows = legalDetails(configs);
  if (rows.length === 0) return null;
  return (
    <dl className={['legal-details', className].filter(Boolean).join(' ')}>
      {rows.map((row) => (
        <div key={row.key} className={`legal-details__row legal-details__row--${row.key}`}>
          <dt className="legal-details__label">{row.label}</dt>
          <dd className="legal-details__value">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
