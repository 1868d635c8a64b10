/** The readable API reference at /api/docs, rendered from the OpenAPI document (no CDN assets). */
import { html } from "hono/html";
import {
  isReference,
  type OpenApiDocument,
  type Operation,
  type PathItem,
  type ResponseOrRef,
  type Schema,
  type SchemaOrRef,
} from "./openapi.ts";
import { htmlPage } from "../../platform/html_page.ts";

const refName = (value: SchemaOrRef) =>
  isReference(value) ? value.$ref.split("/").pop() : undefined;

/** A short human-readable type: `string (uuid)`, `array of ApiKey`, `"monthly" | "daily"`. */
export function typeLabel(schema: SchemaOrRef): string {
  if (isReference(schema)) return refName(schema) ?? schema.$ref;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(typeLabel).join(" or ");
  if (schema.type === "array") return `array of ${typeLabel(schema.items ?? {})}`;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? "any"];
  const format = schema.format ? ` (${schema.format})` : "";
  return types.map((t) => (t === "null" ? "null" : `${t}${format}`)).join(" or ");
}

const CONSTRAINTS: [keyof Schema, string][] = [
  ["minLength", "min length"],
  ["maxLength", "max length"],
  ["minimum", "min"],
  ["maximum", "max"],
  ["minItems", "min items"],
  ["maxItems", "max items"],
  ["pattern", "pattern"],
  ["default", "default"],
];

/** The schema's constraints and description (`described`: a description already shown). */
function rules(schema: SchemaOrRef, described?: string): string {
  if (isReference(schema)) return schema.description ?? "";
  // A format (uuid, date, email) already says what its generated pattern spells out.
  const parts = CONSTRAINTS.filter(([k]) =>
    schema[k] !== undefined && !(k === "pattern" && schema.format)
  )
    .map(([k, label]) => `${label} ${JSON.stringify(schema[k])}`);
  if (schema.description && schema.description !== described) parts.push(schema.description);
  return parts.join("; ");
}

/** The schema of an array's items, when it is written out (not a `$ref`). */
const inlineItems = (schema: Schema) =>
  schema.items && !isReference(schema.items) ? schema.items : undefined;

/** Rows for an object's properties; nested inline objects are flattened as `a.b`. */
function propertyRows(schema: Schema, prefix = ""): unknown[] {
  const item = schema.type === "array" ? inlineItems(schema) ?? schema : schema;
  const required = new Set(item.required ?? []);
  return Object.entries(item.properties ?? {}).flatMap(([name, prop]) => {
    const items = isReference(prop) ? undefined : inlineItems(prop);
    const listed = !isReference(prop) && prop.type === "array" && items?.properties;
    const path = `${prefix}${name}${listed ? "[]" : ""}`;
    const row = html`
      <tr>
        <td><code>${path}</code></td>
        <td>${typeLabel(prop)}</td>
        <td>${required.has(name) ? "yes" : "no"}</td>
        <td>${rules(prop)}</td>
      </tr>
    `;
    if (isReference(prop) || !(prop.properties || items?.properties)) return [row];
    return [row, ...propertyRows(prop, `${path}.`)];
  });
}

function schemaTable(schema: SchemaOrRef) {
  const rows = isReference(schema) ? [] : propertyRows(schema);
  const closed = !isReference(schema) && schema.additionalProperties === false
    ? "No other properties."
    : "";
  return html`<table><tr><th>Field</th><th>Type</th><th>Required</th><th>Rules</th></tr>${rows}</table>
<p>${closed}</p>`;
}

/** A link to a schema of `components.schemas`, or the schema itself when it is written inline. */
function schemaLink(schema: SchemaOrRef) {
  const name = refName(schema);
  return name ? html`<a href="#schema-${name}">${name}</a>` : schemaTable(schema);
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
type Method = typeof METHODS[number];
const METHOD_NAMES: ReadonlySet<string> = new Set(METHODS);
const isMethod = (key: string): key is Method => METHOD_NAMES.has(key);

/** A path's operations, in the order the document lists them. */
function operationsOf(item: PathItem): [Method, Operation][] {
  return Object.keys(item).filter(isMethod).flatMap((method): [Method, Operation][] => {
    const op = item[method];
    return op ? [[method, op]] : [];
  });
}

function operationSection(doc: OpenApiDocument, path: string, method: Method, op: Operation) {
  const security = op.security ?? [];
  const auth = security.length
    ? security.map((s) => Object.keys(s).join(", ")).join(" or ")
    : "none";
  const params = (op.parameters ?? []).flatMap((p) => isReference(p) ? [] : [p]);
  const body = op.requestBody && !isReference(op.requestBody) ? op.requestBody : undefined;
  const bodySchema = body?.content["application/json"]?.schema;
  const responses = Object.entries(op.responses ?? {});
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
              <td>${typeLabel(p.schema ?? {})}</td>
              <td>${p.required ? "yes" : "no"}</td>
              <td>${[p.description, rules(p.schema ?? {}, p.description)].filter(Boolean).join(
                "; ",
              )}</td>
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
        <p>${schemaLink(bodySchema)}${body?.required ? "" : " (optional)"}</p>
      `
      : ""
  }
<h3>Responses</h3>
<table><tr><th>Status</th><th>Meaning</th><th>Body</th><th>Headers</th></tr>
${responses.map(([status, r]) => responseRow(doc, status, r))}</table>
</section>`;
}

function responseRow(doc: OpenApiDocument, status: string, r: ResponseOrRef) {
  const media = !isReference(r) && r.content ? Object.values(r.content)[0] : undefined;
  const schema = media?.schema;
  const examples = media?.examples
    ? Object.values(media.examples).flatMap((e) => isReference(e) ? [] : [JSON.stringify(e.value)])
    : [];
  const headers = isReference(r) ? [] : Object.keys(r.headers ?? {});
  return html`
    <tr>
      <td>${status}</td>
      <td>${r.description}</td>
      <td>${schema ? schemaLink(schema) : ""}
    ${examples.map((e) => html`<pre>${e}</pre>`)}</td>
      <td>${headers.map((h) =>
        html`<code>${h}</code>: ${doc.components.headers[h]?.description}<br>`
      )}</td>
    </tr>
  `;
}

export function referencePage(doc: OpenApiDocument) {
  const paths = Object.entries(doc.paths).flatMap(([path, item]) =>
    operationsOf(item).map(([method, op]) => ({ path, method, op }))
  );
  const schemes = Object.entries(doc.components.securitySchemes)
    .flatMap(([name, s]) => isReference(s) ? [] : [{ name, s }]);
  const body = html`
    <h1>${doc.info.title} <small>${doc.info.version}</small></h1>
    <p>${doc.info.description}</p>
    <p>Base address: <code>${doc.servers[0]?.url}</code> · Machine description:
    <a href="/api/openapi.json">/api/openapi.json</a></p>
    <h2>Authentication</h2>
    <table><tr><th>Scheme</th><th>How</th><th>Notes</th></tr>
    ${schemes.map(({ name, s }) =>
      html`
        <tr>
          <td><code>${name}</code></td>
          <td>${s.type === "http" ? `Authorization: Bearer <key>` : `cookie ${s.name}`}</td>
          <td>${s.description}</td>
        </tr>
      `
    )}</table>
    <h2>Endpoints</h2>
    <ul>${paths.map(({ path, method, op }) =>
      html`<li><a href="#${`${method}-${path}`}"><span class="method">${method}</span> <code>${path}</code></a> ${op.summary}</li>`
    )}</ul>
    ${paths.map(({ path, method, op }) => operationSection(doc, path, method, op))}
    <h2>Schemas</h2>
    ${Object.entries(doc.components.schemas).map(([name, schema]) =>
      html`<section id="schema-${name}"><h3>${name}</h3>${schemaTable(schema)}</section>`
    )}
  `;
  return htmlPage({ title: `${doc.info.title} ${doc.info.version}`, bodyClass: "reference", body });
}
