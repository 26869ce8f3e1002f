/**
 * Blocket's image CDN hosts, exact names, no wildcards: the one allow-list for
 * what the Blocket adapter accepts as a thumbnail and what the image proxy will fetch.
 */
export const BLOCKET_IMAGE_HOSTS: ReadonlySet<string> = new Set(["images.blocketcdn.se", "i.blocketcdn.se"]);

/** Marketplace thumbnails go through our image proxy (app/routes/image-proxy.ts), never hot-linked. */
const IMAGE_PROXY_PATH = "/bild";

export function proxiedImageUrl(url: string): string {
  return `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(url)}`;
}
