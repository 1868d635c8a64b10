/**
 * Pages written for the structural fallback's tests, two or three per supported site: other plausible
 * markups than the site's adapter knows (renamed classes and attributes, extra wrappers, other
 * turn structures, other streaming signals), so the adapter finds no answer on them and only the
 * fallback can. Same shape as LAYOUTS: what a reader sees, and how the streaming answer ends.
 */
import type { Layout } from "./layouts.ts";

export const UNSEEN_LAYOUTS: readonly Layout[] = [
  {
    fixture: "unseen/chatgpt-a",
    adapter: "chatgpt",
    url: "https://chatgpt.com/c/6741a2b3-0c1d-8000-9e2f-00000000000a",
    finished: {
      prompt: "Who composed The Four Seasons?",
      response:
        "Antonio Vivaldi composed The Four Seasons.\nThe four violin concertos were published in 1725.",
    },
    streaming: { prompt: "Where was he born?", partial: "Vivaldi was born in" },
    finish: {
      textSelector: ".agent-turn .markdown-body",
      text: "Vivaldi was born in Venice in 1678.",
      remove: ['[data-testid="composer-stop-button"]'],
    },
  },
  {
    fixture: "unseen/chatgpt-b",
    adapter: "chatgpt",
    url: "https://chatgpt.com/c/6741a2b3-0c1d-8000-9e2f-00000000000b",
    finished: {
      prompt: "How many bones are in the adult human body?",
      response:
        "An adult human skeleton has 206 bones.\nThe femur is the longest.\nThe stapes in the ear is the smallest.",
    },
    streaming: { prompt: "And a newborn?", partial: "A newborn has around" },
    finish: {
      textSelector: ".md",
      text: "A newborn has around 300 bones, some of which fuse later.",
      setAttribute: [[".md", "aria-busy", "false"]],
      remove: ['.bottom-bar button[aria-label="Stop"]'],
    },
  },
  {
    fixture: "unseen/chatgpt-c",
    adapter: "chatgpt",
    url: "https://chatgpt.com/c/6741a2b3-0c1d-8000-9e2f-00000000000c",
    finished: {
      prompt: "What is the capital of Japan?",
      response: "The capital of Japan is Tokyo.\nIt has been the capital since 1868.",
    },
    streaming: { prompt: "And its population?", partial: "Greater Tokyo is home to about" },
    finish: {
      textSelector: '[data-message-author="assistant"] .txt',
      text: "Greater Tokyo is home to about 37 million people.",
      remove: ['button[title="Stop"]'],
    },
  },
  {
    fixture: "unseen/claude-a",
    adapter: "claude",
    url: "https://claude.ai/chat/5e6f7a8b-9c0d-4e1f-a2b3-00000000000a",
    finished: {
      prompt: "What is the largest planet in the Solar System?",
      response:
        "Jupiter is the largest planet in the Solar System.\nIts mass is more than twice that of all the other planets combined.",
    },
    streaming: { prompt: "How many moons does it have?", partial: "Jupiter has" },
    finish: {
      textSelector: '[data-author="assistant"] .grid',
      text: "Jupiter has 95 officially recognised moons.",
      setAttribute: [['[data-author="assistant"]', "data-state", "complete"]],
    },
  },
  {
    fixture: "unseen/claude-b",
    adapter: "claude",
    url: "https://claude.ai/chat/5e6f7a8b-9c0d-4e1f-a2b3-00000000000b",
    finished: {
      prompt: "Name the three primary colours of light.",
      response:
        "The three primary colours of light are red, green and blue.\nMixed at full strength they make white light.",
    },
    streaming: { prompt: "And of pigment?", partial: "For pigments the primaries are" },
    finish: {
      textSelector: ".msg",
      text: "For pigments the primaries are cyan, magenta and yellow.",
      remove: ['button[aria-label="Stop response"]'],
    },
  },
  {
    fixture: "unseen/gemini-a",
    adapter: "gemini",
    url: "https://gemini.google.com/app/00000000000000a1",
    finished: {
      prompt: "What is the chemical symbol for gold?",
      response: "The chemical symbol for gold is Au.\nIt comes from the Latin word aurum.",
    },
    streaming: { prompt: "And for silver?", partial: "The symbol for silver is" },
    finish: {
      textSelector: ".model-output .markdown",
      text: "The symbol for silver is Ag, from the Latin argentum.",
      setAttribute: [[".model-output .markdown", "aria-busy", "false"]],
      remove: ['button[aria-label="Stop response"]'],
    },
  },
  {
    fixture: "unseen/gemini-b",
    adapter: "gemini",
    url: "https://gemini.google.com/app/00000000000000b2",
    finished: {
      prompt: "What is the tallest animal?",
      response:
        "The giraffe is the tallest living animal.\nAdult males can reach about 5.5 metres.",
    },
    streaming: { prompt: "And the heaviest?", partial: "The heaviest animal is the" },
    finish: {
      textSelector: ".rendered",
      text: "The heaviest animal is the blue whale.",
      remove: ['button[aria-label="Stop generating"]'],
    },
  },
  {
    fixture: "unseen/copilot-a",
    adapter: "copilot",
    url: "https://copilot.microsoft.com/chats/unseenA0000001",
    finished: {
      prompt: "What is the longest river in Europe?",
      response:
        "The Volga is the longest river in Europe.\nIt flows about 3,530 kilometres into the Caspian Sea.",
    },
    streaming: { prompt: "Which countries does it cross?", partial: "The Volga flows" },
    finish: {
      textSelector: '[aria-label="Copilot\'s response"] .content',
      text: "The Volga flows entirely within Russia.",
      remove: ['button[aria-label="Stop generating"]'],
    },
  },
  {
    fixture: "unseen/copilot-b",
    adapter: "copilot",
    url: "https://copilot.microsoft.com/chats/unseenB0000002",
    finished: {
      prompt: "When was the Eiffel Tower completed?",
      response:
        "The Eiffel Tower was completed in 1889.\nIt was built for the World's Fair in Paris.",
    },
    streaming: { prompt: "Who designed it?", partial: "It was designed by" },
    finish: {
      textSelector: '[data-message-sender="bot"] .body',
      text: "It was designed by the engineering firm of Gustave Eiffel.",
      remove: [".typing-indicator"],
    },
  },
  {
    fixture: "unseen/perplexity-a",
    adapter: "perplexity",
    url: "https://www.perplexity.ai/search/unseen-a-boiling-point",
    finished: {
      prompt: "What is the boiling point of ethanol?",
      response:
        "Ethanol boils at 78.37 degrees Celsius at sea level.\nThat is lower than the boiling point of water.",
    },
    streaming: { prompt: "And its melting point?", partial: "Ethanol melts at" },
    finish: {
      textSelector: ".answer-pane .prose",
      text: "Ethanol melts at minus 114 degrees Celsius.",
      setAttribute: [[".answer-pane", "data-streaming", "false"]],
    },
  },
  {
    fixture: "unseen/perplexity-b",
    adapter: "perplexity",
    url: "https://www.perplexity.ai/search/unseen-b-berlin-wall",
    finished: {
      prompt: "When did the Berlin Wall fall?",
      response: "The Berlin Wall fell on 9 November 1989.\nCrowds crossed freely that night.",
    },
    streaming: { prompt: "When was Germany reunified?", partial: "Germany was reunified on" },
    finish: {
      textSelector: ".prose",
      text: "Germany was reunified on 3 October 1990.",
      remove: ['button[aria-label="Stop"]'],
    },
  },
  {
    fixture: "unseen/perplexity-c",
    adapter: "perplexity",
    url: "https://www.perplexity.ai/search/unseen-c-marathon",
    finished: {
      prompt: "How long is a marathon?",
      response: "A marathon is 42.195 kilometres long.\nThe distance was fixed in 1921.",
    },
    streaming: { prompt: "Who holds the record?", partial: "The men's record is held by" },
    finish: {
      textSelector: ".md",
      text: "The men's record is held by Kelvin Kiptum.",
      setAttribute: [[".md", "aria-busy", "false"]],
    },
  },
  {
    fixture: "unseen/deepseek-a",
    adapter: "deepseek",
    url: "https://chat.deepseek.com/a/chat/s/00000000-0000-4000-8000-00000000000a",
    finished: {
      prompt: "What is the freezing point of water in Fahrenheit?",
      response: "Water freezes at 32 degrees Fahrenheit.\nThat is 0 degrees Celsius.",
    },
    streaming: { prompt: "And its boiling point?", partial: "Water boils at" },
    finish: {
      textSelector: ".j0f2",
      text: "Water boils at 212 degrees Fahrenheit at sea level.",
      remove: [".stop-btn"],
    },
  },
  {
    fixture: "unseen/deepseek-b",
    adapter: "deepseek",
    url: "https://chat.deepseek.com/a/chat/s/00000000-0000-4000-8000-00000000000b",
    finished: {
      prompt: "How far is the Moon from the Earth?",
      response:
        "The Moon is about 384,400 kilometres from the Earth on average.\nLight covers that distance in about 1.3 seconds.",
    },
    streaming: { prompt: "And the Sun?", partial: "The Sun is about" },
    finish: {
      textSelector: '[data-role="assistant"] .m',
      text: "The Sun is about 150 million kilometres from the Earth.",
      setAttribute: [['[data-role="assistant"]', "aria-busy", "false"]],
      remove: ['.input [aria-label="Stop"]'],
    },
  },
];
