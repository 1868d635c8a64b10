/**
 * The API's connections over real sockets (issue 23): idle and slow-header connections are
 * closed, open connections are capped, a process out of file descriptors keeps serving, and a
 * taken PORT or DETECTOR_PORT stops `deno task serve` with a line naming it.
 */
import assert from "node:assert/strict";
import { startApi } from "../support/http.ts";
import { REPO_ROOT } from "../support/env.ts";

const encoder = new TextEncoder();

function connect(url: string): Promise<Deno.TcpConn> {
  return Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(url).port) });
}

/** Resolves once the server has closed `conn` (end of stream or reset); rejects after `ms`. */
async function closedByServer(conn: Deno.Conn, ms: number): Promise<void> {
  const buf = new Uint8Array(4096);
  const deadline = AbortSignal.timeout(ms);
  while (!deadline.aborted) {
    const n = await Promise.race([
      conn.read(buf).catch(() => null),
      new Promise<"late">((r) => deadline.addEventListener("abort", () => r("late"))),
    ]);
    if (n === null) return conn.close();
    if (n === "late") break;
  }
  conn.close();
  throw new Error(`connection still open after ${ms} ms`);
}

Deno.test("connections: idle, keep-alive and slow-header connections are closed", async () => {
  const api = await startApi({ env: { IDLE_TIMEOUT_MS: "300", HEADERS_TIMEOUT_MS: "300" } });
  try {
    // Never sends a byte.
    const idle = await Promise.all(Array.from({ length: 20 }, () => connect(api.url)));
    // Sends half its headers, never the rest.
    const slow = await connect(api.url);
    await slow.write(encoder.encode("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
    // Served once, then kept alive with nothing more to send.
    const kept = await connect(api.url);
    await kept.write(encoder.encode("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
    const first = new Uint8Array(65536);
    assert.match(
      new TextDecoder().decode(first.subarray(0, await kept.read(first) ?? 0)),
      /^HTTP\/1\.1 200 /,
    );
    await Promise.all([...idle, slow, kept].map((conn) => closedByServer(conn, 10_000)));
  } finally {
    await api.close();
  }
});

Deno.test("connections: CONNECTION_GUARD=false serves on Deno.serve itself, with no idle timeout", async () => {
  const api = await startApi({ env: { CONNECTION_GUARD: "false", IDLE_TIMEOUT_MS: "300" } });
  try {
    const idle = await connect(api.url);
    await assert.rejects(closedByServer(idle, 1_500), /still open/, "no guard closes it");
    const res = await fetch(`${api.url}/auth/signin`);
    await res.body?.cancel();
    assert.equal(res.status, 200);
  } finally {
    await api.close();
  }
});

Deno.test("connections: over the cap a new connection is closed, the open ones still served", async () => {
  const api = await startApi({ env: { MAX_CONNECTIONS: "5", IDLE_TIMEOUT_MS: "60000" } });
  const lines: string[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => lines.push(args.join(" "));
  try {
    const held = await Promise.all(Array.from({ length: 5 }, () => connect(api.url)));
    for (let i = 0; i < 3; i++) await closedByServer(await connect(api.url), 10_000);
    assert.equal(lines.filter((l) => l.includes('"event":"connections_capped"')).length, 1);
    await held[0].write(encoder.encode("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
    const buf = new Uint8Array(65536);
    assert.match(
      new TextDecoder().decode(buf.subarray(0, await held[0].read(buf) ?? 0)),
      /^HTTP\/1\.1 200 /,
    );
    held[1].close();
    // A freed place is taken again.
    let res: Response | undefined;
    for (let tries = 0; tries < 50 && res?.status !== 200; tries++) {
      res = await fetch(api.url).catch(() => undefined);
      await res?.body?.cancel();
      if (res?.status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(res?.status, 200);
    for (const conn of held.slice(2)) conn.close();
    held[0].close();
  } finally {
    console.error = error;
    await api.close();
  }
});

/** `deno run server/main.ts` under `bash -c 'ulimit -n N; exec ...'`, no detector started. */
function serveProcess(env: Record<string, string>, ulimit?: number) {
  const dir = Deno.makeTempDirSync({ prefix: "connections_" });
  const exec = `exec "${Deno.execPath()}" run -A server/main.ts`;
  return {
    dir,
    child: new Deno.Command("bash", {
      args: ["-c", ulimit ? `ulimit -n ${ulimit}; ${exec}` : exec],
      cwd: REPO_ROOT,
      env: { KV_PATH: `${dir}/kv.sqlite3`, HOST: "127.0.0.1", ...env },
      stdout: "piped",
      stderr: "piped",
    }).spawn(),
  };
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

Deno.test("connections: out of file descriptors the process lives and serves again", async () => {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  // No cap set: the derived one is what keeps the process alive; a sky-high one must too.
  for (const cap of [undefined, "100000"]) {
    const env: Record<string, string> = {
      PORT: String(port),
      DETECTOR_URL: "http://127.0.0.1:9",
      IDLE_TIMEOUT_MS: "60000",
      ...(cap ? { MAX_CONNECTIONS: cap } : {}),
    };
    const { dir, child } = serveProcess(env, 128);
    const stdout = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    try {
      let printed = "";
      while (!printed.includes("API listening")) printed += (await stdout.read()).value ?? "";
      const conns: Deno.Conn[] = [];
      for (let i = 0; i < 300; i++) {
        const conn = await connect(url).catch(() => null);
        if (conn) conns.push(conn);
      }
      for (const conn of conns) conn.close();
      let res: Response | undefined;
      for (let tries = 0; tries < 100 && res?.status !== 200; tries++) {
        res = await fetch(url).catch(() => undefined);
        await res?.body?.cancel();
        if (res?.status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(res?.status, 200, `cap ${cap ?? "derived"}`);
    } finally {
      child.kill("SIGTERM");
      await child.status;
      await stdout.cancel();
      await child.stderr.cancel();
      await Deno.remove(dir, { recursive: true });
    }
  }
});

Deno.test("start-up: a taken PORT or DETECTOR_PORT is named, exit code 1, no stack trace", async () => {
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = String((taken.addr as Deno.NetAddr).port);
  try {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { PORT: port, DETECTOR_URL: "http://127.0.0.1:9" },
        new RegExp(`PORT ${port} is already in use`),
      ],
      [
        { PORT: String(freePort()), DETECTOR_PORT: port },
        new RegExp(`DETECTOR_PORT ${port} is already in use`),
      ],
    ];
    for (const [env, named] of cases) {
      const { dir, child } = serveProcess(env);
      const { code, stderr } = await child.output();
      await Deno.remove(dir, { recursive: true });
      const text = new TextDecoder().decode(stderr);
      assert.equal(code, 1, text);
      assert.match(text, named);
      assert.doesNotMatch(text, /Uncaught|\n\s+at /);
    }
  } finally {
    taken.close();
  }
});
