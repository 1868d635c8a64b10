/** The lines of a UTF-8 byte stream as they arrive; a last line without "\n" is yielded too. */
export async function* textLines(
  stream: ReadableStream<Uint8Array<ArrayBuffer>>,
): AsyncGenerator<string> {
  let pending = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    const parts = (pending + chunk).split("\n");
    pending = parts.pop()!;
    yield* parts;
  }
  if (pending) yield pending;
}
