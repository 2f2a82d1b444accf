import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  CourseAttribute,
  CourseCard,
  CourseDetail,
  CourseFilter,
  CourseProgram,
  CoursesResponse,
  COURSE_ORDERINGS,
  ImageOpts,
} from '@crema/contract';
import type { Db } from '../../db/client.ts';
import {
  attributes,
  attributeValues,
  categories,
  courseAttributes,
  courseModules,
  courses,
  courseSubsections,
  courseTeachers,
  lessons,
  reviews,
  searchDocument,
  teachers,
  tests,
} from '../../db/schema/index.ts';
import { findOne } from '../../db/find.ts';
import { perDb, ShapeStatements } from '../../db/named.ts';
import type { MediaService } from '../media/images.ts';
import { toOg, toSeo } from './seo.ts';
import { searchWords, toTsQueryText } from './search.ts';
import { listAttributes } from './attributes.ts';
import { selectReviews, toReview } from './reviews.ts';
import { courseKeyCondition, publishedCourses, publishedReviews } from './scopes.ts';
import { teacherColumns, toTeacher } from './teachers.ts';

/** GET /api/courses/ query after validation. */
export interface CoursesFilter {
  categories?: number[];
  attributes?: number[];
  subsections?: number[];
  type?: 'adult' | 'kids';
  search?: string;
  min_duration?: number;
  max_duration?: number;
  featured?: boolean;
  ordering?: (typeof COURSE_ORDERINGS)[number];
  page: number;
  page_size: number;
  image_opts?: ImageOpts;
}

const uniqueSorted = (ids: number[] | undefined) => (ids?.length ? [...new Set(ids)].sort((a, b) => a - b) : undefined);

/**
 * The same query in one canonical form (ids de-duplicated and sorted, search words normalised),
 * so equal catalogue views share one cache entry.
 */
export function normaliseCoursesFilter(query: CoursesFilter): CoursesFilter {
  return {
    ...query,
    categories: uniqueSorted(query.categories),
    attributes: uniqueSorted(query.attributes),
    subsections: uniqueSorted(query.subsections),
    search: searchWords(query.search ?? '').join(' ') || undefined,
  };
}

// ---------------------------------------------------------------- matching

/**
 * Full-text document of a course row joined with its category (the category name weighs as B).
 * Matching this concatenation cannot use the GIN index on search_vector alone; for a catalogue of
 * tens to hundreds of courses the scan costs well under a millisecond. Should it grow to
 * thousands, copy the category name into courses and match search_vector by itself.
 */
const courseDocument = sql`(${courses.searchVector} || ${searchDocument(sql`${categories.name}`, 'B')})`;

/** What decides whether a course matches (paging and ordering do not). */
type MatchFilter = Omit<CoursesFilter, 'ordering' | 'page' | 'page_size' | 'image_opts'>;

/**
 * What the text of the catalogue's queries depends on: which filters are given and the ordering.
 * The queries of one shape are built once as named prepared statements (db/named.ts, decision
 * 0084) and run with the filter's values as placeholders.
 */
interface Shape {
  categories: boolean;
  type: boolean;
  featured: boolean;
  subsections: boolean;
  /** Exactly one collection: without an ordering, the list follows its own order. */
  oneSubsection: boolean;
  search: boolean;
  minDuration: boolean;
  maxDuration: boolean;
  attributes: boolean;
  ordering: CoursesFilter['ordering'] | null;
}

function shapeOf(filter: MatchFilter & { ordering?: CoursesFilter['ordering'] }): Shape {
  return {
    categories: Boolean(filter.categories?.length),
    type: filter.type !== undefined,
    featured: filter.featured !== undefined,
    subsections: Boolean(filter.subsections?.length),
    oneSubsection: filter.subsections?.length === 1,
    search: toTsQueryText(filter.search) !== null,
    minDuration: filter.min_duration !== undefined,
    maxDuration: filter.max_duration !== undefined,
    attributes: Boolean(filter.attributes?.length),
    ordering: filter.ordering ?? null,
  };
}

/** The values of a shape's placeholders (the ones its text does not use are ignored). */
function valuesOf(filter: MatchFilter) {
  return {
    categories: filter.categories ?? [],
    kids: filter.type === 'kids',
    featured: filter.featured ?? false,
    subsections: filter.subsections ?? [],
    onlySubsection: filter.subsections?.[0] ?? 0,
    tsQuery: toTsQueryText(filter.search) ?? '',
    minDuration: filter.min_duration ?? 0,
    maxDuration: filter.max_duration ?? 0,
    attributes: filter.attributes ?? [],
  };
}

/**
 * Published courses matching every filter except the duration and attribute ones, with what the
 * list, the counts and the facets need to apply those two themselves:
 * - `in_duration`: inside min/max_duration;
 * - `missing`: the attributes among the selected values' attributes the course has none of
 *   (values: "or" within one attribute, "and" across attributes; empty = matches them all);
 * - `rank`: text-search rank (0 without a search).
 * Attribute value ids that belong to no attribute are ignored, so a stale shared link still
 * opens the catalogue.
 */
function matchedCourses(db: Db, shape: Shape) {
  const tsQuery = shape.search ? sql`to_tsquery('russian'::regconfig, ${sql.placeholder('tsQuery')})` : null;
  const conditions: (SQL | undefined)[] = [
    publishedCourses,
    shape.categories ? sql`${courses.categoryId} = any(${sql.placeholder('categories')}::int[])` : undefined,
    shape.type ? eq(courses.isKids, sql.placeholder('kids')) : undefined,
    shape.featured ? eq(courses.isFeatured, sql.placeholder('featured')) : undefined,
    shape.subsections
      ? sql`exists (select 1 from ${courseSubsections} where ${courseSubsections.courseId} = ${courses.id} and ${courseSubsections.subsectionId} = any(${sql.placeholder('subsections')}::int[]))`
      : undefined,
    // A query of stop words only ('и', 'для') has no lexemes: it filters nothing.
    tsQuery ? sql`(numnode(${tsQuery}) = 0 or ${courseDocument} @@ ${tsQuery})` : undefined,
  ];
  const duration = and(
    shape.minDuration ? sql`${courses.durationHours} >= ${sql.placeholder('minDuration')}` : undefined,
    shape.maxDuration ? sql`${courses.durationHours} <= ${sql.placeholder('maxDuration')}` : undefined,
  );
  const values = shape.attributes ? sql`${sql.placeholder('attributes')}::int[]` : null;
  const missing = values
    ? sql`array(
        select v.attribute_id from ${attributeValues} v where v.id = any(${values})
        except
        select v.attribute_id from ${courseAttributes} ca join ${attributeValues} v on v.id = ca.attribute_value_id
        where ca.course_id = ${courses.id} and ca.attribute_value_id = any(${values}))`
    : sql`'{}'::int[]`;
  // Field names are unique across the joined tables: Drizzle refers to them unqualified.
  return db.$with('matched').as(
    db
      .select({
        id: sql<number>`${courses.id}`.as('matched_id'),
        durationHours: sql<number | null>`${courses.durationHours}`.as('matched_duration'),
        inDuration: sql<boolean>`${duration ?? sql`true`}`.as('matched_in_duration'),
        missing: sql<number[]>`${missing}`.as('matched_missing'),
        rank: sql<number>`${tsQuery ? sql`ts_rank(${courseDocument}, ${tsQuery})` : sql`0`}`.as('matched_rank'),
      })
      .from(courses)
      .innerJoin(categories, eq(categories.id, courses.categoryId))
      .where(and(...conditions)),
  );
}

type Matched = ReturnType<typeof matchedCourses>;
const matchesAll = (m: Matched) => sql`(${m.inDuration} and cardinality(${m.missing}) = 0)`;

function orderBy(shape: Shape, m: Matched): SQL[] {
  const bySort = [asc(courses.sort), asc(courses.title), asc(courses.id)];
  switch (shape.ordering ?? undefined) {
    case 'sort':
      return bySort;
    case 'price':
      return [sql`${courses.priceKopecks} asc nulls last`, ...bySort];
    case '-price':
      return [sql`${courses.priceKopecks} desc nulls last`, ...bySort];
    case 'title':
      return [asc(courses.title), asc(courses.id)];
    case 'duration':
      return [sql`${courses.durationHours} asc nulls last`, ...bySort];
    case '-created':
      return [desc(courses.createdAt), desc(courses.id)];
    case undefined: {
      // Best matches first when searching; one collection in its own order (decision 0072); otherwise the school's own order.
      if (shape.search) return [desc(m.rank), ...bySort];
      if (!shape.oneSubsection) return bySort;
      return [
        sql`(select ${courseSubsections.sort} from ${courseSubsections} where ${courseSubsections.courseId} = ${courses.id} and ${courseSubsections.subsectionId} = ${sql.placeholder('onlySubsection')}) asc nulls last`,
        ...bySort,
      ];
    }
  }
}

// ---------------------------------------------------------------- cards

const cardColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  isKids: courses.isKids,
  shortDescription: courses.shortDescription,
  priceKopecks: courses.priceKopecks,
  oldPriceKopecks: courses.oldPriceKopecks,
  durationHours: courses.durationHours,
  durationText: courses.durationText,
  format: courses.format,
  level: courses.level,
  image: courses.image,
  categoryId: categories.id,
  categoryName: categories.name,
  categorySlug: categories.slug,
  categoryAudience: categories.audience,
};
interface CardRow {
  id: number;
  slug: string;
  title: string;
  isKids: boolean;
  shortDescription: string | null;
  priceKopecks: number | null;
  oldPriceKopecks: number | null;
  durationHours: number | null;
  durationText: string | null;
  format: CourseCard['format'];
  level: CourseCard['level'];
  image: string | null;
  categoryId: number;
  categoryName: string;
  categorySlug: string;
  categoryAudience: CourseCard['category']['type'];
}

/** courseAttributesOf's query, the ids as one array: one prepared statement whatever their number. */
const attributesOfCourses = (db: Db, titleOnly: boolean) =>
  db
    .select({
      courseId: courseAttributes.courseId,
      id: attributes.id,
      name: attributes.name,
      slug: attributes.slug,
      isTab: attributes.isTab,
      isFilter: attributes.isFilter,
      isGroup: attributes.isGroup,
      isTitle: attributes.isTitle,
      valueId: courseAttributes.attributeValueId,
      value: sql<string>`coalesce(${attributeValues.value}, ${courseAttributes.value}, '')`,
    })
    .from(courseAttributes)
    .innerJoin(attributes, eq(attributes.id, courseAttributes.attributeId))
    .leftJoin(attributeValues, eq(attributeValues.id, courseAttributes.attributeValueId))
    .where(and(sql`${courseAttributes.courseId} = any(${sql.placeholder('courseIds')}::int[])`, titleOnly ? eq(attributes.isTitle, true) : undefined))
    .orderBy(asc(attributes.sort), asc(attributes.id), asc(courseAttributes.sort), asc(attributeValues.sort), asc(courseAttributes.id))
    .prepare(titleOnly ? 'catalog_title_attributes' : 'catalog_course_attributes');
const titleAttributesOf = perDb((db) => attributesOfCourses(db, true));
const allAttributesOf = perDb((db) => attributesOfCourses(db, false));

/** Attributes of the given courses, in attribute order; `titleOnly` keeps the is_title ones. */
async function courseAttributesOf(db: Db, courseIds: number[], titleOnly: boolean): Promise<Map<number, CourseAttribute[]>> {
  const byCourse = new Map<number, CourseAttribute[]>();
  if (courseIds.length === 0) return byCourse;
  const rows = await (titleOnly ? titleAttributesOf : allAttributesOf)(db).execute({ courseIds });
  for (const row of rows) {
    const list = byCourse.get(row.courseId) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      slug: row.slug,
      is_tab: row.isTab,
      is_filter: row.isFilter,
      is_group: row.isGroup,
      is_title: row.isTitle,
      value_id: row.valueId,
      value: row.value,
    });
    byCourse.set(row.courseId, list);
  }
  return byCourse;
}

async function toCard(media: MediaService, row: CardRow, titleAttributes: CourseAttribute[], imageOpts?: ImageOpts): Promise<CourseCard> {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    kids: row.isKids,
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug, type: row.categoryAudience },
    short_description: row.shortDescription,
    price: row.priceKopecks,
    old_price: row.oldPriceKopecks,
    duration_hours: row.durationHours,
    duration_text: row.durationText,
    format: row.format,
    level: row.level,
    image: await media.image(row.image, imageOpts),
    title_attributes: titleAttributes,
  };
}

// ---------------------------------------------------------------- filters

/** Catalogue filters: list attributes marked is_filter, with their values in order. */
async function filterDefinitions(db: Db): Promise<CourseFilter[]> {
  const filterable = await listAttributes(db, { is_filter: true });
  return filterable
    .filter((attribute) => attribute.type === 'list' && attribute.values.length > 0)
    .map((attribute) => ({
      id: attribute.id,
      name: attribute.name,
      slug: attribute.slug,
      param: 'attributes' as const,
      values: attribute.values.map((value) => ({ ...value, count: 0, selected: false })),
    }));
}

/**
 * Per attribute value, how many courses have it among those matching every other current
 * filter: the duration range and the selected values of the other attributes count, the value's
 * own attribute does not (so choosing 'Онлайн' still shows how many 'Очно' courses there are).
 */
function facetCountsQuery(db: Db, m: Matched) {
  return db
    .with(m)
    .select({ valueId: attributeValues.id, count: sql<number>`count(distinct ${m.id})::int` })
    .from(m)
    .innerJoin(courseAttributes, eq(courseAttributes.courseId, m.id))
    .innerJoin(attributeValues, eq(attributeValues.id, courseAttributes.attributeValueId))
    .where(
      and(
        m.inDuration,
        sql`(cardinality(${m.missing}) = 0 or ${m.missing} = array[${attributeValues.attributeId}])`,
      ),
    )
    .groupBy(attributeValues.id);
}

function withCounts(definitions: CourseFilter[], counts: Map<number, number>, selected: ReadonlySet<number>): CourseFilter[] {
  return definitions.map((filter) => ({
    ...filter,
    values: filter.values.map((value) => ({
      ...value,
      count: counts.get(value.id) ?? 0,
      selected: selected.has(value.id),
    })),
  }));
}

/** GET /api/courses/filters: every filter with its values counted over all published courses. */
export async function courseFilters(db: Db): Promise<CourseFilter[]> {
  const [definitions, counts] = await Promise.all([filterDefinitions(db), statementsOf(db, shapeOf({})).facets.execute(valuesOf({}))]);
  return withCounts(definitions, toCounts(counts), new Set());
}

// ---------------------------------------------------------------- list

const catalogStatements = new ShapeStatements<ReturnType<typeof buildStatements>>('catalog');

/** The list, count and facet queries of one shape, prepared (named unless past the shapes kept). */
function buildStatements(db: Db, shape: Shape, name: string | undefined) {
  const m = matchedCourses(db, shape);
  // Unnamed (undefined) past the shapes kept: Drizzle's ordinary one-off statement.
  const named = (suffix: string) => (name === undefined ? (undefined as unknown as string) : `${name}_${suffix}`);
  return {
    list: db
      .with(m)
      .select(cardColumns)
      .from(m)
      .innerJoin(courses, eq(courses.id, m.id))
      .innerJoin(categories, eq(categories.id, courses.categoryId))
      .where(matchesAll(m))
      .orderBy(...orderBy(shape, m))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(named('list')),
    stats: db
      .with(m)
      .select({
        count: sql<number>`(count(*) filter (where ${matchesAll(m)}))::int`,
        // The range ignores the duration filter itself, so the slider can always widen again.
        minDuration: sql<number | null>`min(${m.durationHours}) filter (where cardinality(${m.missing}) = 0)`,
        maxDuration: sql<number | null>`max(${m.durationHours}) filter (where cardinality(${m.missing}) = 0)`,
      })
      .from(m)
      .prepare(named('stats')),
    facets: facetCountsQuery(db, m).prepare(named('facets')),
  };
}

function statementsOf(db: Db, shape: Shape) {
  return catalogStatements.get(db, JSON.stringify(shape), (name) => buildStatements(db, shape, name));
}

const toCounts = (rows: { valueId: number; count: number }[]) => new Map(rows.map((row) => [row.valueId, row.count]));

/** GET /api/courses/: one page of matching published courses, the facets and the duration range. */
export async function listCourses(db: Db, media: MediaService, filter: CoursesFilter): Promise<CoursesResponse> {
  const statements = statementsOf(db, shapeOf(filter));
  const values = { ...valuesOf(filter), limit: filter.page_size, offset: (filter.page - 1) * filter.page_size };
  const [rows, [stats], definitions, counts] = await Promise.all([
    statements.list.execute(values),
    statements.stats.execute(values),
    filterDefinitions(db),
    statements.facets.execute(values).then(toCounts),
  ]);
  const titleAttributes = await courseAttributesOf(db, rows.map((row) => row.id), true);
  const count = stats?.count ?? 0;
  return {
    content: await Promise.all(rows.map((row) => toCard(media, row, titleAttributes.get(row.id) ?? [], filter.image_opts))),
    filters: withCounts(definitions, counts, new Set(filter.attributes)),
    total_min_duration: stats?.minDuration ?? null,
    total_max_duration: stats?.maxDuration ?? null,
    count,
    page: filter.page,
    page_size: filter.page_size,
    total_pages: Math.ceil(count / filter.page_size),
  };
}

// ---------------------------------------------------------------- one course

/** Published course modules with their published lessons and tests, then the final tests. */
async function courseProgram(db: Db, courseId: number): Promise<CourseProgram> {
  const [moduleRows, lessonRows, testRows] = await Promise.all([
    db
      .select({ id: courseModules.id, title: courseModules.title })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.sort), asc(courseModules.id)),
    db
      .select({ id: lessons.id, moduleId: lessons.moduleId, title: lessons.title, sort: lessons.sort })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(and(eq(courseModules.courseId, courseId), eq(lessons.isPublished, true))),
    db
      .select({ id: tests.id, moduleId: tests.moduleId, title: tests.name, sort: tests.sort })
      .from(tests)
      .where(and(eq(tests.courseId, courseId), eq(tests.isPublished, true))),
  ]);
  type Item = { id: number; title: string; type: 'lesson' | 'test'; sort: number };
  const byModule = new Map<number, Item[]>(moduleRows.map((module) => [module.id, []]));
  for (const row of lessonRows) byModule.get(row.moduleId)?.push({ id: row.id, title: row.title, type: 'lesson', sort: row.sort });
  for (const row of testRows) {
    if (row.moduleId !== null) byModule.get(row.moduleId)?.push({ id: row.id, title: row.title, type: 'test', sort: row.sort });
  }
  // Lessons and tests share one order within a module; on a tie the lesson comes first.
  const order = (a: Item, b: Item) => a.sort - b.sort || (a.type === b.type ? a.id - b.id : a.type === 'lesson' ? -1 : 1);
  return {
    modules: moduleRows.map((module) => ({
      id: module.id,
      title: module.title,
      content: (byModule.get(module.id) ?? []).sort(order).map(({ id, title, type }) => ({ id, title, type })),
    })),
    final_tests: testRows
      .filter((row) => row.moduleId === null)
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map(({ id, title }) => ({ id, title })),
  };
}

/** GET /api/courses/{slug or id}/: a published course with everything its page shows, or 404. */
export async function getCourse(db: Db, media: MediaService, key: string): Promise<CourseDetail> {
  const course = await findOne(
    db
      .select({
        ...cardColumns,
        description: courses.description,
        seoTitle: courses.seoTitle,
        seoDescription: courses.seoDescription,
        seoH1: courses.seoH1,
        seoKeywords: courses.seoKeywords,
        ogTitle: courses.ogTitle,
        ogDescription: courses.ogDescription,
        ogImage: courses.ogImage,
        ageMin: courses.ageMin,
        ageMax: courses.ageMax,
        updatedAt: courses.updatedAt,
      })
      .from(courses)
      .innerJoin(categories, eq(categories.id, courses.categoryId))
      .where(and(courseKeyCondition(key), publishedCourses))
      .orderBy(sql`${courses.slug} = ${key} desc`)
      .limit(1),
    'Курс не найден.',
  );

  const [attributesByCourse, program, teacherRows, reviewRows] = await Promise.all([
    courseAttributesOf(db, [course.id], false),
    courseProgram(db, course.id),
    db
      .select(teacherColumns)
      .from(courseTeachers)
      .innerJoin(teachers, eq(teachers.id, courseTeachers.teacherId))
      .where(eq(courseTeachers.courseId, course.id))
      .orderBy(asc(courseTeachers.sort), asc(teachers.id)),
    selectReviews(db)
      .where(and(eq(reviews.courseId, course.id), publishedReviews))
      .orderBy(desc(reviews.publishedAt), desc(reviews.id)),
  ]);
  const allAttributes = attributesByCourse.get(course.id) ?? [];
  const courseReviews = reviewRows.map(toReview);
  const ratingSum = courseReviews.reduce((sum, review) => sum + review.rating, 0);
  const card = await toCard(media, course, allAttributes.filter((a) => a.is_title));
  return {
    ...card,
    description: course.description,
    age: { min: course.ageMin, max: course.ageMax },
    og: await toOg(media, course, course.shortDescription, course.image),
    seo: toSeo(course, course.shortDescription),
    attributes: allAttributes,
    program,
    teachers: await Promise.all(teacherRows.map((row) => toTeacher(media, row))),
    reviews: courseReviews,
    rating: courseReviews.length
      ? { average: Math.round((ratingSum / courseReviews.length) * 10) / 10, count: courseReviews.length }
      : null,
    updated_at: course.updatedAt.toISOString(),
  };
}
