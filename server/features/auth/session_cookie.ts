/** The dashboard session cookie `__session`: one place for its name and attributes. */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Config } from "../../platform/config.ts";
import type { NewSession } from "./sessions.ts";

export const SESSION_COOKIE = "__session";

function attributes(config: Config) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "Lax" as const,
    secure: config.publicUrl.startsWith("https://"),
  };
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE) || undefined;
}

export function setSessionCookie(c: Context, config: Config, session: NewSession): void {
  setCookie(c, SESSION_COOKIE, session.token, {
    ...attributes(config),
    expires: new Date(session.record.expiresAt),
  });
}

export function clearSessionCookie(c: Context, config: Config): void {
  deleteCookie(c, SESSION_COOKIE, attributes(config));
}
