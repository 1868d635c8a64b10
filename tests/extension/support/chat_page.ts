/**
 * Pages on 127.0.0.1 (the local adapter's markup, and plain pages): a chat whose reply is still
 * streaming, chats with finished replies, an article for the selection check. `finishReply` (run
 * in the page) completes the streaming reply the way a chatbot would.
 */
/**
 * The user's turn carries the evidence (a quoted source) as well as the question, so the real
 * detector scores the reply against it: a question alone covers no claim and gets `no_evidence`.
 */
export const CHAT_PROMPT =
  "From my encyclopedia: “Neil Armstrong was the first person to walk on " +
  "the Moon, on 20 July 1969, during the Apollo 11 mission. Buzz Aldrin followed him about 19 " +
  "minutes later.” Who was the first person to walk on the Moon, and when?";
export const CHAT_REPLY =
  "The first person to walk on the Moon was Buzz Aldrin, on 4 July 1972, during the Apollo 17 " +
  "mission. He was followed by Neil Armstrong a few minutes later.";

const page = (body: string, style = "") =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test page</title>
<style>${style}</style></head><body>${body}</body></html>`;

/** A chat with one reply still streaming; the page's CSS tries to restyle everything. */
export const STREAMING_CHAT = page(
  `<div data-hd-role="user">${CHAT_PROMPT}</div>
<div data-hd-role="assistant" data-hd-state="streaming" id="reply"><p>The first person</p></div>`,
  "body * { all: unset; display: block; font: 40px serif; color: red; } button { display: none; }",
);

/** A chat whose reply has no finished signal at all: only its text settling tells. */
export const UNSIGNALLED_CHAT = page(
  `<div data-hd-role="user">${CHAT_PROMPT}</div>
<div data-hd-role="assistant" id="reply"><p>The</p></div>`,
);

/** A chat whose replies (one per entry) are all finished. */
export function finishedChat(turns: { prompt: string; reply: string }[]): string {
  return page(
    turns.map(({ prompt, reply }) =>
      `<div data-hd-role="user">${prompt}</div>
<div data-hd-role="assistant" data-hd-state="done"><p>${reply}</p></div>`
    ).join("\n"),
    "body { font: 16px/1.5 sans-serif; max-width: 720px; margin: 24px auto; }",
  );
}

export const ARTICLE_TEXT =
  "The Great Wall of China is clearly visible from the Moon with the naked eye, astronauts say.";

/** A plain page, no chat: the selection check's ground, with no prompt and so no evidence. */
export const ARTICLE = page(
  `<h1>Travel notes</h1><p id="claim">${ARTICLE_TEXT}</p><p>Other notes follow here.</p>`,
  "body { font: 16px/1.5 sans-serif; max-width: 720px; margin: 24px auto; }",
);

/** Serves `pages` (path → HTML) on 127.0.0.1, port 0. */
export function servePages(pages: Record<string, string>): { url: string; close(): Promise<void> } {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const html = pages[new URL(req.url).pathname];
    return html === undefined
      ? new Response("not found", { status: 404 })
      : new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

/** Runs in the page: the reply's full text arrives, then the "finished" signal. */
export function finishReply(text: string): void {
  const reply = document.getElementById("reply")!;
  reply.innerHTML = "";
  const p = document.createElement("p");
  p.textContent = text;
  reply.append(p);
  reply.setAttribute("data-hd-state", "done");
}
