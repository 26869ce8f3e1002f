import { createRequestHandler, type ServerBuild } from "react-router";
import { authMiddleware } from "#app/server/auth/auth.server";
import { testContext } from "./route-harness";

type RouteEntry = { id: string; path: string; module: Record<string, unknown> };

/**
 * React Router's own request handler over a build of the given route chain (each the parent of the
 * next, under a root with the real root's middleware and an error boundary), for what the
 * route-harness cannot show: which of a loader's or action's headers React Router actually sends (only
 * Set-Cookie, unless the route that answers, or the boundary that catches, exports `headers`). The
 * document "render" returns the status and headers React Router decided, with no body; `.data`
 * requests run unchanged.
 */
export function routeRequestHandler(...chain: RouteEntry[]) {
  const routes: Record<string, unknown> = {
    root: { id: "root", path: "", module: { middleware: [authMiddleware], default: () => null, ErrorBoundary: () => null } },
  };
  let parentId = "root";
  for (const { id, path, module } of chain) {
    routes[id] = { id, parentId, path, module };
    parentId = id;
  }
  const build = {
    entry: { module: { default: (_request: Request, status: number, headers: Headers) => new Response(null, { status, headers }) } },
    routes,
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    future: { v8_middleware: true, v8_passThroughRequests: true, v8_trailingSlashAwareDataRequests: true, v8_splitRouteModules: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return (request: Request) => handler(request, testContext());
}
