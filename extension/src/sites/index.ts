/** The site adapters, and the choice of one for a page. */
import { chatgptAdapter } from "./chatgpt.ts";
import { claudeAdapter } from "./claude.ts";
import { copilotAdapter } from "./copilot.ts";
import { deepseekAdapter } from "./deepseek.ts";
import { geminiAdapter } from "./gemini.ts";
import { localAdapter } from "./local.ts";
import { perplexityAdapter } from "./perplexity.ts";
import type { SiteAdapter } from "./types.ts";

export const SITE_ADAPTERS: readonly SiteAdapter[] = [
  chatgptAdapter,
  claudeAdapter,
  geminiAdapter,
  copilotAdapter,
  perplexityAdapter,
  deepseekAdapter,
  localAdapter,
];

export function adapterFor(hostname: string): SiteAdapter | undefined {
  return SITE_ADAPTERS.find((adapter) => adapter.matches(hostname));
}
