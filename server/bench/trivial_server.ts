/**
 * The benchmark's baseline: a trivial Hono handler on Deno.serve that reads the JSON body and
 * answers a small JSON object, so the service's throughput can be read as a share of what HTTP
 * alone allows on this machine.
 */
import { Hono } from "hono";

const app = new Hono();
app.post("/api/detect", async (c) => {
  const body = await c.req.json();
  return c.json({ ok: typeof body === "object" });
});
Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ hostname, port }) => console.log(`trivial listening on http://${hostname}:${port}`),
}, app.fetch);
