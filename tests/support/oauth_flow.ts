/** The browser's side of an OAuth sign-in, step by step over real HTTP, for the provider tests. */
import assert from "node:assert/strict";
import type { RunningApi } from "./http.ts";

/** Fetches without following redirects; the body is discarded. */
export async function redirectOf(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { ...init, redirect: "manual" });
  await res.body?.cancel();
  return res;
}

/** `GET /auth/signin` at the API: the provider's authorization URL it redirects to. */
export async function beginSignIn(api: RunningApi, returnTo = "/"): Promise<URL> {
  const res = await redirectOf(`${api.url}/auth/signin?return_to=${encodeURIComponent(returnTo)}`);
  assert.equal(res.status, 302);
  return new URL(res.headers.get("location")!);
}

/** The user approves at the provider, which sends the browser back: the callback URL. */
export async function authorize(authorizationUrl: URL): Promise<URL> {
  const res = await redirectOf(authorizationUrl);
  assert.equal(res.status, 302, "the provider redirects back");
  return new URL(res.headers.get("location")!);
}
