// The demo student's orders, payments, enrolments, progress and test attempt.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import { demoStudent } from './data/site.ts';
import type { SeededCourse } from './courses.ts';
import { daysBefore, orderCode, required } from './helpers.ts';

export async function seedStudentLearning(
  tx: Executor,
  ctx: {
    now: Date;
    userId: number;
    courses: Map<string, SeededCourse>;
    groupIds: Map<string, number[]>;
    sourceId: number;
  },
): Promise<void> {
  const { now, userId } = ctx;
  const ago = (days: number) => daysBefore(now, days);
  const course = (slug: string) => required(ctx.courses.get(slug), slug);
  const priceOf = (slug: string) => required(course(slug).priceKopecks, `price of ${slug}`);
  const { profile, child } = demoStudent;
  const payer = {
    payerLastName: profile.lastName,
    payerFirstName: profile.firstName,
    payerPatronymic: profile.patronymic,
    payerPhone: profile.phone,
    payerEmail: profile.email,
    consentPrivacy: true,
    consentPersonalData: true,
    statisticsSourceId: ctx.sourceId,
    userId,
  };
  const [selfSlug, freeSlug] = demoStudent.courses;

  // A paid order for the student's own course, a paid one for the child, one awaiting payment.
  const selfCourse = course(required(selfSlug));
  const selfAmount = priceOf(required(selfSlug));
  const [selfOrder] = await tx
    .insert(s.orders)
    .values({
      ...payer,
      code: orderCode(),
      courseId: selfCourse.id,
      groupId: ctx.groupIds.get(required(selfSlug))?.[0] ?? null,
      seatsHeld: ctx.groupIds.get(required(selfSlug))?.[0] ? 1 : 0,
      status: 'paid',
      amountKopecks: selfAmount,
      studyForSelf: true,
      consentAdvertising: true,
      createdAt: ago(6),
      confirmedAt: ago(6),
      paidAt: ago(6),
    })
    .returning({ id: s.orders.id });
  const selfOrderId = required(selfOrder).id;
  await tx.insert(s.payments).values({
    orderId: selfOrderId,
    provider: 'testbank',
    attemptId: randomUUID(),
    providerPaymentId: String(3_000_000_000 + randomBytes(3).readUIntBE(0, 3)),
    status: 'confirmed',
    amountKopecks: selfAmount,
    type: 'card',
    createdAt: ago(6),
  });

  const [childStudent] = await tx
    .insert(s.students)
    .values({ userId, studentType: 'child', ...child })
    .returning({ id: s.students.id });
  const childStudentId = required(childStudent).id;
  const childCourse = course(demoStudent.childCourse);
  const childAmount = priceOf(demoStudent.childCourse);
  const [childOrder] = await tx
    .insert(s.orders)
    .values({
      ...payer,
      code: orderCode(),
      courseId: childCourse.id,
      groupId: ctx.groupIds.get(demoStudent.childCourse)?.[0] ?? null,
      seatsHeld: ctx.groupIds.get(demoStudent.childCourse)?.[0] ? 1 : 0,
      status: 'paid',
      amountKopecks: childAmount,
      studyForSelf: false,
      createdAt: ago(3),
      confirmedAt: ago(3),
      paidAt: ago(3),
    })
    .returning({ id: s.orders.id });
  const childOrderId = required(childOrder).id;
  await tx.insert(s.orderStudents).values({
    orderId: childOrderId,
    studentId: childStudentId,
    fullName: `${child.lastName} ${child.firstName} ${child.patronymic}`,
    birthDate: child.dateBirth,
  });
  await tx.insert(s.payments).values({
    orderId: childOrderId,
    provider: 'testbank',
    attemptId: randomUUID(),
    providerPaymentId: String(3_000_000_000 + randomBytes(3).readUIntBE(0, 3)),
    status: 'confirmed',
    amountKopecks: childAmount,
    type: 'card',
    createdAt: ago(3),
  });

  await tx.insert(s.orders).values({
    ...payer,
    code: orderCode(),
    courseId: course('latte-art-basic').id,
    status: 'awaiting_payment',
    amountKopecks: priceOf('latte-art-basic'),
    studyForSelf: true,
    createdAt: ago(1),
    confirmedAt: ago(1),
  });

  // The paid orders hold their seats in their groups, as orders placed on the site do.
  for (const groupId of [ctx.groupIds.get(required(selfSlug))?.[0], ctx.groupIds.get(demoStudent.childCourse)?.[0]]) {
    if (groupId) await tx.update(s.groups).set({ seatsHeld: sql`${s.groups.seatsHeld} + 1` }).where(eq(s.groups.id, groupId));
  }

  const enrolments = await tx
    .insert(s.userCourses)
    .values([
      { userId, courseId: selfCourse.id, orderId: selfOrderId, createdAt: ago(6) },
      { userId, courseId: course(required(freeSlug)).id, createdAt: ago(40) },
      { userId, courseId: childCourse.id, orderId: childOrderId, studentId: childStudentId, createdAt: ago(3) },
    ])
    .returning({ id: s.userCourses.id, courseId: s.userCourses.courseId });
  const enrolmentOf = (courseId: number) => required(enrolments.find((e) => e.courseId === courseId)).id;

  const selfGroup = ctx.groupIds.get(required(selfSlug))?.[0];
  const childGroup = ctx.groupIds.get(demoStudent.childCourse)?.[0];
  await tx.insert(s.groupMembers).values([
    ...(selfGroup ? [{ groupId: selfGroup, userCourseId: enrolmentOf(selfCourse.id) }] : []),
    ...(childGroup ? [{ groupId: childGroup, userCourseId: enrolmentOf(childCourse.id) }] : []),
  ]);

  // Progress in the paid course: two lessons done, the third started, the first module test passed.
  const selfEnrolment = enrolmentOf(selfCourse.id);
  const [l1, l2, l3] = selfCourse.lessons;
  await tx.insert(s.lessonProgress).values([
    { userCourseId: selfEnrolment, lessonId: required(l1).id, status: 'completed', completedAt: ago(5) },
    { userCourseId: selfEnrolment, lessonId: required(l2).id, status: 'completed', completedAt: ago(4) },
    { userCourseId: selfEnrolment, lessonId: required(l3).id, status: 'partially_completed', lastPage: 1 },
  ]);
  const firstTest = selfCourse.moduleTests[0];
  if (firstTest) {
    await tx.insert(s.testAttempts).values({
      userCourseId: selfEnrolment,
      testId: firstTest.id,
      questionIds: firstTest.questions.map((q) => q.id),
      selectedAnswers: Object.fromEntries(firstTest.questions.map((q) => [String(q.id), q.correct])),
      score: 100,
      isPassed: true,
      status: 'completed',
      startedAt: ago(4),
      finishedAt: new Date(ago(4).getTime() + 6 * 60_000),
    });
  }
}
