import { createContext as createReactContext, useContext } from "react";
import { createContext as createRouterContext } from "react-router";

/** The per-request CSP nonce, set by the Worker entry before React Router runs. */
export const cspNonceContext = createRouterContext<string>("");

/** Browsers hide a parsed nonce from the DOM, so the client renders "" to hydrate without mismatches. */
const NonceReactContext = createReactContext<string>("");

export const NonceProvider = NonceReactContext.Provider;

export function useNonce(): string {
  return useContext(NonceReactContext);
}
