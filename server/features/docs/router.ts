/** `GET /api/openapi.json` and `GET /api/docs`: both built once from the same description. */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { openApiDocument } from "./openapi.ts";
import { referencePage } from "./reference_page.ts";

export function docsRouter({ config }: AppDeps): Hono<AppEnv> {
  const doc = openApiDocument(config.publicUrl);
  const page = referencePage(doc);
  const app = new Hono<AppEnv>();
  app.get("/openapi.json", (c) => c.json(doc));
  app.get("/docs", async (c) => c.html(await page));
  return app;
}
