/**
 * Every KV key tuple of the service, built in one place. Secondary indexes store only the primary
 * id of the record they point to.
 */
export const kvKeys = {
  user: (userId: string) => ["users", userId] as const,
  userByEmail: (email: string) => ["users_by_email", email] as const,
  usersPrefix: () => ["users"] as const,

  apiKey: (keyId: string) => ["api_keys", keyId] as const,
  apiKeyByHash: (hash: string) => ["api_keys_by_hash", hash] as const,
  apiKeyByUser: (userId: string, keyId: string) => ["api_keys_by_user", userId, keyId] as const,
  apiKeysByUserPrefix: (userId: string) => ["api_keys_by_user", userId] as const,

  /** Sessions and OAuth states by the SHA-256 hex of their token, never the token itself. */
  session: (tokenHash: string) => ["sessions", tokenHash] as const,
  oauthState: (stateHash: string) => ["oauth_states", stateHash] as const,

  /** Units served per account and UTC period (`YYYY-MM`, `YYYY-MM-DD`): numbers. */
  unitsMonth: (userId: string, month: string) => ["units_month", userId, month] as const,
  unitsMonthPrefix: (userId: string) => ["units_month", userId] as const,
  unitsDay: (userId: string, day: string) => ["units_day", userId, day] as const,
  unitsDayPrefix: (userId: string) => ["units_day", userId] as const,
  /** HTTP-200 detect calls per account and period: Deno.KvU64, summed without conflicts. */
  requestsMonth: (userId: string, month: string) => ["requests_month", userId, month] as const,
  requestsMonthPrefix: (userId: string) => ["requests_month", userId] as const,
  requestsDay: (userId: string, day: string) => ["requests_day", userId, day] as const,
  /** A served request id of an account, kept 24 h so that a retry is not audited or billed again. */
  servedRequest: (userId: string, requestId: string) =>
    ["served_requests", userId, requestId] as const,
  /** Audit rows, in time order. */
  auditRow: (time: string, rowId: string) => ["audit", time, rowId] as const,
  auditPrefix: () => ["audit"] as const,
  /** Detect requests of an account in one fixed one-minute window (epoch minute). */
  rateWindow: (userId: string, minute: number) => ["rate_windows", userId, minute] as const,
  /** Overage billed by the daily job for an account and month. */
  billing: (userId: string, month: string) => ["billing", userId, month] as const,
};
