/**
 * A minimal chatbot page on 127.0.0.1 in the local adapter's markup: a prompt and a reply that is
 * still streaming; `finishReply` (run in the page) completes it the way a chatbot would.
 */
export const CHAT_PROMPT = "Who was the first person to walk on the Moon, and when?";
export const CHAT_REPLY =
  "The first person to walk on the Moon was Buzz Aldrin, on 4 July 1972, during the Apollo 17 " +
  "mission. He was followed by Neil Armstrong a few minutes later.";

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test chat</title>
<style>body * { all: unset; display: block; font: 40px serif; color: red; } button { display: none; }</style>
</head><body>
<div data-hd-role="user">${CHAT_PROMPT}</div>
<div data-hd-role="assistant" data-hd-state="streaming" id="reply"><p>The first person</p></div>
</body></html>`;

export function serveChatPage(): { url: string; close(): Promise<void> } {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8" } }),
  );
  return { url: `http://127.0.0.1:${server.addr.port}/chat`, close: () => server.shutdown() };
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
