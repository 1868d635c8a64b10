/** Runs a test body against a fake OpenAI-compatible verifier, stopped afterwards. */
import { type FakeVerifier, startFakeVerifier } from "../../server/bench/verifier.ts";

export async function withFakeVerifier(
  answer: Parameters<typeof startFakeVerifier>[0],
  run: (fake: FakeVerifier) => Promise<void>,
): Promise<void> {
  const fake = startFakeVerifier(answer);
  try {
    await run(fake);
  } finally {
    await fake.stop();
  }
}
