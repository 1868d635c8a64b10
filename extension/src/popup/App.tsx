/**
 * The popup: who is signed in, this period's usage, API keys and the server address. Everything
 * comes from the service worker (protocol.ts); the popup itself makes no network call.
 */
import { useEffect, useState } from "preact/hooks";
import type { ApiResult } from "../../../shared/client.ts";
import type { UsageSummary } from "../../../shared/contract.ts";
import { failureText } from "../display.ts";
import { sendToWorker, type Settings } from "../protocol.ts";
import { KeysPanel } from "./KeysPanel.tsx";
import { SettingsPanel } from "./SettingsPanel.tsx";
import { UsagePanel } from "./UsagePanel.tsx";

export function App() {
  const [settings, setSettings] = useState<Settings>();
  const [usage, setUsage] = useState<ApiResult<UsageSummary>>();

  const refresh = async () => {
    setSettings(await sendToWorker({ type: "settings.get" }));
    setUsage(await sendToWorker({ type: "usage" }));
  };
  useEffect(() => void refresh(), []);

  return (
    <main>
      <h1>Hallucination check</h1>
      {!usage ? <p class="muted">Loading…</p> : usage.ok
        ? (
          <>
            <p data-testid="signed-in">
              Signed in as <strong>{usage.data.user.name ?? usage.data.user.email ?? "you"}</strong>
              {usage.data.user.email && usage.data.user.name && (
                <span class="muted">{` (${usage.data.user.email})`}</span>
              )}
            </p>
            <UsagePanel usage={usage.data} />
            <KeysPanel />
          </>
        )
        : usage.kind === "unauthorized"
        ? (
          <div data-testid="signed-out">
            <p>Sign in to the detection server to score chatbot answers.</p>
            <button
              type="button"
              class="primary"
              onClick={() => void sendToWorker({ type: "signin.open" })}
            >
              Sign in
            </button>
          </div>
        )
        : <p class="error" data-testid="server-error">{failureText(usage)}</p>}
      {settings && (
        <SettingsPanel
          settings={settings}
          onSaved={() => {
            setUsage(undefined);
            void refresh();
          }}
        />
      )}
    </main>
  );
}
