import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../lib/session.ts';
import { DROPDOWN_LINKS, SIDEBAR_ITEMS, visibleLinks, type AccountLink } from './menu.ts';

const person = (roles: Partial<Pick<SessionUser, 'is_curator' | 'is_course_owner' | 'is_staff'>>): SessionUser => ({
  id: 1,
  email: 'person@example.ru',
  first_name: null,
  last_name: null,
  is_course_owner: false,
  is_staff: false,
  is_curator: false,
  ...roles,
});

const sidebarLinks = (user: SessionUser) => SIDEBAR_ITEMS.flatMap((item) => visibleLinks(user, 'links' in item ? item.links : [item as AccountLink]));
const CHECK = 'Проверка заданий';

describe("the account menus' 'Проверка заданий'", () => {
  it('is shown to curators, course owners and staff, in the dropdown and the sidebar', () => {
    for (const roles of [{ is_curator: true }, { is_course_owner: true }, { is_staff: true }]) {
      expect(visibleLinks(person(roles), DROPDOWN_LINKS).map((l) => l.label)).toContain(CHECK);
      expect(sidebarLinks(person(roles)).map((l) => l.label)).toContain(CHECK);
    }
  });

  it('is not shown to a learner, and a curator sees no admin links', () => {
    expect(visibleLinks(person({}), DROPDOWN_LINKS).map((l) => l.label)).not.toContain(CHECK);
    expect(sidebarLinks(person({})).map((l) => l.label)).not.toContain(CHECK);
    expect(visibleLinks(person({ is_curator: true }), DROPDOWN_LINKS).map((l) => l.label)).not.toContain('Администрирование');
  });
});
