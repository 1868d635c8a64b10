/** The few server-rendered HTML pages: sign-in and a minimal home. Values are escaped by `html`. */
import { html } from "hono/html";
import type { OAuthProvider } from "./sessions.ts";
import { htmlPage } from "../../platform/html_page.ts";

const STYLE =
  `body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}
label{display:block;margin:.5rem 0}input{font:inherit;padding:.3rem;width:100%}
button,a.button{font:inherit;padding:.4rem 1rem;margin:.5rem .5rem 0 0;display:inline-block}
.dev{border:3px dashed #b45309;background:#fffbeb;padding:1rem;margin:1.5rem 0}`;

function layout(title: string, body: unknown) {
  return htmlPage({ title, style: STYLE, body });
}

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
  return layout("Sign in", html`<h1>Sign in</h1>${providers}${dev}${none}`);
}

export function homePage(user: { email: string } | null) {
  const body = user
    ? html`<p>Signed in as <strong>${user.email}</strong>.</p>
<p><a href="/api/docs">API reference</a> · <a href="/api/openapi.json">OpenAPI description</a></p>
<form method="post" action="/auth/signout"><button type="submit">Sign out</button></form>`
    : html`<p><a class="button" href="/auth/signin">Sign in</a></p>
<p><a href="/api/docs">API reference</a></p>`;
  return layout("Hallucination detection", html`<h1>Hallucination detection</h1>${body}`);
}
