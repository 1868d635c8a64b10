/**
 * The subscription status of an account, as a payment provider reports it (Stripe's statuses).
 * Only `active` is in good standing: any other status adds the `subscription_inactive` warning to
 * detect calls; it never refuses them.
 */
export const SUBSCRIPTION_STATUSES = [
  "active",
  "trialing",
  "past_due",
  "canceled",
  "unpaid",
  "incomplete",
  "paused",
] as const;
export type SubscriptionStatus = typeof SUBSCRIPTION_STATUSES[number];

export function isSubscriptionStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}
