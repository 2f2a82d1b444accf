import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate, formatDateTime } from '@crema/contract/format';

// The progress page's two charts (decision 0034), drawn with recharts in SVG. recharts 3 draws
// nothing on the server (its layout is measured in the browser), so the server renders the box at
// its final height (no jump when the chart appears) and the text equivalent: a caption and a table
// that screen readers read instead of the picture (the SVG is hidden from them).

const CREMA = '#c8925a';
const CREMA_DARK = '#8a5a2b';
const INK = '#231a15';
const MUTED = '#6b5a4e';
const LINE = '#e4d8cc';
const PASS = '#2f7a37';

const AXIS_TICK = { fill: MUTED, fontSize: 12 };

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

/** Progress per course: one horizontal bar each, the course's name above its bar, the percent at its end. */
export function CourseProgressChart({ bars }: { bars: CourseBar[] }) {
  const height = bars.length * BAR_ROW + 24;
  return (
    <Figure
      caption="Пройдено по курсам, %"
      height={height}
      chart={
        <ResponsiveContainer width="100%" height={height}>
          <BarChart data={bars} layout="vertical" accessibilityLayer={false} margin={{ top: 18, right: 48, bottom: 0, left: 0 }} barCategoryGap={22}>
            <CartesianGrid horizontal={false} stroke={LINE} />
            <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={AXIS_TICK} stroke={LINE} hide />
            <YAxis type="category" dataKey="label" hide />
            <Bar dataKey="percent" fill={CREMA} background={{ fill: '#f1e7dc' }} radius={[0, 6, 6, 0]} minPointSize={3} isAnimationActive={false}>
              <LabelList
                dataKey="label"
                content={({ x, y, value }) => (
                  <text x={Number(x)} y={Number(y) - 6} fill={INK} fontSize={13}>
                    {String(value)}
                  </text>
                )}
              />
              <LabelList dataKey="percent" position="right" fill={INK} fontSize={13} formatter={(value) => `${String(value)}%`} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
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

interface ScoreDatum extends ScorePoint {
  time: number;
}

function ScoreTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: ScoreDatum }[] }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="progress-tooltip">
      <strong>{point.score}%</strong> — {point.test}
      <br />
      {formatDateTime(point.at)}
    </div>
  );
}

/** Scores over time: each finished attempt a dot on the line, in order; each pass score of the tests shown a dashed line. */
export function ScoresChart({ points, passScores }: { points: ScorePoint[]; passScores: number[] }) {
  const data: ScoreDatum[] = points.map((point) => ({ ...point, time: Date.parse(point.at) }));
  const height = 240;
  return (
    <Figure
      caption="Баллы за тесты по времени, %"
      height={height}
      chart={
        <ResponsiveContainer width="100%" height={height}>
          <LineChart data={data} accessibilityLayer={false} margin={{ top: 16, right: 16, bottom: 0, left: -20 }}>
            <CartesianGrid vertical={false} stroke={LINE} />
            <XAxis
              dataKey="time"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              padding={{ left: 16, right: 16 }}
              tickFormatter={(time: number) => formatDate(new Date(time)).slice(0, 5)}
              tick={AXIS_TICK}
              stroke={LINE}
              minTickGap={24}
            />
            <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={AXIS_TICK} stroke={LINE} />
            {passScores.map((passScore) => (
              <ReferenceLine
                key={passScore}
                y={passScore}
                stroke={PASS}
                strokeDasharray="6 4"
                label={{ value: `проходной ${passScore}%`, position: 'insideBottomRight', fill: PASS, fontSize: 12 }}
              />
            ))}
            <Tooltip content={ScoreTooltip} />
            <Line
              type="linear"
              dataKey="score"
              stroke={CREMA_DARK}
              strokeWidth={2}
              dot={{ r: 4, fill: CREMA_DARK }}
              activeDot={{ r: 6 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
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
