/** This period's units against the plan's quota, and the past periods. */
import type { UsageSummary } from "../../../shared/contract.ts";

export function UsagePanel({ usage }: { usage: UsageSummary }) {
  const { currentPeriod: period, plan, history } = usage;
  const full = period.quota > 0 && period.units >= period.quota;
  return (
    <section data-testid="usage">
      <h2>Usage</h2>
      <div class="row spread">
        <span>
          <strong data-testid="usage-units">{period.units.toLocaleString("en")}</strong>
          {` of ${period.quota.toLocaleString("en")} units`}
        </span>
        <span class="muted" data-testid="usage-pct">{period.pct}%</span>
      </div>
      <div
        class={full ? "meter full" : "meter"}
        role="progressbar"
        aria-label="Units used this month"
        aria-valuenow={period.pct}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span style={{ width: `${Math.min(100, period.pct)}%` }} />
      </div>
      {full && (
        <p class="notice error" data-testid="quota-full">
          {`This month's units are used up: checks resume ${period.periodEndLabel}.`}
        </p>
      )}
      <p class="muted">
        {`Plan ${plan.name} · ${
          period.requests.toLocaleString("en")
        } checks · resets ${period.periodEndLabel}`}
      </p>
      {history.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Period</th>
              <th class="num">Checks</th>
              <th class="num">Units</th>
              <th class="num">Charge</th>
            </tr>
          </thead>
          <tbody>
            {history.map((row) => (
              <tr key={row.periodStart}>
                <td>{row.period}</td>
                <td class="num">{row.requests.toLocaleString("en")}</td>
                <td class="num">{row.units.toLocaleString("en")}</td>
                <td class="num">{row.charge}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
