/**
 * A site adapter knows one chatbot's page: where the user prompts and the assistant replies are,
 * what of a reply a reader sees as its text, and how the site tells that a reply has finished
 * streaming. Each site has its own small file beside this one, so a site's markup change is
 * fixed in one place.
 */
export interface Turn {
  /** The element that holds the assistant's reply; the badge is placed after it. */
  reply: Element;
  /** The element whose readable text is `response` (where per-part highlights go). */
  content: Element;
  /** The reply's readable text. */
  response: string;
  /** The user's message that produced the reply, when the page shows one. */
  prompt?: string;
  /**
   * The site's own signal: true once finished, false while streaming, undefined when the page
   * shows neither (the tracker then waits until the text stops changing).
   */
  finished: boolean | undefined;
  /** Elements inside `content` that are not part of `response` (beyond the shared hidden ones). */
  skip?: string;
}

export interface SiteAdapter {
  name: string;
  /** The site's name as users know it (the popup's per-site switches). */
  label: string;
  /** Whether this adapter handles pages of this host name. */
  matches(hostname: string): boolean;
  /** Every assistant reply on the page, in document order. */
  turns(root: ParentNode): Turn[];
}
