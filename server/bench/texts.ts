/**
 * Synthetic news-like inputs of an exact length in code points, different for every seed: whole
 * sentences with named people, places, organisations, numbers and dates, so that the detector's
 * grounding features (entities, numbers, dates, content words) work as they do on real articles,
 * and no two benchmark calls score the same text.
 */

const PEOPLE = [
  "Maria Lopez",
  "James Okafor",
  "Chen Wei",
  "Anna Schmidt",
  "Rahul Mehta",
  "Sofia Rossi",
  "Daniel Kim",
  "Fatima Hassan",
  "Lukas Novak",
  "Grace Mensah",
  "Oliver Brown",
  "Yuki Tanaka",
];
const PLACES = [
  "Lisbon",
  "Nairobi",
  "Toronto",
  "Osaka",
  "Krakow",
  "Valparaiso",
  "Glasgow",
  "Hanoi",
  "Marseille",
  "Adelaide",
  "Bergen",
  "Cordoba",
];
const ORGANISATIONS = [
  "the city council",
  "the national weather service",
  "the central bank",
  "the port authority",
  "the university hospital",
  "the transport ministry",
  "the football federation",
  "the energy regulator",
  "the state museum",
  "the local water board",
];
const ACTIONS = [
  "announced a plan to expand",
  "reported a sharp rise in",
  "approved new funding for",
  "warned of delays to",
  "opened an inquiry into",
  "published figures on",
  "cut the budget of",
  "postponed the vote on",
  "completed the first phase of",
  "signed an agreement covering",
];
const SUBJECTS = [
  "the northern rail line",
  "flood defences along the river",
  "public housing projects",
  "the new cancer treatment centre",
  "school meal programmes",
  "the harbour bridge repairs",
  "wind farms off the coast",
  "the regional airport terminal",
  "tram services in the old town",
];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** xorshift32 over a seed: the same seed always gives the same text. */
function random(seed: number): () => number {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

function sentence(next: () => number): string {
  const pick = <T>(list: T[]) => list[next() % list.length];
  const year = 1990 + next() % 35;
  const amount = 2 + next() % 980;
  const forms = [
    () =>
      `On ${next() % 28 + 1} ${pick(MONTHS)} ${year}, ${pick(ORGANISATIONS)} in ${pick(PLACES)} ` +
      `${pick(ACTIONS)} ${pick(SUBJECTS)}.`,
    () =>
      `${pick(PEOPLE)}, who has led ${pick(ORGANISATIONS)} since ${year}, said the project ` +
      `would cost about ${amount} million euros and employ ${amount * 3} people.`,
    () =>
      `According to ${pick(PEOPLE)}, ${amount} residents of ${pick(PLACES)} signed a petition ` +
      `after ${pick(ORGANISATIONS)} ${pick(ACTIONS)} ${pick(SUBJECTS)}.`,
    () =>
      `The figures, first reported in ${pick(MONTHS)}, show a ${next() % 40 + 1} per cent ` +
      `change compared with ${year}.`,
  ];
  return pick(forms)();
}

/** A text of exactly `chars` code points (ASCII), different for each `seed`. */
export function benchText(chars: number, seed: number): string {
  const next = random(seed);
  let text = "";
  while (text.length < chars) text += (text ? " " : "") + sentence(next);
  return text.slice(0, chars);
}
