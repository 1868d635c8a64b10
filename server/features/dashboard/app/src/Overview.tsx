/**
 * The overview: the plan, this month's units against its quota (and today's against the daily
 * cap where the plan has one), when they reset, units per day this month, past months, and the
 * refusals the API is answering now (402 with its upgrade link, 403 with its appeal link).
 */
import type { UsageDaily, UsageSummary } from "../../../../../shared/contract.ts";
import { api } from "./api.ts";
import { Failure } from "./Failure.tsx";
import { UsageChart } from "./UsageChart.tsx";
import { useApi } from "./use_api.ts";

const n = (value: number) => value.toLocaleString("en");

function Refusals({ daily }: { daily: UsageDaily }) {
  if (daily.account.status === "suspended") {
    return (
      <p class="alert" role="alert">
        This account is suspended{daily.account.reason ? ` (${daily.account.reason})` : ""}: every
        detect call is refused with 403. <a href={daily.appealUrl}>Appeal the suspension</a>
      </p>
    );
  }
  if (!daily.quotaExhausted) return null;
  const which = daily.quotaExhausted === "daily"
    ? "Today's cap is used up: detect calls are refused with 402 until 00:00 UTC."
    : "This month's quota is used up: detect calls are refused with 402 until the next month.";
  return (
    <p class="alert" role="alert">
      {which} <a href={daily.upgradeUrl}>Upgrade your plan</a>
    </p>
  );
}

function Meter({ label, used, cap }: { label: string; used: number; cap: number }) {
  return (
    <div class="meter">
      <div class="meter-text">
        <span>{label}</span>
        <span>
          <strong>{n(used)}</strong> of {n(cap)} units
        </span>
      </div>
      <meter min={0} max={Math.max(cap, 1)} low={cap * 0.8} high={cap * 0.95} value={used}>
        {`${n(used)} of ${n(cap)}`}
      </meter>
    </div>
  );
}

function Usage({ summary, daily }: { summary: UsageSummary; daily: UsageDaily }) {
  const current = summary.currentPeriod;
  const today = daily.days[daily.days.length - 1];
  const monthName = summary.history[0]?.period ?? daily.month;
  return (
    <>
      <Refusals daily={daily} />
      <section class="card" aria-labelledby="plan-heading">
        <h2 id="plan-heading">
          Plan: <span data-testid="plan-name">{summary.plan.name}</span>
        </h2>
        <Meter label={`This month (${current.pct}%)`} used={current.units} cap={current.quota} />
        {daily.dailyCap !== null && <Meter label="Today" used={today.units} cap={daily.dailyCap} />}
        <p>
          <span data-testid="requests">{n(current.requests)}</span>{" "}
          checks this month. The quota resets on {current.periodEndLabel}
          {daily.dailyCap !== null && "; the daily cap at 00:00 UTC"}.
        </p>
      </section>
      <section class="card" aria-labelledby="days-heading">
        <h2 id="days-heading">Units per day</h2>
        <UsageChart
          caption={monthName}
          unit="units"
          bars={daily.days.map((d) => ({
            label: String(Number(d.date.slice(8))),
            title: d.date,
            value: d.units,
          }))}
        />
      </section>
      <section class="card" aria-labelledby="months-heading">
        <h2 id="months-heading">Past months</h2>
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Checks</th>
                <th scope="col">Units</th>
                <th scope="col">Overage</th>
                <th scope="col">Charge</th>
              </tr>
            </thead>
            <tbody>
              {summary.history.map((h) => (
                <tr key={h.periodStart}>
                  <th scope="row">{h.period}</th>
                  <td class="num">{n(h.requests)}</td>
                  <td class="num">{n(h.units)}</td>
                  <td class="num">{n(h.overage)}</td>
                  <td class="num">{h.charge}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

export function Overview() {
  const summary = useApi(() => api.usageSummary());
  const daily = useApi(() => api.usageDaily());
  return (
    <>
      <h1>Overview</h1>
      {summary && daily
        ? !summary.ok
          ? <Failure failure={summary} />
          : !daily.ok
          ? <Failure failure={daily} />
          : <Usage summary={summary.data} daily={daily.data} />
        : <p aria-busy="true">Loading…</p>}
    </>
  );
}
