/** The dashboard's API client: this origin, the session cookie (`same-origin`). */
import { createClient } from "../../../../../shared/client.ts";

export const api = createClient({ baseUrl: location.origin });
