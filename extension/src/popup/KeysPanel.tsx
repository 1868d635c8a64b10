/**
 * API keys: list, create, revoke. A new key's plaintext is shown once, to copy; it lives only in
 * this component's state and is gone when the popup closes.
 */
import { useEffect, useState } from "preact/hooks";
import type { ApiKey, ApiKeyCreateResponse } from "../../../shared/contract.ts";
import { failureText } from "../display.ts";
import { sendToWorker } from "../protocol.ts";

export function KeysPanel() {
  const [keys, setKeys] = useState<ApiKey[]>();
  const [error, setError] = useState<string>();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<ApiKeyCreateResponse>();
  const [copied, setCopied] = useState(false);

  const load = async () => {
    const result = await sendToWorker({ type: "keys.list" });
    if (result.ok) setKeys(result.data.keys);
    else setError(failureText(result));
  };
  useEffect(() => void load(), []);

  const create = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    const result = await sendToWorker({ type: "keys.create", name: name.trim() || undefined });
    if (!result.ok) return setError(failureText(result));
    setCreated(result.data);
    setCopied(false);
    setName("");
    await load();
  };

  const revoke = async (key: ApiKey) => {
    setError(undefined);
    const result = await sendToWorker({ type: "keys.revoke", id: key.id });
    if (!result.ok) setError(failureText(result));
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
                <button type="button" class="danger" onClick={() => revoke(key)}>Revoke</button>
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
      {error && <p class="error">{error}</p>}
    </section>
  );
}
