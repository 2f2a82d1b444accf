// A form's general messages (the server's `detail`, a 409, no connection, fields the form does not
// show), announced when they appear (role="alert"). Each form keeps its look, the CSS block its
// screen already styles, and with it its shape: one line, a paragraph per message, or one message
// as a paragraph and several as a list; a box that is always there (so the live region exists
// before the message comes) or one only while there are messages.

export type FormMessagesLook = 'account' | 'auth' | 'apply' | 'order' | 'admin' | 'test-editor' | 'payment' | 'group' | 'learning' | 'invite' | 'code';

interface Look {
  block: string;
  /** `list`: one message as `__item`, several as a `__list`; `text-or-list`: one as bare text, several as a list; `paragraphs`: one <p> each (`__item` when `items`); `line`: all in one <p>. */
  shape: 'list' | 'text-or-list' | 'paragraphs' | 'line';
  /** The box stays in the page without messages. */
  always?: boolean;
  /** The paragraphs carry `{block}__item`. */
  items?: boolean;
}

const LOOKS: Record<FormMessagesLook, Look> = {
  // The account forms and the order form.
  account: { block: 'pf-messages', shape: 'list', always: true },
  // The sign-in dialogs.
  auth: { block: 'auth-messages', shape: 'list', always: true },
  // The application dialogs.
  apply: { block: 'apply-messages', shape: 'paragraphs', always: true, items: true },
  // The order's password step.
  order: { block: 'order-messages', shape: 'paragraphs', always: true, items: true },
  // The course builder and the school staff's screens.
  admin: { block: 'admin-alert', shape: 'text-or-list' },
  // The test editor.
  'test-editor': { block: 'at-messages', shape: 'paragraphs' },
  // The orders and payment screens.
  payment: { block: 'pay-problems', shape: 'paragraphs' },
  // A group's calendar feed.
  group: { block: 'group-problems', shape: 'paragraphs' },
  // The learner's course list.
  learning: { block: 'learn-problems', shape: 'paragraphs' },
  // The invitation page.
  invite: { block: 'invite-alert', shape: 'line' },
  // The code entry (ui/CodeEntry.tsx): only while there are messages, so its field's alert is the only one.
  code: { block: 'code-entry__messages', shape: 'paragraphs', items: true },
};

export interface FormMessagesProps {
  look: FormMessagesLook;
  messages: string[];
  /** The box's id (a form's aria-describedby may name it). */
  id?: string;
}

export function FormMessages({ look, messages, id }: FormMessagesProps) {
  const { block, shape, always, items } = LOOKS[look];
  if (!messages.length && !always) return null;
  if (shape === 'line') {
    return (
      <p id={id} className={block} role="alert">
        {messages.join(' ')}
      </p>
    );
  }
  const list =
    messages.length > 1 ? (
      <ul className={shape === 'list' ? `${block}__list` : undefined}>
        {messages.map((message, index) => (
          <li key={index}>{message}</li>
        ))}
      </ul>
    ) : null;
  return (
    <div id={id} className={block} role="alert">
      {shape === 'paragraphs'
        ? messages.map((message, index) => (
            <p key={index} className={items ? `${block}__item` : undefined}>
              {message}
            </p>
          ))
        : shape === 'list'
          ? (messages.length === 1 ? <p className={`${block}__item`}>{messages[0]}</p> : list)
          : (messages.length === 1 ? messages[0] : list)}
    </div>
  );
}
