// The attendance export of a group (decision 0088): members by sessions with the mark in each cell
// and each member's rate, then the sessions with their counts — CSV (UTF-8 with a BOM, ';') or XLSX,
// like the progress export (lib/spreadsheet), dates in Moscow time.
import { create as contentDisposition } from 'content-disposition';
import { ATTENDANCE_LABELS, ATTENDANCE_SHORT, formatDate, formatDateTime, moscowIsoDate } from '@crema/contract';
import { csvOf, xlsxOf, type Section } from '../../lib/spreadsheet.ts';
import type { groupTable } from './service.ts';

type Table = Awaited<ReturnType<typeof groupTable>>;

export function attendanceSections({ detail, marks }: Table): Section[] {
  const sessions = detail.sessions.filter((s) => s.is_started);
  const table: Section = {
    title: 'Посещаемость',
    header: ['Ученик', 'Прогресс, %', ...sessions.map((s) => `${formatDateTime(s.starts_at)} ${s.title}`), 'Посещаемость, %'],
    rows: detail.members.map((m) => [
      m.name,
      m.progress,
      ...sessions.map((s) => {
        const mark = marks.get(`${m.user_course_id}:${s.id}`);
        return mark ? `${ATTENDANCE_SHORT[mark.status]}${mark.note ? ` (${mark.note})` : ''}` : '';
      }),
      m.rate,
    ]),
  };
  const bySession: Section = {
    title: 'Занятия',
    header: ['Дата', 'Занятие', 'Урок или тест', ATTENDANCE_LABELS.present, ATTENDANCE_LABELS.late, ATTENDANCE_LABELS.absent, ATTENDANCE_LABELS.excused, 'Список сохранён'],
    rows: sessions.map((s) => [
      formatDateTime(s.starts_at),
      s.title,
      s.lesson?.title ?? s.test?.title ?? '',
      s.counts.present,
      s.counts.late,
      s.counts.absent,
      s.counts.excused,
      s.is_marked ? 'да' : 'нет',
    ]),
  };
  return [table, bySession];
}

const titleOf = (t: Table) => `Посещаемость: ${t.detail.course.title}, ${t.detail.title}`;

export function attendanceDisposition(t: Table, format: 'csv' | 'xlsx', now = new Date()): string {
  return contentDisposition(`Посещаемость — ${t.detail.title} ${formatDate(now)}.${format}`, {
    fallback: `crema-attendance-${t.detail.id}-${moscowIsoDate(now)}.${format}`,
  });
}

export function attendanceCsv(t: Table): Buffer {
  return csvOf(titleOf(t), attendanceSections(t));
}

export function attendanceXlsx(t: Table): Promise<Buffer> {
  return xlsxOf(titleOf(t), attendanceSections(t));
}
