/** The document shell of the few server-rendered pages; values are escaped by `html`. */
import { html } from "hono/html";

export function htmlPage(input: { title: string; style: string; body: unknown }) {
  return html`
    <!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width">
        <title>${input.title}</title>
        <style>${input.style}</style>
      </head>
      <body>${input.body}</body>
    </html>
  `;
}
