/**
 * `deno task probe`: the network hardening of issue 23 checked black-box, as a deployment sees
 * it. It starts `deno task serve` itself (free ports, a temp KV) and prints one line per check:
 * its figure and PASS or FAIL, then exits 1 if any failed. About two minutes at most.
 *
 *   - a 64 KiB detect body sent one byte per write (by length, then chunked): answered within 3 s,
 *     the API process's RSS grown by under 200 MB, another client's `GET /` meanwhile within 1 s;
 *   - 20 MiB bodies refused (400) on every route that reads a body, by length and chunked;
 *   - clients gone mid-body: no `handler_failed` line;
 *   - 1,000 idle connections: at least 90% closed by the server within 40 s;
 *   - a server under `ulimit -n 256` given more connections than that: alive, and serving after;
 *   - a taken PORT and a taken DETECTOR_PORT: named at start-up, exit code non-zero;
 *   - security headers of the HTML pages (sign-in, dashboard, API reference) and no-store on the
 *     answers that carry a key or account data.
 *
 *   deno task probe [--repo DIR]   (DIR: another checkout to probe, e.g. the code before the fix)
 */
import { parseArgs } from "node:util";
import { rssMiB } from "./processes.ts";
import { bodyRouteHeads, rawPost } from "./raw_post.ts";

const { values } = parseArgs({ options: { repo: { type: "string" } } });
const REPO = values.repo ?? new URL("../../", import.meta.url).pathname;
const encoder = new TextEncoder();
const MB = 1024 * 1024;
let failures = 0;

function report(check: string, figure: string, pass: boolean): void {
  if (!pass) failures++;
  console.log(`${pass ? "PASS" : "FAIL"}  ${check}: ${figure}`);
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Served {
  url: string;
  /** The API process (the child of `deno task`). */
  pid: number;
  stderr: string[];
  stop(): Promise<void>;
}

/** `deno task serve` under `ulimit -n`, on a free port with a temp KV; ready once listening. */
async function serve(env: Record<string, string> = {}, ulimit?: number): Promise<Served> {
  const dir = await Deno.makeTempDir({ prefix: "probe_" });
  const port = freePort();
  await Deno.writeTextFile(`${dir}/plans.json`, '{"api_free":{"perMinute":100000}}');
  const exec = `exec "${Deno.execPath()}" task -q serve`;
  const child = new Deno.Command("bash", {
    args: ["-c", ulimit ? `ulimit -n ${ulimit}; ${exec}` : exec],
    cwd: REPO,
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      DETECTOR_PORT: "0",
      KV_PATH: `${dir}/kv.sqlite3`,
      PLANS_FILE: `${dir}/plans.json`,
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr: string[] = [];
  (async () => {
    for await (const text of child.stderr.pipeThrough(new TextDecoderStream())) {
      stderr.push(...text.split("\n").filter(Boolean));
    }
  })().catch(() => {});
  const out = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!/API listening on/.test(seen)) {
    const { value, done } = await out.read();
    if (done) throw new Error(`server exited: ${stderr.join("\n")}`);
    seen += value;
  }
  (async () => {
    while (!(await out.read()).done);
  })().catch(() => {});
  const children = await Deno.readTextFile(`/proc/${child.pid}/task/${child.pid}/children`);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: Number(children.trim().split(/\s+/)[0]),
    stderr,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch {
        // Gone already.
      }
      await child.status;
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** A signed-in cookie and an API key on `url`. */
async function credentials(url: string): Promise<{ cookie: string; key: string }> {
  const signin = await fetch(`${url}/auth/dev/signin`, {
    method: "POST",
    body: new URLSearchParams({ email: "probe@example.com" }),
    redirect: "manual",
  });
  await signin.body?.cancel();
  const cookie = signin.headers.getSetCookie()[0].split(";")[0];
  const created = await fetch(`${url}/api/keys`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: "{}",
  });
  return { cookie, key: (await created.json()).key };
}

/** `rawPost`'s status line (or how it ended) and its milliseconds. */
async function post(url: string, head: string, options: Parameters<typeof rawPost>[2]) {
  const { answer, ms } = await rawPost(url, head, options);
  return { status: answer.split("\r\n")[0], ms };
}

async function slowBodies(api: Served, key: string): Promise<void> {
  const head = `POST /api/detect HTTP/1.1\r\nAuthorization: Bearer ${key}\r\n` +
    "Content-Type: application/json\r\n";
  for (const chunked of [false, true]) {
    const before = rssMiB(api.pid);
    // Another client meanwhile: its slowest `GET /` while the slow body is sent.
    let sending = true;
    let slowest = 0;
    const other = (async () => {
      while (sending) {
        const started = performance.now();
        await fetch(api.url).then((r) => r.body?.cancel(), () => {});
        slowest = Math.max(slowest, performance.now() - started);
        await sleep(50);
      }
    })();
    const { status, ms } = await post(api.url, head, {
      size: 64 * 1024,
      piece: 1,
      chunked,
      limitMs: 15_000,
    });
    sending = false;
    await other;
    await sleep(500);
    const grown = rssMiB(api.pid) - before;
    report(
      `64 KiB body in 1-byte writes, ${chunked ? "chunked" : "by length"}`,
      `${status} after ${ms} ms, API RSS +${grown.toFixed(0)} MB, ` +
        `another client's slowest GET / meanwhile ${slowest.toFixed(0)} ms`,
      status.startsWith("HTTP/1.1 4") && ms < 3_000 && grown < 200 && slowest < 1_000,
    );
  }
}

async function largeBodies(api: Served, { cookie, key }: { cookie: string; key: string }) {
  for (const head of bodyRouteHeads({ cookie, key })) {
    for (const chunked of [false, true]) {
      const before = rssMiB(api.pid);
      const { status, ms } = await post(api.url, head, {
        size: 20 * MB,
        piece: 64 * 1024,
        chunked,
        limitMs: 10_000,
      });
      report(
        `20 MiB to ${head.split(" HTTP")[0]}, ${chunked ? "chunked" : "by length"}`,
        `${status} after ${ms} ms, RSS +${(rssMiB(api.pid) - before).toFixed(0)} MB`,
        status.startsWith("HTTP/1.1 400"),
      );
    }
  }
}

async function goneMidBody(api: Served, key: string): Promise<void> {
  const clients = 100;
  const logged = api.stderr.length;
  for (let i = 0; i < clients; i++) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(api.url).port) });
    await conn.write(encoder.encode(
      `POST /api/detect HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"response": "`,
    ));
    await sleep(20);
    conn.close();
  }
  await sleep(1_000);
  const lines = api.stderr.slice(logged);
  const failed = lines.filter((l) => l.includes("handler_failed")).length;
  const closed = lines.filter((l) => l.includes("client_closed")).length;
  report(
    `${clients} clients gone mid-body`,
    `${failed} handler_failed lines, ${closed} client_closed lines`,
    failed === 0,
  );
}

async function idleConnections(api: Served): Promise<void> {
  const count = 1_000;
  const conns: Deno.Conn[] = [];
  for (let i = 0; i < count; i++) {
    conns.push(
      await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(api.url).port) }),
    );
  }
  const started = performance.now();
  let closed = 0;
  let last = 0;
  let counting = true;
  const watching = conns.map((conn) =>
    conn.read(new Uint8Array(16)).catch(() => null).then((n) => {
      if (n === null && counting) {
        closed++;
        last = performance.now() - started;
      }
    })
  );
  while (closed < count && performance.now() - started < 40_000) await sleep(250);
  counting = false; // closing them here is not the server's doing
  for (const conn of conns) conn.close();
  await Promise.all(watching);
  report(
    `${count} idle connections`,
    `${closed} closed by the server within 40 s (the last after ${(last / 1000).toFixed(1)} s)`,
    closed >= count * 0.9,
  );
}

async function outOfDescriptors(): Promise<void> {
  const limit = 256;
  const api = await serve({ IDLE_TIMEOUT_MS: "60000" }, limit);
  try {
    const conns: Deno.Conn[] = [];
    let refused = 0;
    for (let i = 0; i < limit * 2; i++) {
      const conn = await Deno.connect({
        hostname: "127.0.0.1",
        port: Number(new URL(api.url).port),
      }).catch(() => null);
      if (conn) conns.push(conn);
      else refused++;
    }
    await sleep(1_000);
    for (const conn of conns) conn.close();
    let status = 0;
    for (let tries = 0; tries < 50 && status !== 200; tries++) {
      status = await fetch(api.url).then(async (r) => {
        await r.body?.cancel();
        return r.status;
      }, () => 0);
      if (status !== 200) await sleep(100);
    }
    const alive = (() => {
      try {
        return !/State:\s+Z/.test(Deno.readTextFileSync(`/proc/${api.pid}/status`));
      } catch {
        return false;
      }
    })();
    report(
      `ulimit -n ${limit}, ${limit * 2} connections`,
      `${conns.length} opened (${refused} refused), process ${alive ? "alive" : "gone"}, ` +
        `GET / then ${status || "unreachable"}`,
      alive && status === 200,
    );
  } finally {
    await api.stop();
  }
}

async function takenPorts(): Promise<void> {
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = String((taken.addr as Deno.NetAddr).port);
  try {
    for (const variable of ["PORT", "DETECTOR_PORT"]) {
      const dir = await Deno.makeTempDir({ prefix: "probe_port_" });
      const { code, stderr } = await new Deno.Command(Deno.execPath(), {
        args: ["task", "-q", "serve"],
        cwd: REPO,
        env: {
          HOST: "127.0.0.1",
          KV_PATH: `${dir}/kv.sqlite3`,
          PORT: String(freePort()),
          DETECTOR_PORT: "0",
          [variable]: port,
        },
        stdout: "null",
        stderr: "piped",
      }).output();
      await Deno.remove(dir, { recursive: true });
      const text = new TextDecoder().decode(stderr);
      const named = text.includes(`${variable} ${port}`);
      const line = text.split("\n").find((l) => l.includes(port)) ??
        text.split("\n").find(Boolean) ?? "";
      report(
        `${variable} taken`,
        `exit code ${code}, ${named ? "named" : "not named"}: ${line.trim().slice(0, 100)}`,
        code !== 0 && named,
      );
    }
  } finally {
    taken.close();
  }
}

/** Every HTML page framed by nobody, with a CSP without inline script; keys and usage not cached. */
async function securityHeaders(url: string, cookie: string): Promise<void> {
  const pages = ["/auth/signin", "/", "/keys", "/api/docs"];
  const missing: string[] = [];
  for (const path of pages) {
    const res = await fetch(`${url}${path}`, { headers: { cookie } });
    await res.body?.cancel();
    const csp = res.headers.get("content-security-policy") ?? "";
    if (!csp.includes("frame-ancestors 'none'") || /script-src[^;]*unsafe-inline/.test(csp)) {
      missing.push(`${path}: CSP`);
    }
    if (res.headers.get("x-frame-options") !== "DENY") missing.push(`${path}: X-Frame-Options`);
    if (res.headers.get("x-content-type-options") !== "nosniff") missing.push(`${path}: nosniff`);
    if (!res.headers.get("referrer-policy")) missing.push(`${path}: Referrer-Policy`);
  }
  for (const path of ["/api/keys", "/api/usage/summary"]) {
    const res = await fetch(`${url}${path}`, { headers: { cookie } });
    await res.body?.cancel();
    if (res.headers.get("cache-control") !== "no-store") missing.push(`${path}: no-store`);
  }
  report(
    "security headers",
    missing.length === 0
      ? `on ${pages.length} HTML pages and 2 account answers`
      : missing.join(", "),
    missing.length === 0,
  );
}

if (import.meta.main) {
  console.log(`probing ${REPO} (load average ${Deno.loadavg().join(" ")})`);
  const api = await serve();
  try {
    const creds = await credentials(api.url);
    await slowBodies(api, creds.key);
    await largeBodies(api, creds);
    await goneMidBody(api, creds.key);
    await idleConnections(api);
    await securityHeaders(api.url, creds.cookie);
  } finally {
    await api.stop();
  }
  await outOfDescriptors();
  await takenPorts();
  console.log(failures === 0 ? "all checks passed" : `${failures} check(s) failed`);
  Deno.exit(failures === 0 ? 0 : 1);
}
