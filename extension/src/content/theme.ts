/**
 * Whether the page around an element is dark: the first opaque background among its ancestors
 * decides (so a site's own dark theme counts, whatever its class names), else the system's
 * `prefers-color-scheme`.
 */
export function isDarkAround(element: Element): boolean {
  for (let el: Element | null = element; el; el = el.parentElement) {
    const match = getComputedStyle(el).backgroundColor.match(/[\d.]+/g);
    if (!match) continue;
    const [r, g, b, a = 1] = match.map(Number);
    if (a < 0.5) continue;
    const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    return luminance < 0.45;
  }
  return matchMedia("(prefers-color-scheme: dark)").matches;
}
