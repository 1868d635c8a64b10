/**
 * `deno task serve`: the API on HOST:PORT, and, unless DETECTOR_URL names one, the detector beside
 * it as a supervised child process on HOST:DETECTOR_PORT with the generated internal secret. The detector
 * answers 503 `model_unavailable` until its model has loaded; the API is usable meanwhile.
 */
import { createApp } from "./app.ts";
import { type Config, loadConfig } from "./platform/config.ts";
import { openKv } from "./platform/kv/kv.ts";
import { detectorBaseUrl } from "./features/detect/detector_client.ts";
import {
  startSupervisedDetector,
  type SupervisedDetector,
} from "./features/detect/detector_supervisor.ts";

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(Deno.env.toObject());
  } catch (err) {
    console.error((err as Error).message);
    Deno.exit(2);
  }
  let kv: Deno.Kv;
  try {
    kv = await openKv(config.kvPath);
  } catch (err) {
    // Deno's message names the server and why (unreachable, token refused); never the token.
    console.error(`cannot open the KV store KV_PATH=${config.kvPath}: ${(err as Error).message}`);
    Deno.exit(2);
  }

  let detector: SupervisedDetector | null = null;
  if (config.detector.kind === "embedded") {
    detector = await startSupervisedDetector({
      host: config.host,
      port: config.detector.port,
      secret: config.detector.secret,
      modelDir: config.detector.modelDir,
      knowledgeDir: config.detector.knowledgeDir,
      verifier: config.detector.verifier,
    });
    config = { ...config, detector: { ...config.detector, port: detector.port } };
  }

  const app = createApp({ config, kv, now: () => new Date() });
  const server = Deno.serve({
    hostname: config.host,
    port: config.port,
    onListen: ({ hostname, port }) => {
      console.log(`API listening on http://${hostname}:${port}`);
      const url = detectorBaseUrl(config);
      console.log(
        config.detector.kind === "unconfigured"
          ? "detector not configured: DETECTOR_URL is set without DETECTOR_SECRET"
          : `detector ${config.detector.kind === "embedded" ? "started" : "used"} at ${url}`,
      );
    },
  }, app.fetch);

  const stop = async () => {
    await server.shutdown();
    await detector?.stop();
    kv.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
}

if (import.meta.main) await main();
