// The demo student's orders, payments, enrolments, lesson progress and test attempts.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import { demoClassmates, demoHomework, demoStudent } from './data/site.ts';
import type { HomeworkBlockData, SelectedAnswers } from '../schema/blocks.ts';
import { deadlineFrom } from '../../modules/homework/deadlines.ts';
import { correctAnswers, drawQuestions, markQuestion, scoreOf, type GradedQuestion, type SelectedValue } from '../../modules/learning/grading.ts';
import { loadQuestions } from '../../modules/learning/questions.ts';
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

  // The demo student studies four courses at different stages: the paid one half done, one granted
  // without an order and finished, one granted by an invitation yesterday and not opened yet, and
  // (as the parent) the child's course.
  const finishedCourse = course(required(freeSlug));
  const freshCourse = course(demoStudent.freshCourse);
  const enrolments = await tx
    .insert(s.userCourses)
    .values([
      { userId, courseId: selfCourse.id, orderId: selfOrderId, createdAt: ago(6) },
      { userId, courseId: finishedCourse.id, createdAt: ago(40) },
      { userId, courseId: freshCourse.id, createdAt: ago(1) },
      { userId, courseId: childCourse.id, orderId: childOrderId, studentId: childStudentId, createdAt: ago(3) },
    ])
    .returning({ id: s.userCourses.id, courseId: s.userCourses.courseId });
  const enrolmentOf = (courseId: number) => required(enrolments.find((e) => e.courseId === courseId)).id;

  // The first group of each course is the run under way (data/courses-*.ts): past sessions and upcoming ones.
  const selfGroup = ctx.groupIds.get(required(selfSlug))?.[0];
  const childGroup = ctx.groupIds.get(demoStudent.childCourse)?.[0];
  await tx.insert(s.groupMembers).values([
    ...(selfGroup ? [{ groupId: selfGroup, userCourseId: enrolmentOf(selfCourse.id) }] : []),
    ...(childGroup ? [{ groupId: childGroup, userCourseId: enrolmentOf(childCourse.id) }] : []),
  ]);
  if (selfGroup) await seedClassmates(tx, selfGroup, selfCourse.id, demoClassmates.adults.map((adult) => ({ account: adult })));
  if (childGroup) await seedClassmates(tx, childGroup, childCourse.id, demoClassmates.children.map(({ parent, child }) => ({ account: parent, child })));

  // Half done: the first module read, its test failed once and then passed; the second module's
  // first lesson opened on page 1 of 2 (where «continue» leads).
  const selfEnrolment = enrolmentOf(selfCourse.id);
  const firstModuleLessons = selfCourse.lessons.slice(0, 3);
  await recordLessons(tx, selfEnrolment, firstModuleLessons, (i) => ago(6 - i));
  const nextLesson = required(selfCourse.lessons[3], 'the second module of the paid course');
  await tx.insert(s.lessonProgress).values({ userCourseId: selfEnrolment, lessonId: nextLesson.id, status: 'partially_completed', lastPage: 1, createdAt: ago(2), updatedAt: ago(2) });
  const firstTest = required(selfCourse.moduleTests[0], 'the first module test of the paid course');
  // The failed attempt got only the first question right; the passed one all of them.
  await recordAttempt(tx, selfEnrolment, firstTest.id, { number: 1, startedAt: ago(4), minutes: 5, right: (i) => i === 0 });
  await recordAttempt(tx, selfEnrolment, firstTest.id, { number: 2, startedAt: ago(3), minutes: 4, right: () => true });

  // Finished: every lesson to its last page, and the final test passed.
  const finishedEnrolment = enrolmentOf(finishedCourse.id);
  await recordLessons(tx, finishedEnrolment, finishedCourse.lessons, (i) => ago(38 - 2 * i));
  for (const [i, test] of finishedCourse.moduleTests.entries()) {
    await recordAttempt(tx, finishedEnrolment, test.id, { number: 1, startedAt: ago(30 - i), minutes: 5, right: () => true });
  }
  const finalTest = required(finishedCourse.finalTest, 'the final test of the finished course');
  await recordAttempt(tx, finishedEnrolment, finalTest.id, { number: 1, startedAt: ago(25), minutes: 7, right: () => true });

  // The child's course, studied by the parent as the child: the first lesson read, the second opened,
  // the first module's test failed and then passed.
  const childEnrolment = enrolmentOf(childCourse.id);
  await recordLessons(tx, childEnrolment, childCourse.lessons.slice(0, 1), () => ago(2));
  const childNext = required(childCourse.lessons[1], 'the second lesson of the child course');
  await tx.insert(s.lessonProgress).values({ userCourseId: childEnrolment, lessonId: childNext.id, status: 'partially_completed', lastPage: 1, createdAt: ago(1), updatedAt: ago(1) });
  // The first module's test, failed two days ago and passed yesterday: the child's scores over time (decision 0033).
  const childTest = required(childCourse.moduleTests[0], 'the first module test of the child course');
  await recordAttempt(tx, childEnrolment, childTest.id, { number: 1, startedAt: ago(2), minutes: 3, right: (i) => i === 0 });
  await recordAttempt(tx, childEnrolment, childTest.id, { number: 2, startedAt: ago(1), minutes: 2, right: () => true });

  await seedHomeworkAnswer(tx, course(demoHomework.course), now);
}

/** demoHomework: the classmate's enrolment, the lesson opened two days ago, the answer sent 20 hours ago. */
async function seedHomeworkAnswer(tx: Executor, latte: SeededCourse, now: Date): Promise<void> {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const lesson = required(latte.lessons.find((l) => l.title === demoHomework.lesson), `the lesson ${demoHomework.lesson}`);
  const [block] = await tx
    .select({ id: s.lessonBlocks.id, data: s.lessonBlocks.data })
    .from(s.lessonBlocks)
    .where(and(eq(s.lessonBlocks.lessonId, lesson.id), eq(s.lessonBlocks.type, 'homework')));
  const [user] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, demoHomework.learner));
  const userId = required(user, demoHomework.learner).id;
  const opened = hoursAgo(48);
  const sentAt = hoursAgo(20);
  const [enrolment] = await tx.insert(s.userCourses).values({ userId, courseId: latte.id, createdAt: opened }).returning({ id: s.userCourses.id });
  const userCourseId = required(enrolment).id;
  await tx.insert(s.lessonProgress).values({ userCourseId, lessonId: lesson.id, status: 'partially_completed', lastPage: 1, createdAt: opened, updatedAt: sentAt });
  const task = required(block, 'the homework of the lesson').data as HomeworkBlockData;
  const [submission] = await tx
    .insert(s.homeworkSubmissions)
    .values({ blockId: required(block).id, lessonId: lesson.id, userCourseId, status: 'sent', sentAt, deadlineAt: deadlineFrom(task.deadline, opened), createdAt: sentAt, updatedAt: sentAt })
    .returning({ id: s.homeworkSubmissions.id });
  await tx.insert(s.homeworkMessages).values({ submissionId: required(submission).id, authorId: userId, role: 'learner', text: demoHomework.text, createdAt: sentAt });
}

/** Classmates in a group: an account each (a child under their parent's), enrolled, a member, their seat held. */
async function seedClassmates(
  tx: Executor,
  groupId: number,
  courseId: number,
  people: { account: { lastName: string; firstName: string; email: string }; child?: { lastName: string; firstName: string; dateBirth: string } }[],
): Promise<void> {
  for (const { account, child } of people) {
    const [user] = await tx.insert(s.users).values({ ...account, emailVerifiedAt: new Date() }).returning({ id: s.users.id });
    const userId = required(user).id;
    const [student] = child ? await tx.insert(s.students).values({ userId, studentType: 'child', ...child }).returning({ id: s.students.id }) : [];
    const [enrolment] = await tx.insert(s.userCourses).values({ userId, courseId, studentId: student?.id ?? null }).returning({ id: s.userCourses.id });
    await tx.insert(s.groupMembers).values({ groupId, userCourseId: required(enrolment).id });
  }
  await tx.update(s.groups).set({ seatsHeld: sql`${s.groups.seatsHeld} + ${people.length}` }).where(eq(s.groups.id, groupId));
}

/** Lessons read to their last page, as opening every page would have recorded them. */
async function recordLessons(
  tx: Executor,
  userCourseId: number,
  lessons: SeededCourse['lessons'],
  completedAt: (index: number) => Date,
): Promise<void> {
  if (lessons.length === 0) return;
  await tx.insert(s.lessonProgress).values(
    lessons.map((lesson, i) => ({
      userCourseId,
      lessonId: lesson.id,
      status: 'completed' as const,
      lastPage: lesson.pages,
      completedAt: completedAt(i),
      // First opened and last moved on when read through: what the statistics count by (decision 0033).
      createdAt: completedAt(i),
      updatedAt: completedAt(i),
    })),
  );
}

/**
 * A finished attempt made the way the quiz engine makes one: questions drawn by their probability
 * (decision 0028), the right answers chosen for the questions `right` picks (by position) and a
 * wrong or empty one for the rest, marked and scored by the engine's own grading.
 */
async function recordAttempt(
  tx: Executor,
  userCourseId: number,
  testId: number,
  attempt: { number: number; startedAt: Date; minutes: number; right: (index: number) => boolean },
): Promise<void> {
  const [test] = await tx.select().from(s.tests).where(eq(s.tests.id, testId));
  const { passScore, timeLimitMinutes } = required(test, `test ${testId}`);
  const drawn = drawQuestions([...(await loadQuestions(tx, testId)).values()]);
  const selected: SelectedAnswers = {};
  const marks: Record<string, number> = {};
  for (const [i, question] of drawn.entries()) {
    const value = attempt.right(i) ? rightAnswer(question) : wrongAnswer(question);
    if (value !== undefined) selected[String(question.id)] = value;
    marks[String(question.id)] = markQuestion(question, value);
  }
  const score = scoreOf(Object.values(marks));
  await tx.insert(s.testAttempts).values({
    userCourseId,
    testId,
    number: attempt.number,
    questionIds: drawn.map((q) => q.id),
    selectedAnswers: selected,
    score,
    isPassed: score >= passScore,
    marks,
    status: 'completed',
    startedAt: attempt.startedAt,
    deadlineAt: timeLimitMinutes ? new Date(attempt.startedAt.getTime() + timeLimitMinutes * 60_000) : null,
    finishedAt: new Date(attempt.startedAt.getTime() + attempt.minutes * 60_000),
  });
}

function rightAnswer(question: GradedQuestion): SelectedValue {
  const right = correctAnswers(question);
  return question.type === 'text' ? String(right[0] ?? '') : (right as number[] | [number, number][]);
}

/** A plausible mistake: a wrong option, a wrong word, the match pairs crossed; left out when there is none. */
function wrongAnswer(question: GradedQuestion): SelectedValue | undefined {
  switch (question.type) {
    case 'single':
    case 'multiple': {
      const wrong = question.answers.find((a) => !a.isCorrect);
      return wrong ? [wrong.id] : undefined;
    }
    case 'text':
      return 'не помню';
    case 'match': {
      const pairs = correctAnswers(question) as [number, number][];
      return pairs.map(([left], i) => [left, pairs[(i + 1) % pairs.length]![1]] as [number, number]);
    }
  }
}
