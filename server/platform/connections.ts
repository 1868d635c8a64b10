/**
 * The API's listening socket, with what Deno.serve (2.9.6) does not offer: timeouts for a
 * request's headers and for idle keep-alive connections, a cap on open connections, and a process
 * that survives running out of file descriptors (Deno.serve exits on EMFILE, and none of 1,000
 * idle connections was ever closed; node:http's `headersTimeout`, `keepAliveTimeout`,
 * `requestTimeout` and `maxConnections` are accepted and ignored, measured).
 *
 * A TCP listener of ours accepts each client and relays its bytes to Deno.serve on a loopback port
 * of its own, where `handler` (Hono's `app.fetch`) runs. The relay knows each connection's state
 * from the inner server (the handler is called with the relay socket's port): between requests,
 * a connection that sends nothing for `idleTimeoutMs`, or whose next request's headers take
 * longer than `headersTimeoutMs` from its first byte, is closed. Over the cap, or when the process
 * has no descriptor left, a new connection is closed at once and the others are served; each is
 * logged once per episode. The relay costs one read and one write per chunk, O(1) bookkeeping,
 * and two 16 KiB buffers per connection. Each client connection holds three descriptors (client,
 * relay, inner), so the default cap is a third of the descriptor limit less a reserve.
 */
import type { Config } from "./config.ts";

export interface GuardedServer {
  addr: Deno.NetAddr;
  /** The cap in force: the configured one, at most what the descriptor limit allows; null unguarded. */
  maxConnections: number | null;
  shutdown(): Promise<void>;
}

/** Descriptors kept for everything but client connections (KV, detector pipes, logs, Deno). */
const RESERVED_DESCRIPTORS = 64;
const DESCRIPTORS_PER_CONNECTION = 3;
const RELAY_BUFFER_BYTES = 16 * 1024;
/** Pause before accepting again when the process is out of descriptors. */
const ACCEPT_RETRY_MS = 100;

/** The soft limit on open files (Linux `/proc`); `undefined` where it cannot be read. */
function descriptorLimit(): number | undefined {
  try {
    const limits = Deno.readTextFileSync("/proc/self/limits");
    const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
    return soft === undefined ? undefined : Number(soft);
  } catch {
    return undefined;
  }
}

/** The most client connections the descriptor limit leaves room for. */
export function defaultMaxConnections(): number {
  const limit = descriptorLimit() ?? 4096;
  return Math.max(1, Math.floor((limit - RESERVED_DESCRIPTORS) / DESCRIPTORS_PER_CONNECTION));
}

/** One log line per episode of `event`: again only once `recovered()` has been called. */
function onceLog(event: string) {
  let logged = false;
  return {
    log(fields: Record<string, unknown> = {}) {
      if (logged) return;
      logged = true;
      console.error(JSON.stringify({ event, ...fields }));
    },
    recovered() {
      logged = false;
    },
  };
}

/** A client connection as the relay tracks it. */
interface Tracked {
  inFlight: number;
  /** Bytes of a request have arrived and its handler has not started yet. */
  awaitingHeaders: boolean;
  timer?: ReturnType<typeof setTimeout>;
  close(): void;
}

async function writeAll(to: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let done = 0; done < bytes.length;) done += await to.write(bytes.subarray(done));
}

export function serveGuarded(
  options: {
    hostname: string;
    port: number;
    limits: Config["connections"];
  },
  handler: (request: Request) => Response | Promise<Response>,
): GuardedServer {
  if (!options.limits.guard) {
    // Behind a proxy that guards connections itself: no relay, and none of its cost.
    const server = Deno.serve(
      { hostname: options.hostname, port: options.port, onListen: () => {} },
      handler,
    );
    return { addr: server.addr, maxConnections: null, shutdown: () => server.shutdown() };
  }
  const { headersTimeoutMs, idleTimeoutMs } = options.limits;
  // Never above what the descriptors allow: Deno.serve's own accept exits the process on EMFILE.
  const maxConnections = Math.min(
    options.limits.maxConnections ?? Infinity,
    defaultMaxConnections(),
  );
  const byRelayPort = new Map<number, Tracked>();
  const open = new Set<Tracked>();
  /** Admitted connections, counted from their accept (before their relay has connected). */
  let admitted = 0;
  const overCap = onceLog("connections_capped");
  const noDescriptors = onceLog("accept_failed");

  const arm = (tracked: Tracked, ms: number) => {
    clearTimeout(tracked.timer);
    tracked.timer = setTimeout(tracked.close, ms);
  };

  const inner = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    (request, info) => {
      const tracked = byRelayPort.get(info.remoteAddr.port);
      if (tracked) {
        tracked.inFlight++;
        tracked.awaitingHeaders = false;
        clearTimeout(tracked.timer);
        info.completed.catch(() => {}).finally(() => {
          if (--tracked.inFlight === 0) arm(tracked, idleTimeoutMs);
        });
      }
      return handler(request);
    },
  );
  // Throws Deno.errors.AddrInUse when the port is taken: the caller names it.
  const listener = Deno.listen({ hostname: options.hostname, port: options.port });

  async function relay(client: Deno.TcpConn): Promise<void> {
    let upstream: Deno.Conn;
    try {
      upstream = await Deno.connect({ hostname: "127.0.0.1", port: inner.addr.port });
    } catch (err) {
      noDescriptors.log({ error: (err as Error).name });
      client.close();
      admitted--;
      return;
    }
    let closed = false;
    const tracked: Tracked = {
      inFlight: 0,
      awaitingHeaders: false,
      close() {
        if (closed) return;
        closed = true;
        clearTimeout(tracked.timer);
        for (const conn of [client, upstream]) {
          try {
            conn.close();
          } catch {
            // Already closed.
          }
        }
        byRelayPort.delete((upstream.localAddr as Deno.NetAddr).port);
        open.delete(tracked);
        if (--admitted < maxConnections) overCap.recovered();
      },
    };
    byRelayPort.set((upstream.localAddr as Deno.NetAddr).port, tracked);
    open.add(tracked);
    arm(tracked, idleTimeoutMs);

    const fromClient = (async () => {
      const buffer = new Uint8Array(RELAY_BUFFER_BYTES);
      while (true) {
        const n = await client.read(buffer);
        if (n === null) return await upstream.closeWrite();
        // The first byte of a request between requests starts its headers' clock.
        if (tracked.inFlight === 0 && !tracked.awaitingHeaders) {
          tracked.awaitingHeaders = true;
          arm(tracked, headersTimeoutMs);
        }
        await writeAll(upstream, buffer.subarray(0, n));
      }
    })();
    const toClient = (async () => {
      const buffer = new Uint8Array(RELAY_BUFFER_BYTES);
      while (true) {
        const n = await upstream.read(buffer);
        if (n === null) return;
        await writeAll(client, buffer.subarray(0, n));
      }
    })();
    // Either side failing, or the server's side ending, ends the connection.
    await Promise.race([toClient, fromClient.then(() => toClient)]).catch(() => {});
    tracked.close();
  }

  const accepting = (async () => {
    while (true) {
      let client: Deno.TcpConn;
      try {
        client = await listener.accept();
      } catch (err) {
        if (err instanceof Deno.errors.BadResource) return; // shut down
        noDescriptors.log({ error: (err as Error).name, open: admitted });
        await new Promise((r) => setTimeout(r, ACCEPT_RETRY_MS));
        continue;
      }
      noDescriptors.recovered();
      if (admitted >= maxConnections) {
        overCap.log({ max_connections: maxConnections });
        client.close();
        continue;
      }
      admitted++;
      client.setNoDelay(true);
      relay(client).catch(() => {});
    }
  })();

  return {
    addr: listener.addr as Deno.NetAddr,
    maxConnections,
    async shutdown() {
      listener.close();
      await accepting;
      for (const tracked of [...open]) tracked.close();
      await inner.shutdown();
    },
  };
}
