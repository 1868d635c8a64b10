/**
 * Units per day as a small SVG bar chart, drawn here rather than with a charting library: one
 * series of at most 31 bars needs a few lines, costs no bundle weight and keeps full control of
 * what screen readers get: the SVG is one labelled image with a summary, and the same numbers
 * are a table a click away.
 */
export interface Bar {
  label: string;
  /** The bar's full name for the table and tooltips, e.g. a date. */
  title: string;
  value: number;
}

const WIDTH = 620;
const HEIGHT = 160;
const AXIS = 18;

export function UsageChart(
  { bars, caption, unit }: { bars: Bar[]; caption: string; unit: string },
) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  const busiest = bars.reduce((a, b) => (b.value > a.value ? b : a), bars[0]);
  const step = WIDTH / bars.length;
  const summary = `${caption}: ${total.toLocaleString("en")} ${unit} in all` +
    (busiest && busiest.value > 0
      ? `, most on ${busiest.title} (${busiest.value.toLocaleString("en")})`
      : "");
  return (
    <figure class="chart">
      <figcaption>{caption}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} role="img" aria-label={summary}>
        <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} class="axis" />
        {bars.map((b, i) => {
          const h = Math.round((b.value / max) * (HEIGHT - 14));
          return (
            <g key={b.title}>
              <rect
                x={i * step + step * 0.15}
                y={HEIGHT - h}
                width={step * 0.7}
                height={h}
                class="bar"
              >
                <title>{`${b.title}: ${b.value.toLocaleString("en")} ${unit}`}</title>
              </rect>
              {(bars.length <= 12 || i % 5 === 0 || i === bars.length - 1) && (
                <text x={i * step + step / 2} y={HEIGHT + 14} class="tick">{b.label}</text>
              )}
            </g>
          );
        })}
        <text x="2" y="10" class="tick max">{max.toLocaleString("en")}</text>
      </svg>
      <details>
        <summary>Show as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Units</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.title}>
                <td>{b.title}</td>
                <td class="num">{b.value.toLocaleString("en")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
