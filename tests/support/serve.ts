/** The server as a real subprocess (`deno task serve`, `deno run server/main.ts`, ...). */
import { REPO_ROOT } from "./env.ts";

async function readUntil(
  reader: ReadableStreamDefaultReader<string>,
  pattern: RegExp,
): Promise<RegExpExecArray> {
  let seen = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before printing ${pattern}: ${seen}`);
    seen += value;
    const match = pattern.exec(seen);
    if (match) return match;
  }
}

/** Starts a server process with `env`; resolves with what it printed once `ready` matched. */
export async function spawnServer(args: string[], env: Record<string, string>, ready: RegExp) {
  const server = new Deno.Command(Deno.execPath(), {
    args,
    cwd: REPO_ROOT,
    env,
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const stdout = server.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const close = async (signal: Deno.Signal) => {
    try {
      server.kill(signal);
    } catch {
      // Already exited.
    }
    await server.status;
    await stdout.cancel().catch(() => {});
  };
  try {
    return { printed: await readUntil(stdout, ready), close };
  } catch (err) {
    await close("SIGTERM");
    throw err;
  }
}
