/**
 * The saved-markup fixtures of each supported site and layout, the site's own URL they are served
 * at in Chromium, what a reader sees in them, and how the site finishes the streaming reply (as
 * plain data, applied in the page by `finishStreaming`).
 */
export interface FinishSteps {
  /** The streaming reply's text element (the last match) gets this text. */
  textSelector: string;
  text: string;
  /** Elements removed (e.g. the composer's stop button). */
  remove?: string[];
  /** [selector (last match), attribute, value]. */
  setAttribute?: [string, string, string][];
  /** [selector (last match), class removed, class added or ""]. */
  swapClass?: [string, string, string][];
  /** [selector (last match), HTML appended inside it] (e.g. an action bar with its copy button). */
  append?: [string, string][];
}

export interface Layout {
  /** Fixture file name without `.html`. */
  fixture: string;
  adapter: string;
  url: string;
  /** The finished reply at load: its prompt and what a reader sees as its text. */
  finished: { prompt: string; response: string };
  /** The reply still streaming at load. */
  streaming: { prompt: string; partial: string };
  finish: FinishSteps;
}

export const LAYOUTS: readonly Layout[] = [
  {
    fixture: "chatgpt-current-2026-11",
    adapter: "chatgpt",
    url: "https://chatgpt.com/c/6741a2b3-0c1d-8000-9e2f-3a4b5c6d7e8f",
    finished: {
      // The question quotes its source: the answer is checked against evidence (not `no_evidence`).
      prompt:
        "From this blurb: “Dune is a science-fiction novel by Frank Herbert, first published " +
        "in 1965 by Chilton Books.” Who wrote Dune?",
      response: "Frank Herbert wrote Dune.\nIt was first published in 1965 by Chilton Books.",
    },
    streaming: { prompt: "And its sequel?", partial: "The sequel is Dune Messiah" },
    finish: {
      textSelector: ".markdown",
      text: "The sequel is Dune Messiah, published in 1969.",
      remove: ['[data-testid="stop-button"]'],
      swapClass: [[".markdown", "streaming-animation", ""]],
      append: [[
        'article[data-turn="assistant"]',
        '<div role="group"><button aria-label="Copy" data-testid="copy-turn-action-button">c</button></div>',
      ]],
    },
  },
  {
    fixture: "chatgpt-legacy-2024-06",
    adapter: "chatgpt",
    url: "https://chat.openai.com/c/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0",
    finished: {
      prompt: "Who painted the Mona Lisa?",
      response: "Leonardo da Vinci painted the Mona Lisa.\nIt hangs in the Louvre in Paris.",
    },
    streaming: { prompt: "When was it stolen?", partial: "It was stolen in" },
    finish: {
      textSelector: ".markdown",
      text: "It was stolen in 1911 by Vincenzo Peruggia.",
      remove: ['[data-testid="stop-button"]'],
      swapClass: [[".markdown", "result-streaming", ""]],
    },
  },
  {
    fixture: "claude-current-2026-11",
    adapter: "claude",
    url: "https://claude.ai/chat/5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9",
    finished: {
      prompt: "List two moons of Mars.",
      response: "Mars has two small moons.\nPhobos is the larger one.\nDeimos is the smaller one.",
    },
    streaming: { prompt: "Which one is closer to Mars?", partial: "Phobos orbits" },
    finish: {
      textSelector: ".progressive-markdown",
      text: "Phobos orbits closer to Mars than Deimos does.",
      setAttribute: [["[data-is-streaming]", "data-is-streaming", "false"]],
      swapClass: [[".progressive-markdown", "progressive-markdown", "standard-markdown"]],
      remove: ['button[aria-label="Stop response"]'],
    },
  },
  {
    fixture: "claude-legacy-2024-09",
    adapter: "claude",
    url: "https://claude.ai/chat/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    finished: {
      prompt: "What is the boiling point of water at sea level?",
      response: "Water boils at 100 degrees Celsius at sea level.\nThat is 212 degrees Fahrenheit.",
    },
    streaming: { prompt: "And on Mount Everest?", partial: "On the summit it boils" },
    finish: {
      textSelector: ".font-claude-message",
      text: "On the summit it boils at about 70 degrees Celsius.",
      setAttribute: [["[data-is-streaming]", "data-is-streaming", "false"]],
    },
  },
  {
    fixture: "gemini-2026-11",
    adapter: "gemini",
    url: "https://gemini.google.com/app/3f2e1d0c9b8a7f6e",
    finished: {
      prompt: "What is the capital of Australia?",
      response:
        "The capital of Australia is Canberra.\nIt was chosen as a compromise between Sydney and Melbourne.",
    },
    streaming: { prompt: "And of Canada?", partial: "The capital of Canada is" },
    finish: {
      textSelector: ".markdown",
      text: "The capital of Canada is Ottawa.",
      remove: ['button[aria-label="Stop response"]'],
      setAttribute: [[".markdown", "aria-busy", "false"]],
      append: [[
        "model-response",
        '<message-actions><button aria-label="Copy">Copy</button></message-actions>',
      ]],
    },
  },
  {
    fixture: "copilot-2026-11",
    adapter: "copilot",
    url: "https://copilot.microsoft.com/chats/Yq3kVb8nZr2Lx9",
    finished: {
      prompt: "How tall is Mount Kilimanjaro?",
      response: "Mount Kilimanjaro is 5,895 metres tall.\nIt is the highest mountain in Africa.",
    },
    streaming: { prompt: "Who first climbed it?", partial: "It was first climbed in" },
    finish: {
      textSelector: '[data-content="ai-message"] p',
      text: "It was first climbed in 1889 by Hans Meyer and Ludwig Purtscheller.",
      remove: ['button[aria-label="Interrupt message"]'],
      append: [[
        '[data-content="ai-message"]',
        '<div data-testid="message-actions"><button aria-label="Copy message">Copy</button></div>',
      ]],
    },
  },
  {
    fixture: "perplexity-2026-11",
    adapter: "perplexity",
    url: "https://www.perplexity.ai/search/when-did-hubble-launch-Qm1x2Y3z",
    finished: {
      prompt: "When did the Hubble Space Telescope launch?",
      response:
        "The Hubble Space Telescope launched on 24 April 1990 aboard the Space Shuttle Discovery.\nIt was deployed into orbit the next day.",
    },
    streaming: { prompt: "What replaced it?", partial: "Its successor is the James Webb" },
    finish: {
      textSelector: '[id^="markdown-content-"] p',
      text: "Its successor is the James Webb Space Telescope, launched in December 2021.",
      remove: ['button[aria-label="Stop"]'],
      append: [["[data-answer-section]", '<div><button aria-label="Copy">Copy</button></div>']],
    },
  },
  {
    fixture: "deepseek-2026-11",
    adapter: "deepseek",
    url: "https://chat.deepseek.com/a/chat/s/7c8d9e0f-1a2b-3c4d-5e6f-708192a3b4c5",
    finished: {
      prompt: "What is the speed of light in a vacuum?",
      response:
        "The speed of light in a vacuum is exactly 299,792,458 metres per second.\nThis value is fixed by the definition of the metre.",
    },
    streaming: { prompt: "Is anything faster?", partial: "No known object" },
    finish: {
      textSelector: ".ds-message > .ds-markdown",
      text: "No known object travels faster than light in a vacuum.",
      remove: [".ds-stop-button"],
      append: [[".ds-message", '<div class="ds-message-actions"><div role="button">c</div></div>']],
    },
  },
];

/** Runs in the page: the streaming reply's full text arrives, then the site's finished signals. */
export function finishStreaming(steps: FinishSteps): void {
  const last = (selector: string) => Array.from(document.querySelectorAll(selector)).at(-1)!;
  const textEl = last(steps.textSelector);
  textEl.innerHTML = "";
  const p = document.createElement("p");
  p.textContent = steps.text;
  textEl.append(p);
  for (const [selector, name, value] of steps.setAttribute ?? []) {
    last(selector).setAttribute(name, value);
  }
  for (const [selector, removed, added] of steps.swapClass ?? []) {
    const el = last(selector);
    el.classList.remove(removed);
    if (added) el.classList.add(added);
  }
  for (const [selector, html] of steps.append ?? []) {
    last(selector).insertAdjacentHTML("beforeend", html);
  }
  for (const selector of steps.remove ?? []) {
    document.querySelectorAll(selector).forEach((e) => e.remove());
  }
}
