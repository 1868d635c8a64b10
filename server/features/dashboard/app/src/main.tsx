/**
 * The dashboard's entry: the server serves this one app at each of its pages, and the path says
 * which page to show. The shared breakdown's CSS (a string, as the extension's shadow root needs
 * it) is adopted as a constructed stylesheet, which the page's CSP (no inline style) allows.
 */
import { render } from "preact";
import { BREAKDOWN_CSS } from "../../../../../shared/ui/breakdown_styles.ts";
import { App, pageOf } from "./App.tsx";

const sheet = new CSSStyleSheet();
sheet.replaceSync(BREAKDOWN_CSS);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

render(<App page={pageOf(location.pathname)} />, document.getElementById("app")!);
