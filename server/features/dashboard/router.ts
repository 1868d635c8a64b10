/**
 * The web dashboard: its pages (`/` overview, `/keys`, `/try`) for a signed-in user, the built
 * Preact app's files (`/assets/*`, built by `deno task build:dashboard` into DASHBOARD_DIR) and
 * the server-rendered pages' stylesheet. Signed out, `/` is the plain home page with its sign-in
 * link and the other pages send to sign-in. The app is read once, when the router is made.
 */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { notFound } from "../../platform/errors.ts";
import { PAGES_CSS, PAGES_CSS_PATH } from "../../platform/html_page.ts";
import { noStore } from "../../platform/middleware/no_store.ts";
import { sessionUser } from "../auth/session_auth.ts";
import { homePage } from "../auth/pages.ts";

/** The dashboard's pages: one app, which reads the path to know which one it shows. */
export const DASHBOARD_PAGES = ["/", "/keys", "/try"] as const;

/** Older or guessed addresses of the overview. */
const OVERVIEW_ALIASES = ["/dashboard", "/usage"];

const CONTENT_TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
};

/** The built app's page, or null when the dashboard has not been built. */
function readShell(dir: string): string | null {
  try {
    return Deno.readTextFileSync(`${dir}/index.html`);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw err;
  }
}

export function dashboardRouter(deps: AppDeps): Hono<AppEnv> {
  const dashboardDir = deps.config.dashboardDir ?? new URL("./app/dist", import.meta.url).pathname;
  const shell = readShell(dashboardDir);
  const app = new Hono<AppEnv>();

  app.get(PAGES_CSS_PATH, (c) => c.body(PAGES_CSS, 200, { "Content-Type": CONTENT_TYPES.css }));

  // Built file names carry a content hash, so a name's content never changes.
  app.get("/assets/:name{[A-Za-z0-9_-][A-Za-z0-9_.-]*}", async (c) => {
    const name = c.req.param("name");
    const type = CONTENT_TYPES[name.split(".").pop() ?? ""];
    if (!type) throw notFound();
    const file = await Deno.readFile(`${dashboardDir}/assets/${name}`).catch(() => null);
    if (!file) throw notFound();
    return c.body(file, 200, {
      "Content-Type": type,
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });

  for (const alias of OVERVIEW_ALIASES) app.get(alias, (c) => c.redirect("/", 301));

  for (const page of DASHBOARD_PAGES) {
    app.get(page, noStore(), async (c) => {
      const user = await sessionUser(c, deps);
      if (user && shell) return c.html(shell);
      if (user || page === "/") return c.html(homePage(user, { dashboardBuilt: shell !== null }));
      return c.redirect(`/auth/signin?${new URLSearchParams({ return_to: page })}`, 302);
    });
  }
  return app;
}
