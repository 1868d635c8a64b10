/** A button that copies a text and says so (to screen readers too, through its live label). */
import { useState } from "preact/hooks";

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={label}
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
      }}
    >
      {copied ? "Copied" : "Copy"}
      <span class="visually-hidden" aria-live="polite">{copied ? " copied" : ""}</span>
    </button>
  );
}
