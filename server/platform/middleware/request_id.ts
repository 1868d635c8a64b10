/**
 * The server request id of a detect call: the client's `X-Request-Id` when it is 1 to 128
 * printable ASCII characters, else a minted UUID. Sent back as `X-Request-Id` on every response,
 * and echoed as `X-Client-Request-Id` when the client supplied it. An invalid client id is a 400
 * with a `detail` text (DESIGN.md), answered under a minted id.
 */
import { createMiddleware } from "hono/factory";
import { HEADER } from "../../../shared/headers.ts";
import { detailError } from "../errors.ts";

export type RequestIdEnv = {
  Variables: {
    /** Server request id: the client's valid X-Request-Id, else minted. */
    requestId: string;
    /** The client's own X-Request-Id, when it supplied a valid one. */
    clientRequestId?: string;
  };
};

/** What a middleware that can run with or without `requestId()` before it reads. */
export type OptionalRequestIdEnv = { Variables: { requestId?: string } };

export const CLIENT_REQUEST_ID = /^[\x20-\x7e]{1,128}$/;

export function requestId() {
  return createMiddleware<RequestIdEnv>(async function requestIdMiddleware(c, next) {
    const supplied = c.req.header(HEADER.requestId);
    if (supplied !== undefined && !CLIENT_REQUEST_ID.test(supplied)) {
      c.set("requestId", crypto.randomUUID());
      throw detailError("X-Request-Id must be 1 to 128 printable ASCII characters");
    }
    const id = supplied ?? crypto.randomUUID();
    c.set("requestId", id);
    if (supplied !== undefined) c.set("clientRequestId", supplied);
    await next();
    c.header(HEADER.requestId, id);
    if (supplied !== undefined) c.header(HEADER.clientRequestId, supplied);
  });
}
