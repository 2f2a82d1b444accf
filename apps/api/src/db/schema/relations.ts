// Relations for the relational query API (`db.query.x.findMany({ with: … })`). They add no
// constraints: the foreign keys live with the tables.
import { relations } from 'drizzle-orm';
import { authCodes, refreshTokens } from './auth.ts';
import {
  attributes,
  attributeValues,
  categories,
  courseAttributes,
  courseLinks,
  courses,
  courseTeachers,
  reviews,
  teachers,
} from './catalog.ts';
import {
  courseSubsections,
  menuItems,
  menus,
  pageBlocks,
  pages,
  statisticsSources,
  subsections,
} from './content.ts';
import { feedbackFormFields, feedbackForms, feedbackSubmissions } from './forms.ts';
import { groupMembers, groupSchedules } from './group-sessions.ts';
import { groups } from './groups.ts';
import {
  answers,
  courseModules,
  courseSessions,
  lessonBlocks,
  lessonProgress,
  lessons,
  questions,
  testAttempts,
  tests,
  userCourses,
} from './learning.ts';
import { orders, orderStudents, payments } from './orders.ts';
import { socialAccounts, students, userDocuments, users } from './users.ts';

// content

export const menusRelations = relations(menus, ({ many }) => ({
  items: many(menuItems),
}));

export const menuItemsRelations = relations(menuItems, ({ one, many }) => ({
  menu: one(menus, { fields: [menuItems.menuId], references: [menus.id] }),
  parent: one(menuItems, {
    fields: [menuItems.parentId],
    references: [menuItems.id],
    relationName: 'menu_item_children',
  }),
  children: many(menuItems, { relationName: 'menu_item_children' }),
  page: one(pages, { fields: [menuItems.pageId], references: [pages.id] }),
}));

export const pagesRelations = relations(pages, ({ many }) => ({
  blocks: many(pageBlocks),
  menuItems: many(menuItems),
}));

export const pageBlocksRelations = relations(pageBlocks, ({ one }) => ({
  page: one(pages, { fields: [pageBlocks.pageId], references: [pages.id] }),
}));

export const subsectionsRelations = relations(subsections, ({ many }) => ({
  courseSubsections: many(courseSubsections),
}));

export const courseSubsectionsRelations = relations(courseSubsections, ({ one }) => ({
  course: one(courses, { fields: [courseSubsections.courseId], references: [courses.id] }),
  subsection: one(subsections, { fields: [courseSubsections.subsectionId], references: [subsections.id] }),
}));

export const statisticsSourcesRelations = relations(statisticsSources, ({ many }) => ({
  orders: many(orders),
}));

// catalog

export const categoriesRelations = relations(categories, ({ many }) => ({
  courses: many(courses),
}));

export const coursesRelations = relations(courses, ({ one, many }) => ({
  category: one(categories, { fields: [courses.categoryId], references: [categories.id] }),
  owner: one(users, { fields: [courses.ownerId], references: [users.id] }),
  modules: many(courseModules),
  tests: many(tests),
  courseAttributes: many(courseAttributes),
  courseTeachers: many(courseTeachers),
  courseSubsections: many(courseSubsections),
  links: many(courseLinks),
  reviews: many(reviews),
  userCourses: many(userCourses),
  groups: many(groups),
  orders: many(orders),
}));

export const courseLinksRelations = relations(courseLinks, ({ one }) => ({
  course: one(courses, { fields: [courseLinks.courseId], references: [courses.id] }),
  createdBy: one(users, { fields: [courseLinks.createdById], references: [users.id] }),
}));

export const attributesRelations = relations(attributes, ({ many }) => ({
  values: many(attributeValues),
  courseAttributes: many(courseAttributes),
}));

export const attributeValuesRelations = relations(attributeValues, ({ one, many }) => ({
  attribute: one(attributes, { fields: [attributeValues.attributeId], references: [attributes.id] }),
  courseAttributes: many(courseAttributes),
}));

export const courseAttributesRelations = relations(courseAttributes, ({ one }) => ({
  course: one(courses, { fields: [courseAttributes.courseId], references: [courses.id] }),
  attribute: one(attributes, { fields: [courseAttributes.attributeId], references: [attributes.id] }),
  attributeValue: one(attributeValues, {
    fields: [courseAttributes.attributeValueId],
    references: [attributeValues.id],
  }),
}));

export const teachersRelations = relations(teachers, ({ many }) => ({
  courseTeachers: many(courseTeachers),
  groups: many(groups),
}));

export const courseTeachersRelations = relations(courseTeachers, ({ one }) => ({
  course: one(courses, { fields: [courseTeachers.courseId], references: [courses.id] }),
  teacher: one(teachers, { fields: [courseTeachers.teacherId], references: [teachers.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  course: one(courses, { fields: [reviews.courseId], references: [courses.id] }),
}));

// users and auth

export const usersRelations = relations(users, ({ one, many }) => ({
  documents: one(userDocuments),
  students: many(students),
  socialAccounts: many(socialAccounts),
  refreshTokens: many(refreshTokens),
  userCourses: many(userCourses),
  orders: many(orders),
  ownedCourses: many(courses),
  feedbackSubmissions: many(feedbackSubmissions),
}));

export const userDocumentsRelations = relations(userDocuments, ({ one }) => ({
  user: one(users, { fields: [userDocuments.userId], references: [users.id] }),
}));

export const studentsRelations = relations(students, ({ one, many }) => ({
  user: one(users, { fields: [students.userId], references: [users.id] }),
  userCourses: many(userCourses),
  orderStudents: many(orderStudents),
}));

export const socialAccountsRelations = relations(socialAccounts, ({ one }) => ({
  user: one(users, { fields: [socialAccounts.userId], references: [users.id] }),
}));

export const refreshTokensRelations = relations(refreshTokens, ({ one }) => ({
  user: one(users, { fields: [refreshTokens.userId], references: [users.id] }),
}));

export const authCodesRelations = relations(authCodes, ({ one }) => ({
  order: one(orders, { fields: [authCodes.orderId], references: [orders.id] }),
}));

// learning

export const courseModulesRelations = relations(courseModules, ({ one, many }) => ({
  course: one(courses, { fields: [courseModules.courseId], references: [courses.id] }),
  lessons: many(lessons),
  tests: many(tests),
}));

export const lessonsRelations = relations(lessons, ({ one, many }) => ({
  module: one(courseModules, { fields: [lessons.moduleId], references: [courseModules.id] }),
  blocks: many(lessonBlocks),
  progress: many(lessonProgress),
  groupSchedules: many(groupSchedules),
}));

export const lessonBlocksRelations = relations(lessonBlocks, ({ one }) => ({
  lesson: one(lessons, { fields: [lessonBlocks.lessonId], references: [lessons.id] }),
}));

export const testsRelations = relations(tests, ({ one, many }) => ({
  course: one(courses, { fields: [tests.courseId], references: [courses.id] }),
  module: one(courseModules, { fields: [tests.moduleId], references: [courseModules.id] }),
  questions: many(questions),
  attempts: many(testAttempts),
  groupSchedules: many(groupSchedules),
}));

export const questionsRelations = relations(questions, ({ one, many }) => ({
  test: one(tests, { fields: [questions.testId], references: [tests.id] }),
  answers: many(answers),
}));

export const answersRelations = relations(answers, ({ one }) => ({
  question: one(questions, { fields: [answers.questionId], references: [questions.id] }),
}));

export const userCoursesRelations = relations(userCourses, ({ one, many }) => ({
  user: one(users, { fields: [userCourses.userId], references: [users.id] }),
  course: one(courses, { fields: [userCourses.courseId], references: [courses.id] }),
  order: one(orders, { fields: [userCourses.orderId], references: [orders.id] }),
  student: one(students, { fields: [userCourses.studentId], references: [students.id] }),
  sessions: many(courseSessions),
  lessonProgress: many(lessonProgress),
  testAttempts: many(testAttempts),
  groupMembers: many(groupMembers),
}));

export const courseSessionsRelations = relations(courseSessions, ({ one }) => ({
  userCourse: one(userCourses, { fields: [courseSessions.userCourseId], references: [userCourses.id] }),
}));

export const lessonProgressRelations = relations(lessonProgress, ({ one }) => ({
  userCourse: one(userCourses, { fields: [lessonProgress.userCourseId], references: [userCourses.id] }),
  lesson: one(lessons, { fields: [lessonProgress.lessonId], references: [lessons.id] }),
}));

export const testAttemptsRelations = relations(testAttempts, ({ one }) => ({
  userCourse: one(userCourses, { fields: [testAttempts.userCourseId], references: [userCourses.id] }),
  test: one(tests, { fields: [testAttempts.testId], references: [tests.id] }),
}));

// groups

export const groupsRelations = relations(groups, ({ one, many }) => ({
  course: one(courses, { fields: [groups.courseId], references: [courses.id] }),
  teacher: one(teachers, { fields: [groups.teacherId], references: [teachers.id] }),
  members: many(groupMembers),
  schedules: many(groupSchedules),
  orders: many(orders),
}));

export const groupMembersRelations = relations(groupMembers, ({ one }) => ({
  group: one(groups, { fields: [groupMembers.groupId], references: [groups.id] }),
  userCourse: one(userCourses, { fields: [groupMembers.userCourseId], references: [userCourses.id] }),
}));

export const groupSchedulesRelations = relations(groupSchedules, ({ one }) => ({
  group: one(groups, { fields: [groupSchedules.groupId], references: [groups.id] }),
  lesson: one(lessons, { fields: [groupSchedules.lessonId], references: [lessons.id] }),
  test: one(tests, { fields: [groupSchedules.testId], references: [tests.id] }),
}));

// forms

export const feedbackFormsRelations = relations(feedbackForms, ({ many }) => ({
  fields: many(feedbackFormFields),
  submissions: many(feedbackSubmissions),
}));

export const feedbackFormFieldsRelations = relations(feedbackFormFields, ({ one }) => ({
  form: one(feedbackForms, { fields: [feedbackFormFields.formId], references: [feedbackForms.id] }),
}));

export const feedbackSubmissionsRelations = relations(feedbackSubmissions, ({ one }) => ({
  form: one(feedbackForms, { fields: [feedbackSubmissions.formId], references: [feedbackForms.id] }),
  user: one(users, { fields: [feedbackSubmissions.userId], references: [users.id] }),
}));

// orders

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  course: one(courses, { fields: [orders.courseId], references: [courses.id] }),
  group: one(groups, { fields: [orders.groupId], references: [groups.id] }),
  statisticsSource: one(statisticsSources, {
    fields: [orders.statisticsSourceId],
    references: [statisticsSources.id],
  }),
  students: many(orderStudents),
  payments: many(payments),
  userCourses: many(userCourses),
  authCodes: many(authCodes),
}));

export const orderStudentsRelations = relations(orderStudents, ({ one }) => ({
  order: one(orders, { fields: [orderStudents.orderId], references: [orders.id] }),
  student: one(students, { fields: [orderStudents.studentId], references: [students.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
}));
