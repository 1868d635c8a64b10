/**
 * The document shell of the few server-rendered pages; values are escaped by `html`. Their CSS is
 * the served /pages.css (PAGES_CSS_PATH): the pages' Content-Security-Policy allows no inline
 * style.
 */
import { html } from "hono/html";

export const PAGES_CSS_PATH = "/pages.css";

/** The stylesheet's text, read once at start-up. */
export const PAGES_CSS = Deno.readTextFileSync(new URL("./pages.css", import.meta.url));

export function htmlPage(input: { title: string; bodyClass?: string; body: unknown }) {
  return html`
    <!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width">
        <title>${input.title}</title>
        <link rel="stylesheet" href="${PAGES_CSS_PATH}">
      </head>
      <body class="${input.bodyClass ?? ""}">${input.body}</body>
    </html>
  `;
}
