/** Builds the extension with the project's Vite config into a folder of the test's choosing. */
import { REPO_ROOT } from "../../support/env.ts";

export async function buildExtension(outDir: string): Promise<void> {
  const { code, stderr, stdout } = await new Deno.Command(Deno.execPath(), {
    // The project's own task, so the test builds exactly what `deno task build:ext` builds.
    args: ["task", "build:ext", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
    cwd: REPO_ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    const decode = (b: Uint8Array) => new TextDecoder().decode(b);
    throw new Error(`extension build failed (${code}):\n${decode(stdout)}\n${decode(stderr)}`);
  }
}
