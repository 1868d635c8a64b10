/**
 * Synthetic English-like inputs of an exact length in code points, varied per call (a seeded
 * word sequence), so that no two benchmark calls score the same text.
 */

const WORDS = (
  "the a of in on at by for with from river city museum report study author century " +
  "founded built wrote discovered population capital largest first known claims according " +
  "scientists during early later north south eastern western water light energy history " +
  "was is were has had made became called named located near about over under after before"
).split(" ");

/** A text of exactly `chars` code points (ASCII), different for each `seed`. */
export function benchText(chars: number, seed: number): string {
  let state = (seed * 2654435761) >>> 0 || 1;
  const words: string[] = [];
  let length = 0;
  while (length < chars) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    const word = WORDS[state % WORDS.length];
    words.push(word);
    length += word.length + 1;
  }
  return `${words.join(" ")}.`.slice(0, chars);
}
