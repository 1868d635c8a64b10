/** The real inference backend with the committed model, on 127.0.0.1 port 0. */
import { createDetectorApp } from "../../../server/detector/app.ts";
import { loadDetector } from "../../../server/detector/model.ts";

export function startDetector(): { url: string; secret: string; close(): Promise<void> } {
  const secret = crypto.randomUUID() + crypto.randomUUID();
  const app = createDetectorApp({ secret, detector: loadDetector() });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
  return { url: `http://127.0.0.1:${server.addr.port}`, secret, close: () => server.shutdown() };
}
