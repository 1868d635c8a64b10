/**
 * The key-management page the spec names: create a key with a name (its plaintext shown once,
 * here only, with Copy and a ready curl line; never stored by this page), the list with name,
 * prefix, dates and state, revoked keys on demand, and revocation after a confirmation dialog.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { ApiFailure } from "../../../../../shared/client.ts";
import type { ApiKey, ApiKeyCreateResponse } from "../../../../../shared/contract.ts";
import { api } from "./api.ts";
import { CopyButton } from "./CopyButton.tsx";
import { Failure } from "./Failure.tsx";
import { useApi } from "./use_api.ts";

const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString("en-GB", { timeZone: "UTC", dateStyle: "medium" }) : "never";

/** A detect call with the new key, as a user pastes it into a terminal. */
export function curlExample(origin: string, key: string): string {
  return `curl -s ${origin}/api/detect \\
  -H "Authorization: Bearer ${key}" \\
  -H "Content-Type: application/json" \\
  -d '{"prompt": "Where is the Eiffel Tower?", "response": "The Eiffel Tower is in Berlin."}'`;
}

function NewKey({ created, onDone }: { created: ApiKeyCreateResponse; onDone(): void }) {
  const curl = curlExample(location.origin, created.key);
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the new key, so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="card new-key" aria-labelledby="new-key-heading">
      <h2 id="new-key-heading" tabIndex={-1} ref={heading}>
        New key {created.name ? `“${created.name}”` : ""}
      </h2>
      <p class="warning">
        Copy this key now: it is shown only this once and cannot be shown again. Keep it on your
        server; never put it in browser code or version control.
      </p>
      <div class="secret">
        <code data-testid="new-key">{created.key}</code>
        <CopyButton text={created.key} label="Copy the key" />
      </div>
      <p>Try it from a terminal:</p>
      <div class="secret">
        <pre data-testid="curl-example">{curl}</pre>
        <CopyButton text={curl} label="Copy the curl command" />
      </div>
      <button type="button" onClick={onDone}>I have copied it</button>
    </section>
  );
}

function RevokeDialog(
  { target, onClose }: { target: ApiKey | null; onClose(revoked: boolean): void },
) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [failure, setFailure] = useState<ApiFailure>();
  useEffect(() => {
    if (target) dialog.current?.showModal();
  }, [target]);
  const close = (revoked: boolean) => {
    dialog.current?.close();
    setFailure(undefined);
    onClose(revoked);
  };
  return (
    <dialog ref={dialog} aria-labelledby="revoke-heading" onCancel={() => close(false)}>
      {target && (
        <>
          <h2 id="revoke-heading">Revoke key {target.name ?? target.prefix}?</h2>
          <p>
            Calls made with <code>{target.prefix}…</code>{" "}
            are refused from now on. This cannot be undone.
          </p>
          {failure && <Failure failure={failure} />}
          <div class="actions">
            <button
              type="button"
              class="danger"
              onClick={async () => {
                const result = await api.revokeKey(target.id);
                if (result.ok) close(true);
                else setFailure(result);
              }}
            >
              Revoke key
            </button>
            <button type="button" onClick={() => close(false)}>Cancel</button>
          </div>
        </>
      )}
    </dialog>
  );
}

export function Keys() {
  const [showRevoked, setShowRevoked] = useState(false);
  const [version, setVersion] = useState(0);
  const [created, setCreated] = useState<ApiKeyCreateResponse>();
  const [failure, setFailure] = useState<ApiFailure>();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [status, setStatus] = useState("");
  const list = useApi(() => api.listKeys(showRevoked), [showRevoked, version]);

  return (
    <>
      <h1>API keys</h1>
      <p>
        Keys authenticate <code>POST /api/detect</code>{" "}
        from your servers. Every call counts against your plan.
      </p>
      <form
        class="card create"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const name = new FormData(form).get("name")?.toString().trim();
          const result = await api.createKey(name || undefined);
          if (!result.ok) return setFailure(result);
          setFailure(undefined);
          setCreated(result.data);
          form.reset();
          setVersion(version + 1);
        }}
      >
        <label for="key-name">Key name</label>
        <input id="key-name" name="name" maxLength={64} placeholder="e.g. production server" />
        <button type="submit" class="primary">Create key</button>
      </form>
      {failure && <Failure failure={failure} />}
      {created && (
        <NewKey
          created={created}
          onDone={() => {
            setCreated(undefined);
            setStatus("The key's plaintext is hidden now.");
          }}
        />
      )}
      <p class="visually-hidden" role="status">{status}</p>
      <section aria-labelledby="list-heading">
        <div class="list-head">
          <h2 id="list-heading">Your keys</h2>
          <label class="inline">
            <input
              type="checkbox"
              checked={showRevoked}
              onChange={(e) => setShowRevoked(e.currentTarget.checked)}
            />{" "}
            Show revoked keys
          </label>
        </div>
        {!list ? <p aria-busy="true">Loading…</p> : !list.ok ? <Failure failure={list} /> : (
          list.data.keys.length === 0 ? <p>No keys yet.</p> : (
            <div class="scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Prefix</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last used</th>
                    <th scope="col">Revoked</th>
                    <th scope="col">
                      <span class="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.keys.map((k) => (
                    <tr key={k.id} data-key-id={k.id}>
                      <th scope="row">{k.name ?? <span class="muted">(no name)</span>}</th>
                      <td>
                        <code>{k.prefix}…</code>
                      </td>
                      <td>{when(k.created_at)}</td>
                      <td>{when(k.last_used_at)}</td>
                      <td>{k.revoked_at ? when(k.revoked_at) : "no"}</td>
                      <td>
                        {!k.revoked_at && (
                          <button
                            type="button"
                            class="danger"
                            aria-label={`Revoke ${k.name ?? k.prefix}`}
                            onClick={() => setRevoking(k)}
                          >
                            Revoke
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        )}
      </section>
      <RevokeDialog
        target={revoking}
        onClose={(revoked) => {
          if (revoked) setStatus(`Key ${revoking?.name ?? revoking?.prefix} revoked.`);
          setRevoking(null);
          setVersion(version + 1);
        }}
      />
    </>
  );
}
