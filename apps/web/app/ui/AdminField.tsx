import { useId, type ReactNode } from 'react';

// The admin screens' labelled field with its messages, and the messages for a whole form (the
// server's `detail`, a 409, no connection, fields the form does not show): one copy for the course
// builder (features/admin-courses) and the school staff's screens (features/admin-school). Their look
// is admin.css, loaded by the admin frame.

export function Field({
  label,
  hint,
  errors = [],
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  errors?: string[];
  /** More classes of the field's box (e.g. across a whole row). */
  className?: string;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', errors.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `admin-field ${className}` : 'admin-field'}>
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': errors.length ? true : undefined, 'aria-describedby': described })}
      {hint ? (
        <p id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p id={`${id}-error`} className="admin-field__error">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

/** Messages for the whole form. */
export function Problems({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div className="admin-alert" role="alert">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
