/** Marketplace thumbnails go through our image proxy (app/routes/image-proxy.ts), never hot-linked. */
export const IMAGE_PROXY_PATH = "/bild";

export function proxiedImageUrl(url: string): string {
  return `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(url)}`;
}
