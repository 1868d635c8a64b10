/** UTC billing periods: calendar months (`YYYY-MM`) and days (`YYYY-MM-DD`), and their labels. */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `YYYY-MM` of the UTC calendar month containing `at`. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** `YYYY-MM-DD` of the UTC day containing `at`. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** First day of a month, `YYYY-MM-01`. */
export function monthStart(month: string): string {
  return `${month}-01`;
}

/** The month `delta` months after `month` (negative: before). */
export function addMonths(month: string, delta: number): string {
  const [year, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(year, m - 1 + delta, 1));
  return monthOf(d);
}

/** `Mon YYYY`, e.g. `Nov 2025`. */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-").map(Number);
  return `${MONTHS[m - 1]} ${year}`;
}

/** A date as `Mon D, YYYY`, e.g. `Dec 1, 2025`. */
export function dateLabel(day: string): string {
  const [year, m, d] = day.split("-").map(Number);
  return `${MONTHS[m - 1]} ${d}, ${year}`;
}
