/** The reference routes as OpenAPI definitions (paths relative to the `/api` mount). */
import { createRoute } from "@hono/zod-openapi";

export const openApiRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  tags: ["Reference"],
  operationId: "openapi",
  summary: "This OpenAPI description",
  security: [],
  responses: {
    200: { description: "OpenAPI 3.1 document.", content: { "application/json": {} } },
  },
});

export const docsPageRoute = createRoute({
  method: "get",
  path: "/docs",
  tags: ["Reference"],
  operationId: "docs",
  summary: "Readable API reference generated from this description",
  security: [],
  responses: { "200": { description: "HTML page.", content: { "text/html": {} } } },
});
