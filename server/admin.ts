/**
 * `deno task admin <command>`: account administration on the service's KV (KV_PATH), safe while
 * the server runs on the same file.
 *
 *   plan <email> <plan>                 set the account's plan (a slug of the plan table)
 *   suspend <email> <reason>            suspend the account; detect calls answer 403 with reason
 *   unsuspend <email>                   lift a suspension (after an appeal)
 *   subscription <email> <status>       set the subscription status (not `active`: warning)
 *   bill-daily [--date YYYY-MM-DD]      bill overage of paid plans through that day (default
 *                                       yesterday, UTC)
 *
 * Prints one JSON line per changed account. Exit codes: 0 done, 1 refused, 2 usage.
 */
import { defaultBillingDay, runDailyBilling } from "./features/billing/daily_billing.ts";
import { loadConfig } from "./platform/config.ts";
import { openKv } from "./platform/kv/kv.ts";
import { getUserByEmail, updateUser, type User } from "./features/auth/users.ts";
import { loadPlans, type PlanTable } from "./features/billing/plans.ts";
import { isSubscriptionStatus, SUBSCRIPTION_STATUSES } from "./features/billing/subscription.ts";

const USAGE = `usage: deno task admin plan <email> <plan>
       deno task admin suspend <email> <reason>
       deno task admin unsuspend <email>
       deno task admin subscription <email> <status>
       deno task admin bill-daily [--date YYYY-MM-DD]`;

class Refused extends Error {}
class BadUsage extends Error {}

function accountLine(user: User): string {
  const { email, plan, status, suspendReason, subscriptionStatus } = user;
  return JSON.stringify({ email, plan, status, suspendReason, subscriptionStatus });
}

async function changeAccount(
  kv: Deno.Kv,
  email: string | undefined,
  change: (user: User) => User,
): Promise<string> {
  if (!email) throw new BadUsage("missing <email>");
  const user = await getUserByEmail(kv, email);
  if (!user) throw new Refused(`no account with email ${email}`);
  return accountLine(await updateUser(kv, user.id, change));
}

function billingDay(args: string[], now: Date): string {
  if (args.length === 0) return defaultBillingDay(now);
  const [flag, value] = args[0].startsWith("--date=") ? ["--date", args[0].slice(7)] : args;
  const valid = flag === "--date" && /^\d{4}-\d{2}-\d{2}$/.test(value ?? "") &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
  if (!valid) throw new BadUsage("bill-daily takes --date YYYY-MM-DD");
  return value;
}

export async function runAdmin(kv: Deno.Kv, plans: PlanTable, argv: string[]): Promise<string[]> {
  const [command, email, value, ...rest] = argv;
  switch (command) {
    case "plan":
      if (!value || rest.length) throw new BadUsage("plan takes <email> <plan>");
      if (!plans.has(value)) {
        throw new Refused(`unknown plan ${value}; plans: ${[...plans.keys()].join(", ")}`);
      }
      return [await changeAccount(kv, email, (u) => ({ ...u, plan: value }))];
    case "suspend": {
      const reason = [value, ...rest].filter((s) => s !== undefined).join(" ").trim();
      if (!reason) throw new BadUsage("suspend takes <email> <reason>");
      return [
        await changeAccount(
          kv,
          email,
          (u) => ({ ...u, status: "suspended", suspendReason: reason }),
        ),
      ];
    }
    case "unsuspend":
      if (value !== undefined) throw new BadUsage("unsuspend takes <email>");
      return [
        await changeAccount(kv, email, (u) => ({ ...u, status: "active", suspendReason: null })),
      ];
    case "subscription":
      if (!value || rest.length) throw new BadUsage("subscription takes <email> <status>");
      if (!isSubscriptionStatus(value)) {
        throw new Refused(`unknown status ${value}; statuses: ${SUBSCRIPTION_STATUSES.join(", ")}`);
      }
      return [await changeAccount(kv, email, (u) => ({ ...u, subscriptionStatus: value }))];
    case "bill-daily": {
      const day = billingDay(argv.slice(1), new Date());
      const billed = await runDailyBilling(kv, plans, day);
      return [
        ...billed.map((b) => JSON.stringify(b)),
        JSON.stringify({ billed_day: day, accounts: billed.length }),
      ];
    }
    default:
      throw new BadUsage(command ? `unknown command ${command}` : "missing command");
  }
}

if (import.meta.main) {
  const config = loadConfig(Deno.env.toObject());
  const kv = await openKv(config.kvPath);
  let code = 0;
  try {
    for (const line of await runAdmin(kv, loadPlans(config.plansFile), Deno.args)) {
      console.log(line);
    }
  } catch (err) {
    if (err instanceof BadUsage) {
      console.error(`${err.message}\n${USAGE}`);
      code = 2;
    } else if (err instanceof Refused) {
      console.error(err.message);
      code = 1;
    } else throw err;
  } finally {
    kv.close();
  }
  Deno.exit(code);
}
