/**
 * A real denokv (Deno's self-hosted KV Connect server) on loopback, on a SQLite file in a temp
 * folder, with a random access token: stopped and started again on the same port and file, as
 * an operator would restart it. For the scale-out benchmark and the tests.
 */
import { openKv } from "../platform/kv/kv.ts";

/** A port free at the moment of asking. */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

export interface RunningDenokv {
  url: string;
  /** KV_PATH and DENO_KV_ACCESS_TOKEN for a process that uses it. */
  env: Record<string, string>;
  /** Opens it from this process (the token set for Deno's KV Connect client). */
  open(): Promise<Deno.Kv>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function listening(port: number): Promise<boolean> {
  try {
    (await Deno.connect({ hostname: "127.0.0.1", port })).close();
    return true;
  } catch {
    return false;
  }
}

/** Starts `binary` (a denokv executable) and waits until it accepts connections. */
export async function startDenokv(binary: string): Promise<RunningDenokv> {
  const dir = await Deno.makeTempDir({ prefix: "denokv_" });
  const port = freePort();
  const token = crypto.randomUUID();
  const url = `http://127.0.0.1:${port}`;
  let child: Deno.ChildProcess | undefined;
  const start = async () => {
    child = new Deno.Command(binary, {
      args: ["--sqlite-path", `${dir}/kv.sqlite3`, "serve", "--addr", `127.0.0.1:${port}`],
      env: { DENO_KV_ACCESS_TOKEN: token },
      stdout: "null",
      stderr: "null",
    }).spawn();
    for (let i = 0; i < 200 && !(await listening(port)); i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const stop = async () => {
    child?.kill("SIGTERM");
    await child?.status;
    child = undefined;
  };
  await start();
  // Deno's KV Connect client reads the token from this process's environment.
  Deno.env.set("DENO_KV_ACCESS_TOKEN", token);
  return {
    url,
    env: { KV_PATH: url, DENO_KV_ACCESS_TOKEN: token },
    open: () => openKv(url),
    stop,
    start,
    close: async () => {
      await stop();
      await Deno.remove(dir, { recursive: true });
    },
  };
}
