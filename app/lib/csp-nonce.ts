import { createContext as createReactContext, useContext } from "react";
import { createContext as createRouterContext } from "react-router";

/** The per-request CSP nonce, set by the Worker entry before React Router runs. */
export const cspNonceContext = createRouterContext<string>("");

/**
 * Browsers hide a nonce from the DOM once parsed (`nonce=""`), so the client renders "" to
 * hydrate without attribute mismatches; only the server knows the real value.
 */
const NonceReactContext = createReactContext<string>("");

/** Provided by entry.server.tsx. */
export const NonceProvider = NonceReactContext.Provider;

export function useNonce(): string {
  return useContext(NonceReactContext);
}
