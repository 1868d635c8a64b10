/**
 * The extension's identity. Chrome derives an extension's id from the manifest's `key` (the
 * SHA-256 of the public key, its first 32 hex digits written with the letters a to p); without a
 * key an unpacked extension's id follows the folder it is loaded from. With this key committed,
 * every build and every install path has the same id, so the server can trust that origin by
 * default (TRUST_BUILT_EXTENSION) and the extension works out of the box. Only the public half
 * exists: Chrome needs no private key to load an unpacked extension.
 */

/** The manifest's `key`: a 2048-bit RSA public key, base64 SubjectPublicKeyInfo (DER). */
export const EXTENSION_PUBLIC_KEY =
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEArzEjKA7q+EQHMSiKduypbdERKa5+aEmWHHWu5f9NL/aTKq0K" +
  "igxbowTohJ8h1qF6Qk73lu2xxGUg8B7CYfINcG+iQR00Wka9EHayhipragwXtUKFms5l82o6kX5Nw+H1p7hbA+4ApgmU" +
  "QPDcxqe5GEjWkqSjoUDz1n12dQjldM+8G5S15f7Xc1C5M1JA7xEHoeEf1gfon0omgwESavyv+Lpll56lR8OjuoBpsOZ3" +
  "KK6DHvj8hkm/fltnzt8z5vqZGgx675fQrb9nTB+izt9L9BAqw2n/0Ix4NIqswt/TL1xqzxckA4JOVvXeisPhsZMHoE16" +
  "f2CRMNHPcjRVxSvcVQIDAQAB";

/** The id Chrome gives the extension built with EXTENSION_PUBLIC_KEY (see `extensionIdOf`). */
export const EXTENSION_ID = "jnfnadkachhnealojcgnlcbkjpnncajg";

/** The origin the built extension's service worker and popup send. */
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;

/** Chrome's id for a manifest `key`: SHA-256 of the key's DER, 32 hex digits mapped 0-f to a-p. */
export async function extensionIdOf(publicKey: string): Promise<string> {
  const der = Uint8Array.from(atob(publicKey), (c) => c.charCodeAt(0));
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", der));
  return Array.from(hash.slice(0, 16), (b) => String.fromCharCode(97 + (b >> 4), 97 + (b & 15)))
    .join("");
}
