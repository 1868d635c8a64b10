/**
 * API keys: list, create, revoke. A new key's plaintext is shown once, to copy; it lives only in
 * this component's state and is gone when the popup closes.
 */
import { useEffect, useState } from "preact/hooks";
import type { ApiKey, ApiKeyCreateResponse } from "../../../shared/contract.ts";
import { failureView } from "../../../shared/ui/display.ts";
import { sendToWorker } from "../protocol.ts";

export function KeysPanel() {
  const [keys, setKeys] = useState<ApiKey[]>();
  const [error, setError] = useState<string>();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<ApiKeyCreateResponse>();
  const [copied, setCopied] = useState(false);
  /** The key whose revocation waits for the user's confirmation. */
  const [confirming, setConfirming] = useState<string>();

  const load = async () => {
    const result = await sendToWorker({ type: "keys.list" });
    if (result.ok) setKeys(result.data.keys);
    else setError(failureView(result).text);
  };
  useEffect(() => void load(), []);

  const create = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    const result = await sendToWorker({ type: "keys.create", name: name.trim() || undefined });
    if (!result.ok) return setError(failureView(result).text);
    setCreated(result.data);
    setCopied(false);
    setName("");
    await load();
  };

  const revoke = async (key: ApiKey) => {
    setConfirming(undefined);
    setError(undefined);
    const result = await sendToWorker({ type: "keys.revoke", id: key.id });
    if (!result.ok) setError(failureView(result).text);
    if (created?.id === key.id) setCreated(undefined);
    await load();
  };

  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  };

  return (
    <section data-testid="keys">
      <h2>API keys</h2>
      {created && (
        <div class="secret" data-testid="new-key">
          <strong>Copy this key now: it will not be shown again.</strong>
          <code data-testid="new-key-value">{created.key}</code>
          <div class="row">
            <button type="button" onClick={copy}>{copied ? "Copied" : "Copy"}</button>
            <button type="button" onClick={() => setCreated(undefined)}>Done</button>
          </div>
        </div>
      )}
      {keys === undefined
        ? !error && <p class="muted">Loading keys…</p>
        : keys.length === 0
        ? <p class="muted">No API keys.</p>
        : (
          <ul class="keys">
            {keys.map((key) => (
              <li key={key.id} data-key-id={key.id}>
                <span>
                  <code>{key.prefix}…</code> {key.name ?? <span class="muted">unnamed</span>}
                </span>
                {confirming === key.id
                  ? (
                    <span class="row" role="group" aria-label="Confirm revocation">
                      <span class="muted">Revoke for good?</span>
                      <button type="button" class="danger" onClick={() => revoke(key)}>
                        Yes, revoke
                      </button>
                      <button type="button" onClick={() => setConfirming(undefined)}>Cancel</button>
                    </span>
                  )
                  : (
                    <button type="button" class="danger" onClick={() => setConfirming(key.id)}>
                      Revoke
                    </button>
                  )}
              </li>
            ))}
          </ul>
        )}
      <form class="row" onSubmit={create}>
        <input
          aria-label="New key name"
          placeholder="Key name (optional)"
          maxLength={64}
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <button type="submit">Create key</button>
      </form>
      {error && <p class="error" data-testid="keys-error">{error}</p>}
    </section>
  );
}
