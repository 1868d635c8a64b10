/**
 * Server processes started from outside (the benchmark, and the tests that need a real process):
 * `deno` with `args` in the repository root, ready once its stdout has printed `ready`; its
 * stderr goes to this process's stderr. Also the CPU time and resident memory of a process, read
 * from /proc (Linux), for the benchmark's per-process figures.
 */
const REPO_ROOT = new URL("../../", import.meta.url).pathname;

export interface ServerProcess {
  pid: number;
  /** The match of `ready` in what the process printed. */
  printed: RegExpExecArray;
  close(signal: Deno.Signal): Promise<void>;
}

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

export async function startServerProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<ServerProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: REPO_ROOT,
    env,
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const stdout = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const close = async (signal: Deno.Signal) => {
    try {
      child.kill(signal);
    } catch {
      // Already exited.
    }
    await child.status;
    await stdout.cancel().catch(() => {});
  };
  try {
    return { pid: child.pid, printed: await readUntil(stdout, ready), close };
  } catch (err) {
    await close("SIGTERM");
    throw err;
  }
}

const CLOCK_TICKS_PER_S = 100;

/** CPU time (user + system) a process has used so far, in milliseconds; NaN off Linux. */
export function cpuMs(pid: number): number {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 1000 / CLOCK_TICKS_PER_S;
  } catch {
    return NaN;
  }
}

/** Resident memory of a process in MiB; NaN off Linux. */
export function rssMiB(pid: number): number {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
  } catch {
    return NaN;
  }
}
