/**
 * Runs one of the project's Vite build tasks (`build:ext`, `build:dashboard`) into a folder of the
 * test's choosing, so a test serves exactly what the task builds and never the working tree's
 * own build folder.
 */
import { REPO_ROOT } from "./env.ts";

export async function viteBuild(task: string, outDir: string): Promise<void> {
  const { code, stderr, stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["task", task, "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    const decode = (b: Uint8Array) => new TextDecoder().decode(b);
    throw new Error(`${task} failed (${code}):\n${decode(stdout)}\n${decode(stderr)}`);
  }
}
