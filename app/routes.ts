import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The URLs are the product's: Swedish for public pages, /recommendations for the signed-in group.
export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("anvandarvillkor", "routes/terms.tsx"),
  route("integritetspolicy", "routes/privacy.tsx"),
  route("healthz", "routes/healthcheck.ts"),
  layout("routes/authed.tsx", [
    route("recommendations", "routes/recommendations.tsx"),
    route("recommendations/create", "routes/recommendations-create.tsx"),
    route("recommendations/:id", "routes/recommendation.tsx"),
    route("recommendations/:id/unlock", "routes/recommendation-unlock.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
