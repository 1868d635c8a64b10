/**
 * The routes' own schemas validate their requests (issue 18): body, query and path parameters are
 * read with `c.req.valid(...)` after the route's middleware, and every refusal is the spec's
 * envelope from the one hook (`server/platform/validation_hook.ts`), never @hono/zod-openapi's or
 * Hono's own 400/415 bodies. In-process (`app.request`): no server, no detector.
 */
import assert from "node:assert/strict";
import { createRoute } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import {
  ApiKeyCreateRequest,
  ApiKeyIdParams,
  ApiKeyListQuery,
  DetectRequest,
} from "../../shared/contract.ts";
import { detectRequestFailure, parseDetectRequest } from "../../shared/detect_request.ts";
import type { AppEnv } from "../../server/platform/env.ts";
import { bodyTooLarge, renderError, unauthorized } from "../../server/platform/errors.ts";
import { createRouter, jsonBody } from "../../server/platform/validation_hook.ts";
import { refuseDetectBody } from "../../server/features/detect/detect_call.ts";
import { refuseKeyBody } from "../../server/features/keys/router.ts";

const ok = { 200: { description: "ok" } };
const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });
/** The body limit of these routes (the real routes' own limits are tested over HTTP). */
const limit = { maxBytes: 64 * 1024, tooLarge: () => bodyTooLarge(64 * 1024), timeoutMs: 5_000 };

/** A detect-like route: a guard middleware (401 unless `authorization`), jsonBody, DetectRequest. */
function detectApp() {
  const app = createRouter(refuseDetectBody);
  app.onError((err, c) => renderError(c, err));
  const guard = createMiddleware<AppEnv>(async (c, next) => {
    if (!c.req.header("authorization")) throw unauthorized();
    await next();
  });
  const route = createRoute({
    method: "post",
    path: "/detect",
    request: { body: { required: true, content: json(DetectRequest) } },
    responses: ok,
  });
  app.openapi(
    { ...route, middleware: [guard, jsonBody(limit)] },
    (c) => c.json(c.req.valid("json")),
  );
  return app;
}

function keysApp() {
  const app = createRouter(refuseKeyBody);
  app.onError((err, c) => renderError(c, err));
  const create = createRoute({
    method: "post",
    path: "/keys",
    request: { body: { required: false, content: json(ApiKeyCreateRequest) } },
    responses: ok,
  });
  const list = createRoute({
    method: "get",
    path: "/keys",
    request: { query: ApiKeyListQuery },
    responses: ok,
  });
  const revoke = createRoute({
    method: "delete",
    path: "/keys/{id}",
    request: { params: ApiKeyIdParams },
    responses: ok,
  });
  app.openapi(
    { ...create, middleware: [jsonBody({ emptyIsObject: true, ...limit })] },
    (c) => c.json(c.req.valid("json")),
  );
  app.openapi(list, (c) => c.json(c.req.valid("query")));
  app.openapi(revoke, (c) => c.json(c.req.valid("param")));
  return app;
}

const post = (body: string | undefined, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { authorization: "Bearer x", ...headers },
  body,
});

async function answer(res: Response) {
  return { status: res.status, body: await res.json() };
}

Deno.test("validation: a detect body is read whatever its Content-Type, defaults applied", async () => {
  const app = detectApp();
  const types: Record<string, string>[] = [
    {},
    { "content-type": "application/json" },
    { "content-type": "application/json ; charset=utf-8" },
    { "content-type": "text/plain" },
    { "content-type": "application/x-www-form-urlencoded" },
    { "content-type": "multipart/form-data; boundary=x" },
  ];
  for (const headers of types) {
    const res = await app.request("/detect", post('{"response":"r"}', headers));
    assert.deepEqual(await answer(res), {
      status: 200,
      body: { response: "r", top_k_regimes: 6 },
    }, JSON.stringify(headers));
  }
});

Deno.test("validation: detect refusals in the spec's order, after the route's middleware", async () => {
  const app = detectApp();
  const refused = async (body: string | undefined, headers?: Record<string, string>) =>
    await answer(await app.request("/detect", post(body, headers)));
  const long = "x".repeat(2049);
  // The middleware's 401 comes before any look at the body.
  assert.deepEqual(
    await answer(await app.request("/detect", { method: "POST", body: "{" })),
    { status: 401, body: { error: "unauthorized", message: "unauthorized" } },
  );
  for (const body of ["{", "", undefined, "{'response': 'x'}"]) {
    assert.deepEqual(await refused(body, { "content-type": "application/json" }), {
      status: 400,
      body: { error: "bad_json", message: "request body is not valid JSON" },
    }, String(body));
  }
  for (const body of ["{}", '{"response":null}', '{"response":""}', '{"response":"","x":1}']) {
    assert.deepEqual(await refused(body), {
      status: 400,
      body: { error: "response_required", message: "response is required" },
    }, body);
  }
  assert.deepEqual(await refused(JSON.stringify({ response: long, prompt: long, x: 1 })), {
    status: 400,
    body: {
      error: "input_too_long",
      message: "response exceeds 2048 characters; inputs are rejected, never truncated",
      field: "response",
      max_chars: 2048,
      provided_chars: 2049,
    },
  });
  assert.equal((await refused(JSON.stringify({ response: 1, prompt: long }))).body.field, "prompt");
  assert.deepEqual(await refused("[1]"), {
    status: 400,
    body: { detail: "request body must be a JSON object" },
  });
  assert.deepEqual(await refused('{"response":"r","top_k_regimes":11}'), {
    status: 400,
    body: { detail: "top_k_regimes: Too big: expected number to be <=10" },
  });
  const unknown = await refused('{"response":"r","QZXMARKER":1}');
  assert.equal(unknown.status, 400);
  assert.doesNotMatch(JSON.stringify(unknown.body), /QZXMARKER/, "caller text is not echoed");
});

Deno.test("validation: the hook and parseDetectRequest answer alike (one order)", () => {
  const long = "é".repeat(2049);
  for (
    const value of [
      [],
      "text",
      null,
      {},
      { response: null },
      { response: "" },
      { response: 7 },
      { response: long },
      { response: "r", prompt: long },
      { response: 7, prompt: long },
      { response: "r", task: "other" },
      { response: "r", top_k_regimes: 1.5, extra: true },
    ]
  ) {
    const parsed = parseDetectRequest(JSON.stringify(value));
    const zod = DetectRequest.safeParse(value);
    assert.ok(!parsed.ok && !zod.success, JSON.stringify(value));
    assert.deepEqual(detectRequestFailure(value, zod.error), parsed.failure, JSON.stringify(value));
  }
});

Deno.test("validation: key bodies, include_revoked and key ids keep their answers", async () => {
  const app = keysApp();
  const create = async (body: string | undefined, headers: Record<string, string> = {}) =>
    await answer(await app.request("/keys", { method: "POST", headers, body }));
  const JSON_TYPE = { "content-type": "application/json" };
  assert.deepEqual(await create(undefined), { status: 200, body: {} }, "no body: no name");
  assert.deepEqual(await create(" \n", JSON_TYPE), { status: 200, body: {} }, "blank: no name");
  assert.deepEqual(await create('{"name":"n"}', JSON_TYPE), { status: 200, body: { name: "n" } });
  assert.deepEqual(await create("{", JSON_TYPE), {
    status: 400,
    body: { error: "bad_json", message: "request body is not valid JSON" },
  });
  for (const body of ['{"QZXMARKER":1}', '{"name":1}', "null", "[]"]) {
    assert.deepEqual(await create(body, JSON_TYPE), {
      status: 400,
      body: {
        error: "bad_request",
        message: "body must be an object with at most an optional string (or null) property name",
      },
    }, body);
  }

  const list = async (query: string) => await answer(await app.request(`/keys${query}`));
  assert.deepEqual(await list(""), { status: 200, body: { include_revoked: "false" } });
  assert.deepEqual(await list("?include_revoked=true"), {
    status: 200,
    body: { include_revoked: "true" },
  });
  assert.deepEqual(await list("?include_revoked=true&include_revoked=x"), {
    status: 200,
    body: { include_revoked: "true" },
  }, "the first of repeated values counts");
  for (const bad of ["", "1", "TRUE", "QZXMARKER"]) {
    assert.deepEqual(await list(`?include_revoked=${bad}`), {
      status: 400,
      body: { error: "bad_request", message: "include_revoked must be true or false" },
    }, bad);
  }

  const id = crypto.randomUUID();
  assert.deepEqual(await answer(await app.request(`/keys/${id}`, { method: "DELETE" })), {
    status: 200,
    body: { id },
  });
  for (const bad of ["not-a-uuid", "QZXMARKER", "%00"]) {
    assert.deepEqual(await answer(await app.request(`/keys/${bad}`, { method: "DELETE" })), {
      status: 404,
      body: { error: "bad_request", message: "not_found" },
    }, bad);
  }
});
