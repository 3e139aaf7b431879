/**
 * The origin of the raster tile URL an administrator configured for the maps (DESIGN 15), which the
 * Content-Security-Policy must let the browser fetch images from ('self' otherwise). A copy of the
 * `map` option kept by the screens module: set when the app starts, on every read of the map
 * setting (each map reads it before it loads tiles, so another instance's change reaches this one
 * there) and on every change. An empty string adds nothing to the policy.
 */
let origin = '';

export function setMapTileOrigin(tileUrl: string | null): void {
  if (!tileUrl) {
    origin = '';
    return;
  }
  try {
    // {z}/{x}/{y} are in the path; the origin is what CSP needs.
    origin = new URL(tileUrl.replace(/[{}]/g, '')).origin;
  } catch {
    origin = '';
  }
}

/** A helmet directive value: 'self', and the configured tile origin when there is one. */
export const selfAndMapTiles = (): string => (origin ? `'self' ${origin}` : "'self'");
