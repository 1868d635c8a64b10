/**
 * The dashboard's frame: a skip link, the header with the page links (plain links: each page is
 * a page load, so the back button, new tabs and screen readers work as on any site), the API
 * reference links and sign-out (a plain form), then the page itself.
 */
import { Keys } from "./Keys.tsx";
import { Overview } from "./Overview.tsx";
import { TryIt } from "./TryIt.tsx";

const PAGES = {
  overview: { path: "/", label: "Overview", component: Overview },
  keys: { path: "/keys", label: "API keys", component: Keys },
  try: { path: "/try", label: "Try it", component: TryIt },
} as const;

export type Page = keyof typeof PAGES;

export function pageOf(path: string): Page {
  const found = Object.entries(PAGES).find(([, p]) => p.path === path);
  return (found?.[0] as Page | undefined) ?? "overview";
}

export function App({ page }: { page: Page }) {
  const Current = PAGES[page].component;
  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header>
        <span class="brand">Hallucination detection</span>
        <nav aria-label="Dashboard">
          {Object.entries(PAGES).map(([name, p]) => (
            <a key={name} href={p.path} aria-current={name === page ? "page" : undefined}>
              {p.label}
            </a>
          ))}
        </nav>
        <nav aria-label="API reference" class="secondary">
          <a href="/api/docs">API reference</a>
          <a href="/api/openapi.json">OpenAPI</a>
        </nav>
        <form method="post" action="/auth/signout">
          <button type="submit">Sign out</button>
        </form>
      </header>
      <main id="main" tabIndex={-1}>
        <Current />
      </main>
    </>
  );
}
