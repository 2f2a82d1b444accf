import { useId } from 'react';
import { formatDate, formatDateTime } from '@crema/contract/format';

// The progress page's two charts (decision 0034), drawn as plain SVG by the component itself
// (decision 0083): the server renders them whole, so they are on the first paint without any
// chart library, and hydrating them costs no more than any other markup. Widths are in percent of
// the plot (an SVG's x, width, x1, x2 and cx take percentages), heights in pixels, so a chart
// fills its column at any screen width without scaling its text. Each chart is hidden from
// screen readers, which read its caption and table instead; a dot's or a bar's <title> is what a
// pointer hovering it shows.

const CREMA = '#c8925a';
const CREMA_DARK = '#8a5a2b';
const INK = '#231a15';
const MUTED = '#6b5a4e';
const LINE = '#e4d8cc';
const PASS = '#2f7a37';

/** One bar: a course (and whose it is), how much is done, in percent. */
export interface CourseBar {
  key: string;
  label: string;
  percent: number;
}

/** One point: a finished attempt's score at the moment it was finished. */
export interface ScorePoint {
  key: string;
  /** ISO instant the attempt finished. */
  at: string;
  score: number;
  test: string;
  passed: boolean;
}

function Figure({ caption, height, chart, table }: { caption: string; height: number; chart: React.ReactNode; table: React.ReactNode }) {
  const captionId = useId();
  return (
    <figure className="progress-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="progress-chart__caption">
        {caption}
      </figcaption>
      <div className="progress-chart__plot" style={{ height }} aria-hidden="true">
        {chart}
      </div>
      <div className="visually-hidden">{table}</div>
    </figure>
  );
}

const BAR_ROW = 56;
/** The part of the width the bars may take: the rest is for the percent written after a full bar. */
const BAR_SPAN = 88;

/** Progress per course: one horizontal bar each, the course's name above its bar, the percent at its end. */
export function CourseProgressChart({ bars }: { bars: CourseBar[] }) {
  const height = bars.length * BAR_ROW + 24;
  return (
    <Figure
      caption="Пройдено по курсам, %"
      height={height}
      chart={
        <svg className="progress-chart__svg" width="100%" height={height} role="presentation" focusable="false">
          {[0, 25, 50, 75, 100].map((tick) => (
            <line key={tick} x1={`${(tick * BAR_SPAN) / 100}%`} x2={`${(tick * BAR_SPAN) / 100}%`} y1={18} y2={height} stroke={LINE} />
          ))}
          {bars.map((bar, index) => {
            const top = 18 + index * BAR_ROW + 11;
            // A bar at 0 % still shows a sliver, as it did in the first version of this chart.
            const width = Math.max(bar.percent, 0.8) * (BAR_SPAN / 100);
            return (
              <g key={bar.key} className="progress-chart__bar">
                <title>{`${bar.label}: ${bar.percent}%`}</title>
                <text x={0} y={top - 6} fill={INK} fontSize={13}>
                  {bar.label}
                </text>
                <rect x={0} y={top} width={`${BAR_SPAN}%`} height={BAR_ROW - 22} rx={6} fill="#f1e7dc" />
                <rect x={0} y={top} width={`${width}%`} height={BAR_ROW - 22} rx={6} fill={CREMA} />
                {/* After the bar; inside its end when the bar is nearly full, so a narrow screen does not cut it. */}
                <text
                  x={`${width}%`}
                  dx={bar.percent >= 80 ? -6 : 6}
                  textAnchor={bar.percent >= 80 ? 'end' : 'start'}
                  y={top + (BAR_ROW - 22) / 2}
                  dominantBaseline="central"
                  fill={INK}
                  fontSize={13}
                >
                  {`${bar.percent}%`}
                </text>
              </g>
            );
          })}
        </svg>
      }
      table={
        <table>
          <caption>Пройдено по курсам</caption>
          <thead>
            <tr>
              <th scope="col">Курс</th>
              <th scope="col">Пройдено</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row">{bar.label}</th>
                <td>{bar.percent}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

const SCORE_TICKS = [0, 25, 50, 75, 100];
/** Pixels: the plot's top and bottom margins (room for the dots and the date labels). */
const PLOT_TOP = 16;
const PLOT_BOTTOM = 28;
/** Percent of the plot's width kept empty at each side, so the first and last dots are not cut. */
const PLOT_SIDE = 5;

/**
 * Up to `count` time labels spread over the attempts' span (day and month, Moscow time), none
 * repeated: the first and last attempts' days and evenly spaced ones between them.
 */
function timeTicks(from: number, to: number, count: number): { time: number; label: string }[] {
  const ticks: { time: number; label: string }[] = [];
  const steps = from === to ? 1 : count;
  for (let index = 0; index < steps; index++) {
    const time = steps === 1 ? from : from + ((to - from) * index) / (steps - 1);
    const label = formatDate(new Date(time)).slice(0, 5);
    if (!ticks.some((tick) => tick.label === label)) ticks.push({ time, label });
  }
  return ticks;
}

/** Scores over time: each finished attempt a dot on the line, in order; each pass score of the tests shown a dashed line. */
export function ScoresChart({ points, passScores }: { points: ScorePoint[]; passScores: number[] }) {
  const data = points.map((point) => ({ ...point, time: Date.parse(point.at) }));
  const height = 240;
  const from = Math.min(...data.map((point) => point.time));
  const to = Math.max(...data.map((point) => point.time));
  const plotHeight = height - PLOT_TOP - PLOT_BOTTOM;
  const y = (score: number) => PLOT_TOP + plotHeight * (1 - Math.min(100, Math.max(0, score)) / 100);
  const x = (time: number) => `${to === from ? 50 : PLOT_SIDE + ((time - from) / (to - from)) * (100 - 2 * PLOT_SIDE)}%`;
  return (
    <Figure
      caption="Баллы за тесты по времени, %"
      height={height}
      chart={
        <div className="progress-chart__frame">
          <svg className="progress-chart__axis" width={36} height={height} role="presentation" focusable="false">
            {SCORE_TICKS.map((tick) => (
              <text key={tick} x={30} y={y(tick)} textAnchor="end" dominantBaseline="central" fill={MUTED} fontSize={12}>
                {tick}
              </text>
            ))}
          </svg>
          <svg className="progress-chart__svg" width="100%" height={height} role="presentation" focusable="false">
            {SCORE_TICKS.map((tick) => (
              <line key={tick} x1={0} x2="100%" y1={y(tick)} y2={y(tick)} stroke={LINE} />
            ))}
            {timeTicks(from, to, 4).map((tick, index, all) => (
              <text
                key={tick.label}
                x={x(tick.time)}
                y={height - 8}
                textAnchor={all.length > 1 && index === 0 ? 'start' : all.length > 1 && index === all.length - 1 ? 'end' : 'middle'}
                fill={MUTED}
                fontSize={12}
              >
                {tick.label}
              </text>
            ))}
            {passScores.map((passScore) => (
              <g key={passScore} className="progress-chart__pass">
                <line x1={0} x2="100%" y1={y(passScore)} y2={y(passScore)} stroke={PASS} strokeDasharray="6 4" />
                <text x="100%" dx={-4} y={y(passScore) - 6} textAnchor="end" fill={PASS} fontSize={12}>
                  {`проходной ${passScore}%`}
                </text>
              </g>
            ))}
            {data.slice(1).map((point, index) => (
              <line key={point.key} x1={x(data[index]!.time)} y1={y(data[index]!.score)} x2={x(point.time)} y2={y(point.score)} stroke={CREMA_DARK} strokeWidth={2} />
            ))}
            {data.map((point) => (
              <circle key={point.key} className="progress-chart__dot" cx={x(point.time)} cy={y(point.score)} r={4} fill={CREMA_DARK}>
                <title>{`${point.score}% — ${point.test}, ${formatDateTime(point.at)}`}</title>
              </circle>
            ))}
          </svg>
        </div>
      }
      table={
        <table>
          <caption>Баллы за тесты{passScores.length ? `, проходной балл ${passScores.map((score) => `${score}%`).join(', ')}` : ''}</caption>
          <thead>
            <tr>
              <th scope="col">Дата</th>
              <th scope="col">Тест</th>
              <th scope="col">Балл</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.key}>
                <td>{formatDateTime(point.at)}</td>
                <th scope="row">{point.test}</th>
                <td>
                  {point.score}% ({point.passed ? 'сдан' : 'не сдан'})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
