/** A temporary model folder for tests that load, break or extend the committed model's files. */
import { DEFAULT_MODEL_DIR } from "../../server/detector/inference/model_files.ts";

/**
 * A copy of every committed model file, with the files named in `replaced` written with the
 * given content instead. Copies, not links: a test that writes into the folder (a verifier's
 * calibrator, a broken file) never reaches the committed model.
 */
export async function modelFolderWith(
  replaced: Record<string, Uint8Array> = {},
): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "hd-model-" });
  for await (const entry of Deno.readDir(DEFAULT_MODEL_DIR)) {
    if (!(entry.name in replaced)) {
      await Deno.copyFile(DEFAULT_MODEL_DIR + entry.name, `${dir}/${entry.name}`);
    }
  }
  for (const [name, content] of Object.entries(replaced)) {
    await Deno.writeFile(`${dir}/${name}`, content);
  }
  return dir;
}
