/** The OpenAPI 3.1 description and the reference page, checked against the app's real routes. */
import assert from "node:assert/strict";
import { startApi } from "../support/http.ts";
import { createApp } from "../../server/app.ts";
import { ERROR_CODES, ErrorEnvelope } from "../../shared/contract.ts";

type Json = Record<string, unknown>;

async function fetchDocument(url: string): Promise<Json> {
  const res = await fetch(`${url}/api/openapi.json`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

function* walk(value: unknown): Generator<[string, unknown]> {
  if (typeof value !== "object" || value === null) return;
  for (const [key, v] of Object.entries(value)) {
    yield [key, v];
    yield* walk(v);
  }
}

function resolve(doc: Json, ref: string): unknown {
  assert.ok(ref.startsWith("#/"), ref);
  return ref.slice(2).split("/").reduce<unknown>((node, part) => (node as Json)?.[part], doc);
}

Deno.test("openapi: 3.1, version 0.1.1, every $ref resolves, both security schemes", async () => {
  const api = await startApi();
  try {
    const doc = await fetchDocument(api.url);
    assert.equal(doc.openapi, "3.1.0");
    assert.equal((doc.info as Json).version, "0.1.1");
    assert.deepEqual(doc.servers, [{ url: api.url }]);
    const components = doc.components as Json;
    assert.deepEqual((components.securitySchemes as Json).bearerAuth, {
      type: "http",
      scheme: "bearer",
      description: "API key: sk_ followed by 43 base64url characters.",
    });
    const cookie = (components.securitySchemes as Json).sessionCookie as Json;
    assert.equal(cookie.type, "apiKey");
    assert.equal(cookie.in, "cookie");
    assert.equal(cookie.name, "__session");

    let refs = 0;
    for (const [key, value] of walk(doc)) {
      if (key !== "$ref") continue;
      refs++;
      assert.ok(resolve(doc, value as string) !== undefined, `unresolved ${value}`);
    }
    assert.ok(refs > 20, `${refs} references`);
    const schemas = components.schemas as Record<string, Json>;
    for (
      const name of [
        "DetectRequest",
        "DetectResponse",
        "RegimeScore",
        "ApiKey",
        "ApiKeyList",
        "ApiKeyCreateResponse",
        "ApiKeyRevokeResponse",
        "UsageSummary",
        "ErrorEnvelope",
      ]
    ) {
      assert.ok(schemas[name], name);
    }
    const detectRequest = schemas.DetectRequest;
    assert.equal(detectRequest.additionalProperties, false);
    assert.deepEqual(detectRequest.required, ["response"], "defaults keep top_k_regimes optional");
    assert.equal((detectRequest.properties as Record<string, Json>).response.maxLength, 2048);
    assert.equal(schemas.DetectResponse.additionalProperties, false);
  } finally {
    await api.close();
  }
});

Deno.test("openapi: every /api route of the app is described, and nothing else", async () => {
  const api = await startApi();
  try {
    const doc = await fetchDocument(api.url);
    const described = Object.entries(doc.paths as Record<string, Json>)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const served = [
      ...new Set(
        createApp(api.deps).routes
          .filter((r) => r.path.startsWith("/api/") && !r.path.includes("*") && r.method !== "ALL")
          .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`),
      ),
    ].sort();
    assert.deepEqual(described, served);
    for (
      const expected of [
        "POST /api/detect",
        "POST /api/web/detect",
        "POST /api/keys",
        "GET /api/keys",
        "DELETE /api/keys/{id}",
        "GET /api/usage/summary",
      ]
    ) {
      assert.ok(described.includes(expected), expected);
    }
  } finally {
    await api.close();
  }
});

Deno.test("openapi: statuses, headers and error examples of the spec's tables", async () => {
  const api = await startApi();
  try {
    const doc = await fetchDocument(api.url);
    const paths = doc.paths as Record<string, Record<string, Json>>;
    for (const path of ["/api/detect", "/api/web/detect"]) {
      const responses = paths[path].post.responses as Record<string, Json>;
      assert.deepEqual(Object.keys(responses).sort(), [
        "200",
        "400",
        "401",
        "402",
        "403",
        "429",
        "500",
        "502",
        "503",
      ]);
      assert.deepEqual(Object.keys(responses["200"].headers as Json).sort(), [
        "X-Client-Request-Id",
        "X-Detections-Billed",
        "X-Quota-Period",
        "X-Quota-Remaining",
        "X-Request-Id",
        "X-Units-Billed",
      ]);
      const headersOf = (status: string) => Object.keys(responses[status].headers as Json);
      assert.ok(headersOf("401").includes("WWW-Authenticate"));
      for (const h of ["X-Plan", "X-Quota-Type", "X-Quota-Limit", "X-Quota-Period-Used"]) {
        assert.ok(headersOf("402").includes(h), h);
      }
      assert.ok(headersOf("403").includes("X-Account-Status"));
      assert.ok(headersOf("429").includes("Retry-After"));
    }
    assert.deepEqual(paths["/api/detect"].post.security, [{ bearerAuth: [] }]);
    assert.deepEqual(paths["/api/web/detect"].post.security, [{ sessionCookie: [] }]);
    for (
      const [path, method] of [["/api/keys", "post"], ["/api/keys", "get"], [
        "/api/keys/{id}",
        "delete",
      ], ["/api/usage/summary", "get"]]
    ) {
      const op = paths[path][method];
      assert.deepEqual(op.security, [{ sessionCookie: [] }], `${method} ${path}`);
      assert.ok((op.responses as Json)["401"], `${method} ${path} documents 401`);
    }
    const codes = new Set<string>();
    for (const [key, value] of walk(doc.paths)) {
      if (key !== "examples") continue;
      for (const example of Object.values(value as Record<string, Json>)) {
        const body = ErrorEnvelope.parse(example.value);
        if (body.error) codes.add(body.error);
      }
    }
    for (const code of ERROR_CODES) {
      assert.ok(codes.has(code), code);
    }
  } finally {
    await api.close();
  }
});

Deno.test("docs: the reference page renders every endpoint and schema with no outside assets", async () => {
  const api = await startApi();
  try {
    const res = await fetch(`${api.url}/api/docs`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/html/);
    const page = await res.text();
    assert.match(page, /Hallucination Detection API <small>0\.1\.1<\/small>/);
    for (
      const path of [
        "/api/detect",
        "/api/web/detect",
        "/api/keys",
        "/api/keys/{id}",
        "/api/usage/summary",
      ]
    ) {
      assert.ok(page.includes(`<code>${path}</code>`), path);
    }
    for (const schema of ["DetectRequest", "DetectResponse", "ApiKey", "UsageSummary"]) {
      assert.ok(page.includes(`id="schema-${schema}"`), schema);
    }
    assert.match(page, /<code>currentPeriod\.periodEndLabel<\/code>/, "nested fields are listed");
    assert.match(page, /<code>__session<\/code>|cookie __session/);
    assert.doesNotMatch(page, /<script|(src|href)="http/i, "no external or scripted assets");
    assert.match(page, /<link rel="stylesheet" href="\/pages\.css">/, "its CSS is served here");
  } finally {
    await api.close();
  }
});

Deno.test("openapi: request bodies and parameters generated from the routes' schemas", async () => {
  const api = await startApi();
  try {
    const doc = await fetchDocument(api.url);
    const paths = doc.paths as Record<string, Record<string, Json>>;
    const bodySchema = (op: Json) => {
      const body = op.requestBody as Json;
      const content = body.content as Record<string, Json>;
      assert.deepEqual(Object.keys(content), ["application/json"]);
      const schema = content["application/json"].schema as Json;
      return { required: body.required, schema: resolve(doc, schema.$ref as string) as Json };
    };
    for (const path of ["/api/detect", "/api/web/detect"]) {
      const { required, schema } = bodySchema(paths[path].post);
      assert.equal(required, true, path);
      const properties = schema.properties as Record<string, Json>;
      assert.deepEqual(Object.keys(properties), [
        "response",
        "prompt",
        "top_k_regimes",
        "task",
        "input_mode",
      ]);
      assert.deepEqual(schema.required, ["response"], "the input form: defaults are optional");
      assert.equal(schema.additionalProperties, false);
      assert.equal(properties.response.minLength, 1);
      assert.equal(properties.prompt.maxLength, 2048);
      assert.deepEqual(
        [properties.top_k_regimes.minimum, properties.top_k_regimes.maximum],
        [1, 10],
      );
      assert.equal(properties.top_k_regimes.default, 6);
      assert.deepEqual(properties.task.enum, ["binary", "multiclass"]);
      assert.deepEqual(properties.input_mode.enum, ["pr", "ro"]);
    }
    const createKey = bodySchema(paths["/api/keys"].post);
    assert.equal(createKey.required, false, "an empty body is a key without a name");
    assert.deepEqual(Object.keys(createKey.schema.properties as Json), ["name"]);
    assert.equal(createKey.schema.additionalProperties, false);

    assert.deepEqual(paths["/api/keys"].get.parameters, [{
      name: "include_revoked",
      in: "query",
      required: false,
      description: "true includes keys whose revoked_at is set.",
      schema: {
        type: "string",
        enum: ["true", "false"],
        default: "false",
        description: "true includes keys whose revoked_at is set.",
      },
    }]);
    assert.deepEqual(paths["/api/keys/{id}"].delete.parameters, [{
      name: "id",
      in: "path",
      required: true,
      schema: { type: "string", format: "uuid" },
    }]);
    assert.equal(
      (paths["/api/detect"].post.parameters as Json[]).map((p) => p.name).join(),
      "X-Request-Id",
    );
  } finally {
    await api.close();
  }
});

Deno.test("docs: the reference page lists parameters and links request bodies", async () => {
  const api = await startApi();
  try {
    const page = await (await fetch(`${api.url}/api/docs`)).text();
    assert.match(page, /<code>include_revoked<\/code><\/td>\s*<td>query<\/td>/);
    assert.match(page, /<code>id<\/code><\/td>\s*<td>path<\/td>\s*<td>string \(uuid\)<\/td>/);
    assert.match(page, /<h3>Request body<\/h3>\s*<p><a href="#schema-DetectRequest">/);
    assert.match(
      page,
      /<a href="#schema-ApiKeyCreateRequest">ApiKeyCreateRequest<\/a> \(optional\)/,
    );
    assert.match(page, /<code>top_k_regimes<\/code><\/td>\s*<td>integer<\/td>\s*<td>no<\/td>/);
  } finally {
    await api.close();
  }
});
