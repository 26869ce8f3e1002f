/** Exact names, no wildcards: the one allow-list for the adapter's thumbnails and the image proxy. */
export const BLOCKET_IMAGE_HOSTS: ReadonlySet<string> = new Set(["images.blocketcdn.se", "i.blocketcdn.se"]);

/** Thumbnails go through our proxy, never hot-linked. */
const IMAGE_PROXY_PATH = "/bild";

export function proxiedImageUrl(url: string): string {
  return `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(url)}`;
}
