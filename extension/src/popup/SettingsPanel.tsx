/**
 * The server address. Another origin than the default needs a host permission, asked for here
 * because the request must come from a user's click.
 */
import { useState } from "preact/hooks";
import browser from "../browser.ts";
import { sendToWorker, type Settings } from "../protocol.ts";
import { normalizeServerUrl } from "../settings.ts";

export function SettingsPanel({ settings, onSaved }: { settings: Settings; onSaved(): void }) {
  const [address, setAddress] = useState(settings.serverUrl);
  const [message, setMessage] = useState<string>();

  const save = async (event: Event) => {
    event.preventDefault();
    const origin = normalizeServerUrl(address);
    if (!origin) return setMessage("Enter an http:// or https:// address.");
    const permission = { origins: [`${origin}/*`] };
    if (!await browser.permissions.contains(permission)) {
      if (!await browser.permissions.request(permission)) {
        return setMessage("The extension needs permission to reach that server.");
      }
    }
    const result = await sendToWorker({ type: "settings.set", settings: { serverUrl: origin } });
    if (!result.ok) return setMessage(result.message);
    setAddress(result.settings.serverUrl);
    setMessage("Saved.");
    onSaved();
  };

  return (
    <section data-testid="settings">
      <h2>Server</h2>
      <form class="row" onSubmit={save}>
        <input
          aria-label="Server address"
          value={address}
          onInput={(e) => setAddress(e.currentTarget.value)}
        />
        <button type="submit">Save</button>
      </form>
      {message && <p class="muted" data-testid="settings-message">{message}</p>}
    </section>
  );
}
