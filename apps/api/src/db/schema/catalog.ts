import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, RU_COLLATION, ruText, seoColumns, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** Who a category and its courses are for. */
export const audienceEnum = pgEnum('audience', ['adult', 'kids']);
/** How a course or a group is taught. */
export const courseFormatEnum = pgEnum('course_format', ['online', 'offline', 'blended']);
export const courseLevelEnum = pgEnum('course_level', ['beginner', 'intermediate', 'advanced']);
/** 'list' attributes take values from attribute_values; 'text' and 'number' ones a free value. */
export const attributeTypeEnum = pgEnum('attribute_type', ['text', 'list', 'number']);
/** A review's state (decision 0073): 'new' waits for staff, 'published' is on the site, 'hidden' is not. */
export const reviewStatusEnum = pgEnum('review_status', ['new', 'published', 'hidden']);

/** PostgreSQL full-text document; only ever written by the database (generated columns). */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

/**
 * SQL turning `text` (an SQL expression) into a Russian-stemmed search document of one weight.
 * Anything but letters and digits becomes a space first: the database's text parser would
 * otherwise keep punctuation like '«' or '»' inside words ('«никогда' ≠ 'никогда'). The
 * catalogue search splits the visitor's words the same way, and both sides fold 'ё' into 'е'.
 * Immutable throughout, so it can back a generated column.
 */
export function searchDocument(text: SQL, weight: 'A' | 'B' | 'C'): SQL {
  return sql`setweight(to_tsvector('russian'::regconfig, translate(regexp_replace(${text} COLLATE "${sql.raw(RU_COLLATION)}", '[^[:alnum:]]+', ' ', 'g'), 'ёЁ', 'еЕ')), ${sql.raw(`'${weight}'`)})`;
}

/**
 * A course's catalogue search document: title (A), short description (B) and the description
 * without HTML tags and entities (C). The category's name lives in another table and is added
 * at query time.
 */
const courseSearchDocument = sql.join(
  [
    searchDocument(sql.raw(`coalesce(title, '')`), 'A'),
    searchDocument(sql.raw(`coalesce(short_description, '')`), 'B'),
    searchDocument(
      sql.raw(`regexp_replace(regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'), '&#?[a-zA-Z0-9]+;', ' ', 'g')`),
      'C',
    ),
  ],
  sql` || `,
);

/** A catalogue category ('Бариста', 'Юный бариста' …); /courses/?category={id}. */
export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: ruText().notNull(),
    slug: text().notNull().unique(),
    audience: audienceEnum().notNull(),
    description: text(),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.audience, t.sort)],
);

/** A course: its public card and page, and the root of its modules, lessons and tests. */
export const courses = pgTable(
  'courses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    title: ruText().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** A children's course; matches its category's audience. */
    isKids: boolean().notNull().default(false),
    /** One or two sentences for the catalogue card. */
    shortDescription: text(),
    /** Full description (HTML) for the course page. */
    description: text(),
    /** Price in kopecks; null = free or price on request. */
    priceKopecks: integer(),
    /** Price before the discount, in kopecks, shown crossed out. */
    oldPriceKopecks: integer(),
    /** Total study time in academic hours; the catalogue's duration filter (total_min/max_duration) works on it. */
    durationHours: integer(),
    /** Duration as shown to people, e.g. '3 недели, 6 занятий'. */
    durationText: text(),
    /**
     * The learners' age range in full years (a children's course: 10 and 14 for '10–14 лет'); null
     * at either end = no limit. The order and the application check a child's birth date against it.
     */
    ageMin: integer(),
    ageMax: integer(),
    format: courseFormatEnum().notNull().default('online'),
    level: courseLevelEnum().notNull().default('beginner'),
    image: text(),
    isPublished: boolean().notNull().default(false),
    /** Shown on the home page. */
    isFeatured: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    ...seoColumns(),
    /** The course owner who may edit it in /admin/. */
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Catalogue search document (see courseSearchDocument); read-only. */
    searchVector: tsvector().generatedAlwaysAs(courseSearchDocument),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.categoryId),
    index().on(t.ownerId),
    index().on(t.isPublished, t.sort),
    index('courses_search_vector_idx').using('gin', t.searchVector),
    check('courses_price_non_negative', sql`${t.priceKopecks} >= 0 and ${t.oldPriceKopecks} >= 0`),
    check('courses_duration_positive', sql`${t.durationHours} > 0`),
    check('courses_age_range', sql`${t.ageMin} >= 1 and ${t.ageMax} <= 99 and ${t.ageMin} <= ${t.ageMax}`),
  ],
);

/**
 * Invitation links a course owner hands out (/admin/courses/{id}/links/): whoever opens one
 * signs in (POST /api/auth/token/invitation/) and gets access to the course.
 */
export const courseLinks = pgTable(
  'course_links',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** What the owner called the link, e.g. 'Группа корпоративного клиента'. */
    title: text(),
    /** Random, unguessable token that is part of the link. */
    token: text().notNull().unique(),
    /** How many people may use it; null = unlimited. */
    usesLimit: integer(),
    usesCount: integer().notNull().default(0),
    /** Access granted through the link ends at this instant; null = no end. */
    accessUntil: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.courseId)],
);

/** A course property ('Формат', 'Уровень', 'Для кого' …); its flags decide where it is shown. */
export const attributes = pgTable('attributes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  /** Shown as a tab on the course page. */
  isTab: boolean().notNull().default(false),
  /** Offered as a catalogue filter. */
  isFilter: boolean().notNull().default(false),
  /** Shown in the grouped list of course properties. */
  isGroup: boolean().notNull().default(false),
  /** Shown next to the course title (card and header). */
  isTitle: boolean().notNull().default(false),
  type: attributeTypeEnum().notNull().default('text'),
  sort: integer().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The allowed values of a 'list' attribute. */
export const attributeValues = pgTable(
  'attribute_values',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    attributeId: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [
    unique('attribute_values_attribute_id_value_unique').on(t.attributeId, t.value),
    // Target of course_attributes' composite key, so a value always belongs to its attribute.
    unique('attribute_values_id_attribute_id_unique').on(t.id, t.attributeId),
  ],
);

/** A course's value of an attribute: a list value, or free text for 'text'/'number' attributes. */
export const courseAttributes = pgTable(
  'course_attributes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    attributeId: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    attributeValueId: integer(),
    /** Free value (HTML allowed for tabs) when the attribute is not a list. */
    value: text(),
    sort: integer().notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'course_attributes_attribute_value_fk',
      columns: [t.attributeValueId, t.attributeId],
      foreignColumns: [attributeValues.id, attributeValues.attributeId],
    }).onDelete('cascade'),
    unique('course_attributes_course_attribute_value_unique')
      .on(t.courseId, t.attributeId, t.attributeValueId)
      .nullsNotDistinct(),
    index().on(t.attributeId),
    index().on(t.attributeValueId),
    check('course_attributes_one_value', sql`num_nonnulls(${t.attributeValueId}, ${t.value}) = 1`),
  ],
);

/** A teacher of the school, shown on the home page, the non-school site and course pages. */
export const teachers = pgTable(
  'teachers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    lastName: ruText().notNull(),
    firstName: ruText().notNull(),
    /** e.g. 'Q-грейдер, руководитель обжарочного цеха'. */
    position: text(),
    bio: text(),
    photo: text(),
    onMain: boolean().notNull().default(false),
    onNoschool: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    /** Grows with every staff edit: a form saved from an older version answers 409 (decision 0073). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.sort)],
);

/** Who teaches a course. */
export const courseTeachers = pgTable(
  'course_teachers',
  {
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    teacherId: integer()
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.teacherId] }), index().on(t.teacherId)],
);

/**
 * A graduate's review, optionally about one course. A learner's own (decision 0073) has its author
 * and comes in 'new'; only 'published' ones are on the site and count in a course's rating.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer().references(() => courses.id, { onDelete: 'set null' }),
    /** The learner who wrote it on the site; none for reviews the school added. */
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The author's name as shown. */
    name: text().notNull(),
    rating: smallint().notNull(),
    text: text().notNull(),
    publishedAt: date({ mode: 'string' }).notNull(),
    onMain: boolean().notNull().default(false),
    onNoschool: boolean().notNull().default(false),
    status: reviewStatusEnum().notNull().default('published'),
    /** The school's answer, shown under the review on the site. */
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    /** Grows with every staff edit: a form saved from an older version answers 409. */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.courseId),
    index().on(t.publishedAt),
    index().on(t.status, t.createdAt),
    /** One review per learner per course. */
    unique('reviews_author_course_unique').on(t.authorId, t.courseId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export type Category = typeof categories.$inferSelect;
export type Course = typeof courses.$inferSelect;
export type NewCourse = typeof courses.$inferInsert;
export type CourseLink = typeof courseLinks.$inferSelect;
export type Attribute = typeof attributes.$inferSelect;
export type AttributeValue = typeof attributeValues.$inferSelect;
export type CourseAttribute = typeof courseAttributes.$inferSelect;
export type Teacher = typeof teachers.$inferSelect;
export type Review = typeof reviews.$inferSelect;
