import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The URLs are the product's: Swedish for public pages, /recommendations for the signed-in group.
export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("anvandarvillkor", "routes/terms.tsx"),
  route("integritetspolicy", "routes/privacy.tsx"),
  route("healthz", "routes/healthcheck.ts"),
  // Marketplace thumbnails through our own origin (app/lib/image-url.ts builds the links).
  route("bild", "routes/image-proxy.ts"),
  // GDPR erasure: the form when signed in, the receipt right after (signed out by then); checks sign-in itself.
  route("konto/radera", "routes/account-delete.tsx"),
  // The watch digest's signed links: a confirm page (GET), the act on its button (POST); no sign-in needed.
  route("bevakning/:atgard", "routes/watch-link.tsx"),
  // Development only: the digests as they would have been sent (404 in production).
  route("utkorg", "routes/dev-outbox.tsx"),
  layout("routes/authed.tsx", [
    route("recommendations", "routes/recommendations.tsx"),
    route("recommendations/create", "routes/recommendations-create.tsx"),
    // The create form's live reading (JSON, parser only); a resource route, so it checks sign-in itself.
    route("recommendations/tolkning", "routes/recommendations-reading-preview.ts"),
    // GDPR access: a JSON download of everything the user may see (a resource route, so it checks sign-in itself).
    route("recommendations/export", "routes/recommendations-export.ts"),
    // "Bevaka", "Avsluta", "Förnya": the watch forms' target (the watches are listed on the list page).
    route("recommendations/bevakningar", "routes/watches.tsx"),
    route("recommendations/:id", "routes/recommendation.tsx"),
    route("recommendations/:id/unlock", "routes/recommendation-unlock.tsx"),
    // "Ändra tolkningen": the saved reading as a plain form; a post starts a new create with the corrections.
    route("recommendations/:id/tolkning", "routes/recommendation-reading.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
