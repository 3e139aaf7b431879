/** The server's limit for a thumbnail data URL (docs/api-scada.md). */
const MAX_CHARS = 280_000;

/**
 * A PNG thumbnail of the drawn page (the canvas' SVG rasterised in the browser, 320 px wide), or
 * null when the browser cannot (a graph-library image makes the canvas tainted in some browsers).
 */
export async function renderThumbnail(
  svg: SVGSVGElement | null,
  w: number,
  h: number,
): Promise<string | null> {
  if (!svg) return null;
  try {
    const clone = svg.cloneNode(true) as SVGSVGElement;
    clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    clone.setAttribute('width', String(w));
    clone.setAttribute('height', String(h));
    for (const n of clone.querySelectorAll('[fill="url(#sd-grid)"], image')) n.remove();
    const markup = new XMLSerializer().serializeToString(clone);
    const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
    try {
      const img = new Image();
      img.decoding = 'async';
      await new Promise<void>((resolve, reject) => {
        img.onload = () => resolve();
        img.onerror = () => reject(new Error('thumbnail'));
        img.src = url;
      });
      const scale = Math.min(320 / w, 180 / h);
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(w * scale));
      canvas.height = Math.max(1, Math.round(h * scale));
      const g = canvas.getContext('2d');
      if (!g) return null;
      g.drawImage(img, 0, 0, canvas.width, canvas.height);
      const data = canvas.toDataURL('image/png');
      return data.startsWith('data:image/png;base64,') && data.length <= MAX_CHARS ? data : null;
    } finally {
      URL.revokeObjectURL(url);
    }
  } catch {
    return null;
  }
}
