import { useId } from 'react';

export type TChartSeries = { key: string; label: string; className: string; values: number[] };

type TProps = {
  title: string;
  /** Month labels, oldest first, one per group of bars. */
  months: string[];
  series: TChartSeries[];
};

const BAR_WIDTH = 14;
const GROUP_GAP = 18;
const HEIGHT = 160;
const TOP = 12;
const LEFT = 36;
const BOTTOM = 24;

/** A rounded-up axis maximum: 1, 2, 5, 10, 20, 50… so the grid lines read well. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

/**
 * Grouped bars per month, drawn as plain SVG (no chart library). Each bar has a <title> with
 * its number; the same numbers are in the table next to the chart for screen readers.
 */
export function StatsChart({ title, months, series }: TProps) {
  const titleId = useId();
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const groupWidth = series.length * BAR_WIDTH + GROUP_GAP;
  const width = LEFT + months.length * groupWidth + 8;
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (v: number) => TOP + plot - (v / max) * plot;
  return (
    <figure className="stats-chart">
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width={width}
        height={HEIGHT}
        className="stats-chart__svg"
      >
        <title id={titleId}>{title}</title>
        {[0, max / 2, max].map((tick) => (
          <g key={tick} className="stats-chart__grid">
            <line x1={LEFT} x2={width} y1={y(tick)} y2={y(tick)} />
            <text x={LEFT - 4} y={y(tick) + 4} textAnchor="end">
              {Number.isInteger(tick) ? tick : tick.toFixed(1)}
            </text>
          </g>
        ))}
        {months.map((month, m) => {
          const x0 = LEFT + m * groupWidth + GROUP_GAP / 2;
          return (
            <g key={month}>
              {series.map((s, i) => {
                const value = s.values[m] ?? 0;
                return (
                  <rect
                    key={s.key}
                    className={`stats-chart__bar ${s.className}`}
                    x={x0 + i * BAR_WIDTH}
                    y={y(value)}
                    width={BAR_WIDTH - 2}
                    height={Math.max(0, TOP + plot - y(value))}
                    data-series={s.key}
                    data-month={month}
                    data-value={value}
                  >
                    <title>{`${s.label}, ${month}: ${value}`}</title>
                  </rect>
                );
              })}
              <text
                x={x0 + (series.length * BAR_WIDTH) / 2}
                y={HEIGHT - 6}
                textAnchor="middle"
                className="stats-chart__label"
              >
                {month}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="stats-chart__legend">
        {series.map((s) => (
          <span key={s.key} className="stats-chart__legend-item">
            <span className={`stats-chart__swatch ${s.className}`} aria-hidden="true" />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
