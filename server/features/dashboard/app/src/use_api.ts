/** One API read for a component: undefined while loading, then the call's result. */
import { useEffect, useState } from "preact/hooks";
import type { ApiResult } from "../../../../../shared/client.ts";

export function useApi<T>(read: () => Promise<ApiResult<T>>, deps: unknown[] = []) {
  const [result, setResult] = useState<ApiResult<T>>();
  useEffect(() => {
    let live = true;
    read().then((r) => live && setResult(r));
    return () => {
      live = false;
    };
  }, deps);
  return result;
}
