/** Builds the extension with the project's Vite config into a folder of the test's choosing. */
import { viteBuild } from "../../support/vite_build.ts";

export function buildExtension(outDir: string): Promise<void> {
  return viteBuild("build:ext", outDir);
}
