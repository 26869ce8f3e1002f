import { rootAuthLoader } from "@clerk/react-router/server";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
// Inline (≈ 8 KB gzip): no render-blocking request. Only the server build keeps the text; the client
// bundle drops it rather than re-download the CSS as JavaScript.
import inlineCss from "./app.css?inline";
import devStylesheet from "./app.css?url";
import { AuthProvider } from "./components/auth-provider";
import { errorCopy, errorStatus, GeneralErrorBoundary } from "./components/error-boundary";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { useNonce } from "./lib/csp-nonce";
import { CONTACT_EMAIL } from "./lib/site";
import { pageMeta, SITE_NAME } from "./lib/seo";
import { authMiddleware, getSignedInUser } from "./server/auth/auth.server";
import { servicesFrom } from "./server/services.server";

export const middleware: Route.MiddlewareFunction[] = [authMiddleware];

export const links: Route.LinksFunction = () => [
  // While developing, the stylesheet is also linked so Vite can hot-swap it as classes change.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: devStylesheet }] : []),
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

// Deeper routes replace this; it titles error pages raised above them (e.g. the signed-in group's 401).
export const meta: Route.MetaFunction = ({ error, location, loaderData }) =>
  pageMeta({
    title: error ? errorCopy(errorStatus(error)).heading : SITE_NAME,
    path: location.pathname,
    siteUrl: loaderData?.siteUrl,
    noIndex: Boolean(error),
  });

export async function loader(args: Route.LoaderArgs) {
  const config = servicesFrom(args.context).auth;
  const rootData = async () => ({
    siteUrl: servicesFrom(args.context).appEnv.PUBLIC_SITE_URL,
    // As data: imported in the browser, it was a chunk of its own on every page.
    contactEmail: CONTACT_EMAIL,
    authProvider: config.provider,
    user: await getSignedInUser(args, config),
  });
  // Clerk's loader adds the state its browser SDK needs to the same data.
  return config.provider === "clerk" ? rootAuthLoader(args, rootData) : rootData();
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  return (
    <html lang="sv" className="motion-safe:scroll-smooth">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d2e" />
        <Meta />
        {/* The browser's copy is empty: React keeps the server's text when hydrating. */}
        <style dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? inlineCss : "" }} suppressHydrationWarning />
        {/* Links need no nonce; an empty one keeps hydration quiet. */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-screen flex-col bg-stone-50 text-stone-900 antialiased">
        <AuthProvider loaderData={data}>
          <a href="#main" className="skip-link">
            Hoppa till innehållet
          </a>
          <SiteHeader user={data?.user ?? null} authProvider={data?.authProvider ?? "local"} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter contactEmail={data?.contactEmail ?? null} />
        </AuthProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
