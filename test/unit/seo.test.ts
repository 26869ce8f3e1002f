import { describe, expect, it } from "vitest";
import { pageMeta } from "#app/lib/seo";

describe("page metadata", () => {
  it("gives each page a Swedish title, canonical link, Open Graph and Twitter tags", () => {
    const tags = pageMeta({ title: "Integritetspolicy", path: "/integritetspolicy", siteUrl: "https://drombil.se" });
    expect(tags).toContainEqual({ title: "Integritetspolicy | Drömbil" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://drombil.se/integritetspolicy" });
    expect(tags).toContainEqual({ property: "og:locale", content: "sv_SE" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://drombil.se/integritetspolicy" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("does not repeat the site name and can keep pages out of search engines", () => {
    const tags = pageMeta({ title: "Drömbil – hitta rätt begagnad bil", path: "/", siteUrl: undefined, noIndex: true });
    expect(tags).toContainEqual({ title: "Drömbil – hitta rätt begagnad bil" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });
});
