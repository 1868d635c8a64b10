/** Polls `GET url` every `pollMs` until it answers 200, or throws after `timeoutMs`. */
export async function waitForOk(url: string, timeoutMs: number, pollMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const status = await fetch(url).then(async (r) => {
      await r.body?.cancel();
      return r.status;
    }, () => 0);
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`${url} not answering 200 after ${timeoutMs} ms`);
}
