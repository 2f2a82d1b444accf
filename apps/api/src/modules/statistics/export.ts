// The export of my progress (decision 0033): per course, per module and per test attempt, as XLSX
// (three sheets, written by exceljs) or CSV (three sections; UTF-8 with a BOM and ';' between
// fields, which Excel in a Russian locale opens as columns with the Cyrillic intact). Dates
// dd.mm.yyyy in Moscow time, a Russian file name in Content-Disposition (RFC 5987 filename*).
import { create as contentDisposition } from 'content-disposition';
import { ATTENDANCE_LABELS, formatDate, formatDateTime, moscowIsoDate } from '@crema/contract';
import { attemptSeconds, average, courseNumbers, courseTotals } from './progress.ts';
import { moduleRows, type ProgressReport } from './service.ts';
import { csvOf, xlsxOf, type Section } from '../../lib/spreadsheet.ts';


const date = (d: Date | null) => (d ? formatDate(d) : '');
const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 6) / 10);

/** The three tables of the export, for whoever the report is about, over its period. */
export function exportSections(report: ProgressReport): Section[] {
  const { enrolments, calcs, period } = report;
  const courses: Section = {
    title: 'Курсы',
    header: ['Курс', 'Прогресс, %', 'Уроков пройдено', 'Уроков всего', 'Тестов сдано', 'Тестов всего', 'Средний балл', 'Начат', 'Пройден'],
    rows: enrolments.map((e) => {
      const c = calcs.get(e.id)!;
      const t = courseTotals(c);
      const n = courseNumbers(c, period);
      return [
        e.course.title,
        c.progress,
        t.lessons_done,
        t.lessons_total,
        t.tests_passed,
        t.tests_total,
        average(n.attempts.map((a) => a.score!)),
        date(c.startedAt),
        date(c.finishedAt),
      ];
    }),
  };
  const modules: Section = {
    title: 'Модули',
    header: ['Курс', 'Модуль', 'Уроков пройдено', 'Уроков всего', 'Тестов сдано', 'Тестов всего', 'Средний балл', 'Прогресс, %'],
    rows: enrolments.flatMap((e) =>
      moduleRows(calcs.get(e.id)!).map((m) => [
        e.course.title,
        m.title,
        m.lessons_done,
        m.lessons_total,
        m.tests_passed,
        m.tests_total,
        m.average_score,
        m.progress,
      ]),
    ),
  };
  const attempts: Section = {
    title: 'Попытки тестов',
    header: ['Дата', 'Окончание', 'Курс', 'Тест', 'Попытка', 'Балл, %', 'Результат', 'Длительность, мин'],
    rows: enrolments
      .flatMap((e) => courseNumbers(calcs.get(e.id)!, period).attempts.map((a) => ({ a, course: e.course.title })))
      .sort((x, y) => x.a.finishedAt!.getTime() - y.a.finishedAt!.getTime())
      .map(({ a, course }) => [
        date(a.finishedAt),
        formatDateTime(a.finishedAt!),
        course,
        a.testTitle,
        a.number,
        a.score,
        a.isPassed ? 'Сдан' : 'Не сдан',
        minutes(attemptSeconds(a)),
      ]),
  };
  const sections = [courses, modules, attempts];
  // Attendance of the learner's group sessions (decision 0088), when the report has it.
  if (report.attendance?.length) {
    sections.push({
      title: 'Посещаемость',
      header: ['Дата', 'Группа', 'Занятие', 'Отметка', 'Заметка'],
      rows: report.attendance.map((m) => [formatDateTime(m.startsAt), m.groupTitle, m.sessionTitle, ATTENDANCE_LABELS[m.status], m.note]),
    });
  }
  return sections;
}

/** Who and when, for the first lines and the file name; an open end of the period is today. */
function subject(report: ProgressReport, now = new Date()) {
  const s = report.learner.student;
  const who = s ? `${s.last_name} ${s.first_name}`.trim() : null;
  const p = report.period;
  const to = formatDate(p.toDate ?? moscowIsoDate(now));
  const span = p.fromDate === null && p.toDate === null ? 'за всё время' : p.fromDate === null ? `по ${to}` : `с ${formatDate(p.fromDate)} по ${to}`;
  return { who, span };
}

export function exportFileName(report: ProgressReport, format: 'csv' | 'xlsx', now = new Date()): string {
  const { who } = subject(report);
  return `Прогресс обучения${who ? ` — ${who}` : ''} ${formatDate(now)}.${format}`;
}

/** The Content-Disposition of the export: the Russian name as filename*, an ASCII one as filename. */
export function exportDisposition(report: ProgressReport, format: 'csv' | 'xlsx', now = new Date()): string {
  return contentDisposition(exportFileName(report, format, now), { fallback: `crema-progress-${moscowIsoDate(now)}.${format}` });
}

const title = (report: ProgressReport) => {
  const { who, span } = subject(report);
  return `Прогресс обучения${who ? `: ${who}` : ''}, ${span}`;
};

/** CSV of the export (lib/spreadsheet: UTF-8 with a BOM, ';', decimal commas). */
export function toCsv(report: ProgressReport): Buffer {
  return csvOf(title(report), exportSections(report));
}

/** XLSX of the export: a sheet per section. */
export function toXlsx(report: ProgressReport): Promise<Buffer> {
  return xlsxOf(title(report), exportSections(report));
}
