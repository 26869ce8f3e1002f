import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Drömbil";
export const DEFAULT_DESCRIPTION = "Beskriv bilen du drömmer om och få tio genomtänkta bilförslag med betyg, ägandekostnader och aktuella annonser på Blocket.";

type PageMeta = {
  title: string;
  description?: string;
  path: string;
  siteUrl: string | undefined;
  /** Signed-in and error pages should not be indexed. */
  noIndex?: boolean;
};

export function pageMeta({ title, description = DEFAULT_DESCRIPTION, path, siteUrl, noIndex }: PageMeta): MetaDescriptor[] {
  const fullTitle = title.startsWith(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const base = siteUrl ?? "http://localhost:5173";
  const url = new URL(path, base).href;
  const image = new URL("/og-image.png", base).href;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "sv_SE" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
