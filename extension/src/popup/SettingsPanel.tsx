/**
 * What is checked (all finished answers, new ones only, or on click; per-site switches) and the
 * server address. Another origin than the default needs a host permission, asked for here
 * because the request must come from a user's click; a plain-http remote address is warned of.
 */
import { useState } from "preact/hooks";
import browser from "../browser.ts";
import type { CheckMode, Settings } from "../protocol.ts";
import { sendToWorker } from "../protocol.ts";
import { isPlainHttpRemote, normalizeServerUrl } from "../server_address.ts";
import { SITE_ADAPTERS } from "../sites/index.ts";

const MODE_LABELS: Record<CheckMode, string> = {
  all: "Every finished answer on the page (checking one again is free for 24 hours)",
  new: "New answers only",
  click: "Only when I click “Check”",
};

export function SettingsPanel(
  { settings, onSaved }: { settings: Settings; onSaved(settings: Settings): void },
) {
  const [address, setAddress] = useState(settings.serverUrl);
  const [message, setMessage] = useState<string>();

  const store = async (next: Settings, note: string) => {
    const result = await sendToWorker({ type: "settings.set", settings: next });
    if (!result.ok) return setMessage(result.message);
    setAddress(result.settings.serverUrl);
    setMessage(note);
    onSaved(result.settings);
  };

  const saveAddress = async (event: Event) => {
    event.preventDefault();
    const origin = normalizeServerUrl(address);
    if (!origin) return setMessage("Enter an http:// or https:// address.");
    const permission = { origins: [`${origin}/*`] };
    if (!await browser.permissions.contains(permission)) {
      if (!await browser.permissions.request(permission)) {
        return setMessage("The extension needs permission to reach that server.");
      }
    }
    await store(
      { ...settings, serverUrl: origin },
      isPlainHttpRemote(origin)
        ? "Saved, but over plain http the session cookie and texts are not encrypted."
        : "Saved.",
    );
  };

  const toggleSite = (name: string, on: boolean) =>
    store({
      ...settings,
      disabledSites: on
        ? settings.disabledSites.filter((site) => site !== name)
        : [...settings.disabledSites, name],
    }, "Saved: reload the chat page to apply.");

  return (
    <>
      <section data-testid="check-settings">
        <h2>What is checked</h2>
        {(Object.keys(MODE_LABELS) as CheckMode[]).map((mode) => (
          <label class="choice" key={mode}>
            <input
              type="radio"
              name="check-mode"
              value={mode}
              checked={settings.checkMode === mode}
              onChange={() =>
                store({ ...settings, checkMode: mode }, "Saved: reload the chat page to apply.")}
            />
            {MODE_LABELS[mode]}
          </label>
        ))}
        <div class="sites">
          {SITE_ADAPTERS.filter((site) => site.name !== "local").map((site) => (
            <label class="choice" key={site.name}>
              <input
                type="checkbox"
                checked={!settings.disabledSites.includes(site.name)}
                onChange={(e) =>
                  toggleSite(site.name, e.currentTarget.checked)}
              />
              {site.label}
            </label>
          ))}
        </div>
      </section>
      <section data-testid="settings">
        <h2>Server</h2>
        <form class="row" onSubmit={saveAddress}>
          <input
            aria-label="Server address"
            value={address}
            onInput={(e) => setAddress(e.currentTarget.value)}
          />
          <button type="submit">Save</button>
        </form>
        {message && <p class="muted" role="status" data-testid="settings-message">{message}</p>}
      </section>
    </>
  );
}
