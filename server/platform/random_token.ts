/** 256 random bits as 43 base64url characters: API keys, session ids and OAuth states. */
import { Buffer } from "node:buffer";

export function randomToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}
