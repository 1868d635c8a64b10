/**
 * `GET /api/openapi.json` and `GET /api/docs`: both built once, on first request (when every
 * feature's routes are mounted), from the same description.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../../platform/env.ts";
import { createRouter } from "../../platform/validation_hook.ts";
import { type DescribedRoutes, type OpenApiDocument, openApiDocument } from "./openapi.ts";
import { referencePage } from "./reference_page.ts";
import { docsPageRoute, openApiRoute } from "./routes.ts";

export function docsRouter({ config }: AppDeps, routes: DescribedRoutes): OpenAPIHono<AppEnv> {
  let doc: OpenApiDocument | undefined;
  let page: ReturnType<typeof referencePage> | undefined;
  const document = () => doc ??= openApiDocument(config.publicUrl, routes);
  const app = createRouter();
  // Their bodies have no zod schema to type a handler by: described, then served.
  app.openAPIRegistry.registerPath(openApiRoute);
  app.openAPIRegistry.registerPath(docsPageRoute);
  app.get("/openapi.json", (c) => c.json(document()));
  app.get("/docs", async (c) => c.html(await (page ??= referencePage(document()))));
  return app;
}
