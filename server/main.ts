/**
 * `deno task serve`: the API on HOST:PORT, and, unless DETECTOR_URL names one, the detector beside
 * it as a supervised child process on HOST:DETECTOR_PORT with the generated internal secret. The detector
 * answers 503 `model_unavailable` until its model has loaded; the API is usable meanwhile.
 */
import { createApp } from "./app.ts";
import { type Config, loadConfig } from "./platform/config.ts";
import { openKv } from "./platform/kv/kv.ts";
import { type GuardedServer, serveGuarded } from "./platform/connections.ts";
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
    try {
      detector = await startSupervisedDetector({
        host: config.host,
        port: config.detector.port,
        secret: config.detector.secret,
        modelDir: config.detector.modelDir,
        knowledgeDir: config.detector.knowledgeDir,
        encoderConcurrency: config.detector.encoderConcurrency,
        verifier: config.detector.verifier,
      });
    } catch (err) {
      // The detector has printed why (a taken DETECTOR_PORT names itself); no stack trace here.
      console.error(`detector did not start: ${(err as Error).message}`);
      Deno.exit(1);
    }
    config = { ...config, detector: { ...config.detector, port: detector.port } };
  }

  const app = createApp({ config, kv, now: () => new Date() });
  let server: GuardedServer;
  try {
    server = serveGuarded({
      hostname: config.host,
      port: config.port,
      limits: config.connections,
    }, app.fetch);
  } catch (err) {
    if (!(err instanceof Deno.errors.AddrInUse)) throw err;
    console.error(
      `PORT ${config.port} is already in use on ${config.host}: set PORT to a free port`,
    );
    await detector?.stop();
    Deno.exit(1);
  }
  console.log(`API listening on http://${config.host}:${server.addr.port}`);
  console.log(
    config.detector.kind === "unconfigured"
      ? "detector not configured: DETECTOR_URL is set without DETECTOR_SECRET"
      : `detector ${config.detector.kind === "embedded" ? "started" : "used"} at ${
        detectorBaseUrl(config)
      }`,
  );
  console.log(
    server.maxConnections === null
      ? "connections: not guarded (CONNECTION_GUARD=false)"
      : `connections: at most ${server.maxConnections} open`,
  );

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
