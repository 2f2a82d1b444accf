import { useId } from 'react';

/**
 * One filter of a list on the staff's or the curators' screens (or its order): a labelled choice sent with the list's filter form by
 * its `name`; `all` is the first choice, sent empty (no filter).
 */
export function FilterSelect({
  label,
  name,
  value,
  options,
  all,
}: {
  label: string;
  name: string;
  value: string | number | undefined;
  options: readonly (readonly [string | number, string])[];
  all?: string;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="admin-input" name={name} defaultValue={value ?? ''}>
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
