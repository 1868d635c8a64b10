/** A failed call in words, with the link or sign-in that can fix it (the extension's texts). */
import type { ApiFailure } from "../../../../../shared/client.ts";
import { failureView } from "../../../../../shared/ui/display.ts";

export function Failure({ failure }: { failure: ApiFailure }) {
  // This page came from the server itself: unreachable means it stopped.
  const { text, action } = failureView(failure, new Date(), "Is the server still running?");
  return (
    <p class="error" role="alert">
      {text} {action?.kind === "signin" && <a href="/auth/signin">Sign in</a>}
      {action?.kind === "link" && <a href={action.url}>{action.label}</a>}
    </p>
  );
}
