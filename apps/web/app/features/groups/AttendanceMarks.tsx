import { Link } from 'react-router';
import type { GroupLearner, MyAttendance } from '@crema/contract';
import { ATTENDANCE_LABELS, MISSED_STATUSES } from '@crema/contract/rules';

// The learner's own attendance marks at a session (decision 0088): 'Посещаемость: Пропуск' (a
// parent sees each child's), and after a missed session what to catch up on — its lesson or test.

/** Some learner of the account missed the session (absent or excused). */
export const missed = (marks: MyAttendance[]) => marks.some((m) => MISSED_STATUSES.includes(m.status));

export function AttendanceMarks({
  marks,
  learners,
  step,
  to,
}: {
  marks: MyAttendance[];
  learners: GroupLearner[];
  /** The session's lesson or test, offered after a miss (on the group page). */
  step: { title: string } | null;
  /** Where that material is opened (the session page). */
  to: string | null;
}) {
  if (!marks.length) return null;
  const nameOf = (id: number) => {
    const learner = learners.find((l) => l.user_course_id === id);
    return learner?.student ? learner.student.first_name : learners.length > 1 ? 'Вы' : null;
  };
  return (
    <div className="group-marks">
      {marks.map((m) => {
        const name = nameOf(m.user_course_id);
        return (
          <p key={m.user_course_id} className={`group-mark group-mark--${m.status}`}>
            {name ? `${name}: ` : 'Посещаемость: '}
            <strong>{ATTENDANCE_LABELS[m.status]}</strong>
            {m.note ? <span className="group-mark__note"> — {m.note}</span> : null}
          </p>
        );
      })}
      {step && to && missed(marks) ? (
        <p className="group-mark__catch-up">
          Пропущено — пройдите самостоятельно: <Link to={to}>{step.title}</Link>
        </p>
      ) : null}
    </div>
  );
}
