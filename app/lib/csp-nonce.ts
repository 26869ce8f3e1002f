import { createContext as createReactContext, useContext } from "react";
import { createContext as createRouterContext } from "react-router";

/** The per-request CSP nonce, set by the Worker entry before React Router runs. */
export const cspNonceContext = createRouterContext<string>("");

const NonceReactContext = createReactContext<string | undefined>(undefined);

/** Provided by entry.server.tsx; the browser never needs the nonce after the first render. */
export const NonceProvider = NonceReactContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceReactContext);
}
