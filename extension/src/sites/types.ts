/**
 * A site adapter knows one chatbot's page: where the user prompts and the assistant replies are,
 * and how to tell that a reply has finished streaming. Each site has its own small file beside
 * this one, so a site's markup change is fixed in one place.
 */
export interface Turn {
  /** The element that holds the assistant's reply; the badge is placed after it. */
  reply: Element;
  /** The reply's readable text. */
  response: string;
  /** The user's message that produced the reply, when the page shows one. */
  prompt?: string;
  /** False while the reply is still streaming. */
  finished: boolean;
}

export interface SiteAdapter {
  name: string;
  /** Whether this adapter handles pages of this host name. */
  matches(hostname: string): boolean;
  /** Every assistant reply on the page, in document order. */
  turns(root: ParentNode): Turn[];
}
