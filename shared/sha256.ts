/**
 * SHA-256 of a text (UTF-8) as lowercase hex: key, session and state hashes, request digests and
 * the detector's verifier cache keys (server side only). Synchronous (node:crypto): on the detect
 * path WebCrypto's asynchronous digest cost several times more, in scheduling, than the hashing
 * itself.
 */
import { createHash } from "node:crypto";

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
