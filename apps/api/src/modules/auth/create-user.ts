// `npm run user:create -- [--staff] [--owner] <email>`: an account made by the administrator, the
// way a production site gets its first staff account (production never seeds the demo accounts).
import { sql } from 'drizzle-orm';
import { emailSchema } from '@crema/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AuthCodes, RESTORE_TTL_MIN } from './codes.ts';
import { sendAuthMail } from './mailer.ts';

export interface CreateUserRequest {
  email: string;
  staff: boolean;
  owner: boolean;
}

export interface CreateUserResult {
  email: string;
  /** A new account (and a letter with the link to set its password) or an existing one. */
  created: boolean;
  /** The account's roles after the command. */
  staff: boolean;
  owner: boolean;
  /** Roles this run added to an existing account. */
  raised: ('staff' | 'owner')[];
}

const USAGE = 'Использование: npm run user:create -- [--staff] [--owner] адрес@почты';

/** The command line's words → a request, or a Russian message saying what is wrong. */
export function parseCreateUserArgs(args: readonly string[]): { ok: true; request: CreateUserRequest } | { ok: false; message: string } {
  let staff = false;
  let owner = false;
  const rest: string[] = [];
  for (const arg of args) {
    if (arg === '--staff') staff = true;
    else if (arg === '--owner') owner = true;
    else if (arg.startsWith('-')) return { ok: false, message: `Неизвестный ключ ${arg}. ${USAGE}` };
    else rest.push(arg);
  }
  if (rest.length !== 1) return { ok: false, message: `Укажите один адрес электронной почты. ${USAGE}` };
  const email = emailSchema.safeParse(rest[0]);
  if (!email.success) return { ok: false, message: `Некорректный адрес электронной почты: ${rest[0]}. ${USAGE}` };
  return { ok: true, request: { email: email.data, staff, owner } };
}

/**
 * Makes the account, or raises the roles of an existing one (never lowers them, never touches
 * its password). A new account gets no password: it is mailed, through the outbox, a link to set
 * one — the password-restore link (`/?restore=…`, valid RESTORE_TTL_MIN minutes; after that
 * 'Забыли пароль?' on the site mails a fresh one). An existing account gets no letter, so a link
 * mailed before keeps working.
 */
export async function createUser(db: Db, config: Config, request: CreateUserRequest): Promise<CreateUserResult> {
  const codes = new AuthCodes(config);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({ email: request.email, isStaff: request.staff, isCourseOwner: request.owner })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length > 0) {
      const token = await codes.issueRestoreToken(tx, request.email);
      await sendAuthMail(tx, {
        to: request.email,
        template: 'account_created',
        data: {
          url: `${config.publicUrl}/?restore=${encodeURIComponent(token)}`,
          validMinutes: RESTORE_TTL_MIN,
          role: roleInWords(request.staff, request.owner),
        },
      });
      return { email: request.email, created: true, staff: request.staff, owner: request.owner, raised: [] };
    }
    const [before] = await tx
      .select({ isStaff: users.isStaff, isCourseOwner: users.isCourseOwner })
      .from(users)
      .where(sql`lower(${users.email}) = ${request.email}`)
      .for('update');
    if (!before) throw new Error('user vanished while being created');
    const raised: ('staff' | 'owner')[] = [];
    if (request.staff && !before.isStaff) raised.push('staff');
    if (request.owner && !before.isCourseOwner) raised.push('owner');
    if (raised.length > 0) {
      await tx
        .update(users)
        .set({ isStaff: before.isStaff || request.staff, isCourseOwner: before.isCourseOwner || request.owner })
        .where(sql`lower(${users.email}) = ${request.email}`);
    }
    return {
      email: request.email,
      created: false,
      staff: before.isStaff || request.staff,
      owner: before.isCourseOwner || request.owner,
      raised,
    };
  });
}

/** 'сотрудник школы и владелец курсов', 'пользователь'. */
export function roleInWords(staff: boolean, owner: boolean): string {
  const roles = [staff && 'сотрудник школы', owner && 'владелец курсов'].filter(Boolean);
  return roles.length > 0 ? roles.join(' и ') : 'пользователь';
}

/** What the command prints: what it did, in Russian. */
export function describeCreateUser(result: CreateUserResult, config: Pick<Config, 'smtpUrl' | 'publicUrl'>): string {
  const role = roleInWords(result.staff, result.owner);
  if (result.created) {
    const delivery = config.smtpUrl
      ? 'Письмо уйдёт, когда работает сервер Crema (он отправляет письма из очереди).'
      : `SMTP_URL не задан: письмо видно на ${config.publicUrl}/dev/mail/ при запущенном сервере.`;
    return (
      `Создана учётная запись ${result.email} (${role}), без пароля. ` +
      `На этот адрес поставлено в очередь письмо со ссылкой для создания пароля (действует ${RESTORE_TTL_MIN} минут; ` +
      `позже новую ссылку даст «Забыли пароль?» на сайте). ${delivery}`
    );
  }
  const words = { staff: 'сотрудник школы', owner: 'владелец курсов' };
  const change =
    result.raised.length > 0
      ? `Добавлены права: ${result.raised.map((r) => words[r]).join(', ')}. Теперь: ${role}.`
      : `Права не изменились: ${role}.`;
  return `Учётная запись ${result.email} уже есть. ${change} Пароль не менялся, письмо не отправлялось.`;
}
