/** The readable API reference at /api/docs, rendered from the OpenAPI document (no CDN assets). */
import { html } from "hono/html";
import type { JsonSchema } from "./schemas.ts";
import type { OpenApiDocument } from "./openapi.ts";
import { htmlPage } from "../../platform/html_page.ts";

type Json = Record<string, unknown>;

const STYLE =
  `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f6f8fa;padding:.5rem;white-space:pre-wrap;word-break:break-word;margin:.3rem 0}
td{overflow-wrap:break-word}
h2{border-top:2px solid #333;padding-top:1rem;margin-top:2.5rem}.method{font-weight:bold;text-transform:uppercase}`;

function refName(schema: Json): string | undefined {
  const r = schema.$ref;
  return typeof r === "string" ? r.split("/").pop() : undefined;
}

/** A short human-readable type: `string (uuid)`, `array of ApiKey`, `"monthly" | "daily"`. */
export function typeLabel(schema: Json): string {
  const name = refName(schema);
  if (name) return name;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (Array.isArray(schema.anyOf)) {
    return schema.anyOf.map((s) => typeLabel(s as Json)).join(" or ");
  }
  if (schema.type === "array") return `array of ${typeLabel((schema.items ?? {}) as Json)}`;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? "any"];
  const format = schema.format ? ` (${schema.format})` : "";
  return types.map((t) => (t === "null" ? "null" : `${t}${format}`)).join(" or ");
}

const CONSTRAINTS: [string, string][] = [
  ["minLength", "min length"],
  ["maxLength", "max length"],
  ["minimum", "min"],
  ["maximum", "max"],
  ["minItems", "min items"],
  ["maxItems", "max items"],
  ["pattern", "pattern"],
  ["default", "default"],
];

function rules(schema: Json): string {
  // A format (uuid, date, email) already says what its generated pattern spells out.
  const parts = CONSTRAINTS.filter(([k]) =>
    schema[k] !== undefined && !(k === "pattern" && schema.format)
  )
    .map(([k, label]) => `${label} ${JSON.stringify(schema[k])}`);
  if (typeof schema.description === "string") parts.push(schema.description);
  return parts.join("; ");
}

/** Rows for an object's properties; nested inline objects are flattened as `a.b`. */
function propertyRows(schema: Json, prefix = ""): unknown[] {
  const item = schema.type === "array" && !refName((schema.items ?? {}) as Json)
    ? (schema.items as Json)
    : schema;
  const props = (item.properties ?? {}) as Record<string, Json>;
  const required = new Set((item.required ?? []) as string[]);
  return Object.entries(props).flatMap(([name, prop]) => {
    const path = `${prefix}${name}${
      prop.type === "array" && (prop.items as Json)?.properties ? "[]" : ""
    }`;
    const row = html`
      <tr>
        <td><code>${path}</code></td>
        <td>${typeLabel(prop)}</td>
        <td>${required.has(name) ? "yes" : "no"}</td>
        <td>${rules(prop)}</td>
      </tr>
    `;
    const nested = prop.properties || (prop.items as Json)?.properties;
    return nested ? [row, ...propertyRows(prop, `${path}.`)] : [row];
  });
}

function schemaTable(schema: Json) {
  const rows = propertyRows(schema);
  const closed = schema.additionalProperties === false ? "No other properties." : "";
  return html`<table><tr><th>Field</th><th>Type</th><th>Required</th><th>Rules</th></tr>${rows}</table>
<p>${closed}</p>`;
}

function operationSection(doc: OpenApiDocument, path: string, method: string, op: Json) {
  const security = (op.security ?? []) as Record<string, unknown>[];
  const auth = security.length
    ? security.map((s) => Object.keys(s).join(", ")).join(" or ")
    : "none";
  const params = (op.parameters ?? []) as Json[];
  const body = op.requestBody as Json | undefined;
  const bodySchema = body
    ? ((body.content as Json)["application/json"] as Json).schema as Json
    : undefined;
  const responses = Object.entries(op.responses as Record<string, Json>);
  return html`<section id="${`${method}-${path}`}">
<h2><span class="method">${method}</span> <code>${path}</code></h2>
<p>${op.summary}</p>${op.description ? html`<p>${op.description}</p>` : ""}
<p>Auth: <code>${auth}</code></p>
${
    params.length
      ? html`
        <h3>Parameters</h3>
        <table><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Rules</th></tr>
        ${params.map((p) =>
          html`
            <tr>
              <td><code>${p.name}</code></td>
              <td>${p.in}</td>
              <td>${typeLabel(p.schema as Json)}</td>
              <td>${p.required ? "yes" : "no"}</td>
              <td>${[p.description, rules(p.schema as Json)].filter(Boolean).join("; ")}</td>
            </tr>
          `
        )}</table>
      `
      : ""
  }
${
    bodySchema
      ? html`
        <h3>Request body</h3>
        <p><a href="#schema-${refName(bodySchema)}">${refName(bodySchema)}</a>${body!.required
          ? ""
          : " (optional)"}</p>
      `
      : ""
  }
<h3>Responses</h3>
<table><tr><th>Status</th><th>Meaning</th><th>Body</th><th>Headers</th></tr>
${responses.map(([status, r]) => responseRow(doc, status, r))}</table>
</section>`;
}

function responseRow(doc: OpenApiDocument, status: string, r: Json) {
  const media = Object.values((r.content ?? {}) as Record<string, Json>)[0];
  const schema = media?.schema as Json | undefined;
  const examples = Object.values((media?.examples ?? {}) as Record<string, Json>)
    .map((e) => JSON.stringify(e.value));
  const headers = Object.keys((r.headers ?? {}) as Json);
  return html`
    <tr>
      <td>${status}</td>
      <td>${r.description}</td>
      <td>${schema ? html`<a href="#schema-${refName(schema)}">${refName(schema)}</a>` : ""}
    ${examples.map((e) => html`<pre>${e}</pre>`)}</td>
      <td>${headers.map((h) =>
        html`<code>${h}</code>: ${(doc.components.headers[h] as Json)?.description}<br>`
      )}</td>
    </tr>
  `;
}

export function referencePage(doc: OpenApiDocument) {
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => operationSection(doc, path, method, op))
  );
  const schemes = Object.entries(doc.components.securitySchemes);
  const schemas = Object.entries(doc.components.schemas) as [string, JsonSchema][];
  const body = html`
    <h1>${doc.info.title} <small>${doc.info.version}</small></h1>
    <p>${doc.info.description}</p>
    <p>Base address: <code>${doc.servers[0]?.url}</code> · Machine description:
    <a href="/api/openapi.json">/api/openapi.json</a></p>
    <h2>Authentication</h2>
    <table><tr><th>Scheme</th><th>How</th><th>Notes</th></tr>
    ${schemes.map(([name, s]) =>
      html`
        <tr>
          <td><code>${name}</code></td>
          <td>${s.type === "http" ? `Authorization: Bearer <key>` : `cookie ${s.name}`}</td>
          <td>${s.description}</td>
        </tr>
      `
    )}</table>
    <h2>Endpoints</h2>
    <ul>${Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) =>
        html`<li><a href="#${`${method}-${path}`}"><span class="method">${method}</span> <code>${path}</code></a> ${op.summary}</li>`
      )
    )}</ul>
    ${operations}
    <h2>Schemas</h2>
    ${schemas.map(([name, schema]) =>
      html`<section id="schema-${name}"><h3>${name}</h3>${schemaTable(schema)}</section>`
    )}
  `;
  return htmlPage({ title: `${doc.info.title} ${doc.info.version}`, style: STYLE, body });
}
