/**
 * The popup: who is signed in, this period's usage, an account refusal (quota used up,
 * suspension), API keys, what is checked, and the server address. Everything comes from the
 * service worker (protocol.ts); the popup itself makes no network call.
 */
import { useEffect, useState } from "preact/hooks";
import type { ApiResult } from "../../../shared/client.ts";
import type { UsageSummary } from "../../../shared/contract.ts";
import { failureView, UNREACHABLE_HINT } from "../../../shared/ui/display.ts";
import { type AccountNotice, sendToWorker, type Settings } from "../protocol.ts";
import { isPlainHttpRemote } from "../server_address.ts";
import { KeysPanel } from "./KeysPanel.tsx";
import { SettingsPanel } from "./SettingsPanel.tsx";
import { UsagePanel } from "./UsagePanel.tsx";

function Notice({ notice }: { notice: AccountNotice }) {
  const { text, action } = failureView(notice);
  return (
    <p class="notice error" data-testid="account-notice" data-kind={notice.kind}>
      {text}{" "}
      {action?.kind === "link" && (
        <a href={action.url} target="_blank" rel="noopener">{action.label}</a>
      )}
    </p>
  );
}

export function App() {
  const [settings, setSettings] = useState<Settings>();
  const [usage, setUsage] = useState<ApiResult<UsageSummary>>();
  const [notice, setNotice] = useState<AccountNotice | null>(null);

  const refresh = async () => {
    setSettings(await sendToWorker({ type: "settings.get" }));
    setUsage(await sendToWorker({ type: "usage" }));
    setNotice(await sendToWorker({ type: "account.notice" }));
  };
  useEffect(() => void refresh(), []);

  const signOut = async () => {
    await sendToWorker({ type: "signout" });
    setUsage(undefined);
    await refresh();
  };

  return (
    <main>
      <header class="row spread">
        <h1>Hallucination check</h1>
        {settings && (
          <a
            href={`${settings.serverUrl}/`}
            target="_blank"
            rel="noopener"
            data-testid="server-link"
          >
            Server page
          </a>
        )}
      </header>
      {settings && isPlainHttpRemote(settings.serverUrl) && (
        <p class="notice warn" data-testid="http-warning">
          This server is reached over plain http: your session cookie and the checked text travel
          unencrypted. Use an https:// address.
        </p>
      )}
      {!usage ? <p class="muted">Loading…</p> : usage.ok
        ? (
          <>
            <div class="row spread" data-testid="signed-in">
              <span>
                Signed in as{" "}
                <strong>{usage.data.user.name ?? usage.data.user.email ?? "you"}</strong>
                {usage.data.user.email && usage.data.user.name && (
                  <span class="muted">{` (${usage.data.user.email})`}</span>
                )}
              </span>
              <button type="button" onClick={signOut}>Sign out</button>
            </div>
            {notice && <Notice notice={notice} />}
            <UsagePanel usage={usage.data} />
            <KeysPanel />
          </>
        )
        : usage.kind === "unauthorized"
        ? (
          <div data-testid="signed-out">
            <p>Sign in to the detection server to check chatbot answers.</p>
            <button
              type="button"
              class="primary"
              onClick={() => void sendToWorker({ type: "signin.open" })}
            >
              Sign in
            </button>
          </div>
        )
        : (
          <p class="error" data-testid="server-error">
            {usage.kind === "network"
              ? `${settings?.serverUrl} cannot be reached. ${UNREACHABLE_HINT}`
              : failureView(usage).text}
          </p>
        )}
      {settings && (
        <SettingsPanel
          settings={settings}
          onSaved={(saved) => {
            setSettings(saved);
            setUsage(undefined);
            void refresh();
          }}
        />
      )}
    </main>
  );
}
