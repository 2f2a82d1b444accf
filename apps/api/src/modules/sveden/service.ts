// 'Сведения об образовательной организации' (decision 0042): stored subsections, and
// 'Образование' / 'Педагогический состав' built from the published courses and their teachers.
import { asc, eq, inArray } from 'drizzle-orm';
import {
  SVEDEN_SECTIONS,
  svedenContentSchema,
  type SvedenAdminList,
  type SvedenContent,
  type SvedenNav,
  type SvedenProgramme,
  type SvedenSection,
  type SvedenSectionKey,
} from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courseTeachers, courses, svedenSections, teachers, users } from '../../db/schema/index.ts';
import type { StaffActor } from '../auth/actor.ts';
import { recordAudit } from '../audit/record.ts';
import { publishedCourses } from '../catalog/scopes.ts';

/** Subsections fed by the published courses (and their teachers) besides what staff store. */
const FROM_COURSES = new Set<SvedenSectionKey>(['education', 'employees']);
const EMPTY: SvedenContent = svedenContentSchema.parse({});

const FORM_LABELS = { online: 'Очная с применением дистанционных образовательных технологий', offline: 'Очная', blended: 'Очная, частично с применением дистанционных образовательных технологий' } as const;

export const svedenUrl = (key: SvedenSectionKey) => `/sveden/${key}/`;

/** Published courses with their teachers, in catalogue order: the programmes of 'Образование'. */
export async function listProgrammes(db: Executor): Promise<SvedenProgramme[]> {
  const rows = await db
    .select({ id: courses.id, slug: courses.slug, title: courses.title, isKids: courses.isKids, format: courses.format, durationText: courses.durationText, durationHours: courses.durationHours })
    .from(courses)
    .where(publishedCourses)
    .orderBy(asc(courses.sort), asc(courses.id));
  const ids = rows.map((r) => r.id);
  const taught = ids.length
    ? await db
        .select({ courseId: courseTeachers.courseId, lastName: teachers.lastName, firstName: teachers.firstName, position: teachers.position, bio: teachers.bio })
        .from(courseTeachers)
        .innerJoin(teachers, eq(teachers.id, courseTeachers.teacherId))
        .where(inArray(courseTeachers.courseId, ids))
        .orderBy(asc(courseTeachers.sort), asc(teachers.sort), asc(teachers.id))
    : [];
  return rows.map((course) => ({
    title: course.title,
    url: `/courses/${course.slug}/`,
    level: course.isKids ? 'Дополнительное образование детей и взрослых (дополнительная общеразвивающая программа для детей)' : 'Дополнительное образование детей и взрослых (дополнительная общеразвивающая программа)',
    form: FORM_LABELS[course.format],
    term: [course.durationText, course.durationHours ? `${course.durationHours} ак. ч.` : null].filter(Boolean).join(', ') || null,
    language: 'Русский',
    teachers: taught
      .filter((t) => t.courseId === course.id)
      .map((t) => ({ fio: `${t.lastName} ${t.firstName}`, post: t.position, bio: t.bio })),
  }));
}

function isFilled(content: SvedenContent, key: SvedenSectionKey, programmes: number): boolean {
  if (FROM_COURSES.has(key) && programmes > 0) return true;
  return !!content.intro || content.facts.length + content.groups.length + content.documents.length + content.add_refs.length > 0;
}

async function buildSections(db: Executor, keys: readonly SvedenSectionKey[]): Promise<SvedenSection[]> {
  const rows = await db.select().from(svedenSections).where(inArray(svedenSections.key, [...keys]));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const programmes = keys.some((k) => FROM_COURSES.has(k)) ? await listProgrammes(db) : [];
  return keys.map((key) => {
    const row = byKey.get(key);
    return {
      key,
      title: SVEDEN_SECTIONS.find((s) => s.key === key)!.title,
      // Stored content is re-read through the schema, so an older shape gets its defaults.
      content: row ? svedenContentSchema.parse(row.content) : EMPTY,
      programmes: FROM_COURSES.has(key) ? programmes : [],
      updated_at: row ? row.updatedAt.toISOString() : null,
    };
  });
}

const navOf = (sections: SvedenSection[]): SvedenNav =>
  sections.map((s) => ({ key: s.key, title: s.title, url: svedenUrl(s.key), is_filled: isFilled(s.content, s.key, s.programmes.length) }));

/** GET /api/sveden/: every subsection. */
export async function getSveden(db: Executor) {
  const sections = await buildSections(db, SVEDEN_SECTIONS.map((s) => s.key));
  return { nav: navOf(sections), sections };
}

/** GET /api/sveden/{key}/: one subsection with the navigation. */
export async function getSvedenSection(db: Executor, key: SvedenSectionKey) {
  const { nav, sections } = await getSveden(db);
  return { nav, section: sections.find((s) => s.key === key)! };
}

/** PUT /api/sveden/{key}/: replaces what the subsection stores (staff only). */
export async function saveSvedenSection(db: Executor, actor: StaffActor, key: SvedenSectionKey, content: SvedenContent) {
  const now = new Date();
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ content: svedenSections.content }).from(svedenSections).where(eq(svedenSections.key, key)).for('update');
    await tx
      .insert(svedenSections)
      .values({ key, content, updatedBy: actor.user.id, updatedAt: now })
      .onConflictDoUpdate({ target: svedenSections.key, set: { content, updatedBy: actor.user.id, updatedAt: now } });
    await recordAudit(tx, actor, {
      action: 'sveden.update',
      entity: 'sveden',
      entityId: key,
      summary: SVEDEN_SECTIONS.find((section) => section.key === key)?.title ?? key,
      before: before?.content ?? {},
      after: content,
    });
  });
  return getSvedenSection(db, key);
}

/**
 * GET /api/admin/sveden/: each subsection's state for the staff screen, with who wrote it last.
 * Staff only: the StaffActor is the proof, though the list itself does not depend on who asks.
 */
export async function listForStaff(db: Executor, _actor: StaffActor): Promise<SvedenAdminList> {
  const [{ sections }, editors] = await Promise.all([
    getSveden(db),
    db
      .select({ key: svedenSections.key, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(svedenSections)
      .leftJoin(users, eq(users.id, svedenSections.updatedBy)),
  ]);
  return sections.map((s) => {
    const editor = editors.find((e) => e.key === s.key);
    const name = editor ? [editor.lastName, editor.firstName].filter(Boolean).join(' ') || editor.email : null;
    const { facts, groups, documents, add_refs } = s.content;
    return {
      key: s.key,
      title: s.title,
      url: svedenUrl(s.key),
      is_filled: isFilled(s.content, s.key, s.programmes.length),
      from_courses: FROM_COURSES.has(s.key),
      items: facts.length + groups.length + documents.length + add_refs.length,
      updated_at: s.updated_at,
      updated_by: name ?? null,
    };
  });
}
