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

  session: (sessionId: string) => ["sessions", sessionId] as const,
  oauthState: (state: string) => ["oauth_states", state] as const,
};
