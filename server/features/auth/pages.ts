/**
 * The few server-rendered HTML pages: sign-in and the home page of a signed-out visitor (the
 * dashboard replaces it once signed in). Values are escaped by `html`.
 */
import { html } from "hono/html";
import type { OAuthProvider } from "./sessions.ts";
import { htmlPage } from "../../platform/html_page.ts";

const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  oidc: "Sign in with your identity provider",
  github: "Sign in with GitHub",
};

export function signInPage(input: {
  devSignin: boolean;
  providers: OAuthProvider[];
  returnTo: string;
}) {
  const query = (p: OAuthProvider) =>
    `/auth/signin?${new URLSearchParams({ provider: p, return_to: input.returnTo })}`;
  const providers = input.providers.map((p) =>
    html`<a class="button" href="${query(p)}">${PROVIDER_LABELS[p]}</a>`
  );
  const dev = input.devSignin
    ? html`
      <form class="dev" method="post" action="/auth/dev/signin">
        <strong>Development sign-in stub: not for production.</strong>
        <p>Any email signs in without a password. It is on because the server listens on loopback or
      DEV_SIGNIN=true.</p>
        <input type="hidden" name="return_to" value="${input.returnTo}">
        <label>Email <input type="email" name="email" required autocomplete="email"></label>
        <label>Name <input type="text" name="name" autocomplete="name"></label>
        <button type="submit">Sign in (dev stub)</button>
      </form>
    `
    : "";
  const none = !input.devSignin && input.providers.length === 0
    ? html`<p>No sign-in method is configured. Set OIDC_ISSUER and OIDC_CLIENT_ID, or
GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET.</p>`
    : "";
  return htmlPage({ title: "Sign in", body: html`<h1>Sign in</h1>${providers}${dev}${none}` });
}

/** The home page signed out, or signed in while the dashboard is not built (it says so). */
export function homePage(user: { email: string } | null, input: { dashboardBuilt: boolean }) {
  const body = user
    ? html`<p>Signed in as <strong>${user.email}</strong>.</p>
${
      input.dashboardBuilt
        ? ""
        : html`<p>The dashboard is not built: run <code>deno task build:dashboard</code>.</p>`
    }
<p><a href="/api/docs">API reference</a> · <a href="/api/openapi.json">OpenAPI description</a></p>
<form method="post" action="/auth/signout"><button type="submit">Sign out</button></form>`
    : html`<p><a class="button" href="/auth/signin">Sign in</a></p>
<p><a href="/api/docs">API reference</a></p>`;
  return htmlPage({
    title: "Hallucination detection",
    body: html`<h1>Hallucination detection</h1>${body}`,
  });
}
