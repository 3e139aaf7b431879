import { optimize, type XastChild, type XastElement, type XastParent, type XastRoot } from 'svgo';

/**
 * Uploaded SVG made safe to serve (docs/api-scada.md "Graph library"): an allowlist of elements, no
 * event attributes, no script-bearing or external references, then svgo's normalisation. Anything not
 * known to be harmless is removed; a file that is not an SVG document is refused.
 */
export type SvgResult = { ok: true; svg: string } | { ok: false; reason: SvgRefusal };
export type SvgRefusal = 'entities' | 'notSvg';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Drawing elements kept; everything else (script, foreignObject, a, animate, set, iframe...) goes. */
const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'image',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA',
  'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology',
  'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
]); // biome-ignore format: a list

/** A raster image embedded in an <image>: the only data: URL kept. */
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** CSS or attribute text that can load or run something. */
const DANGEROUS_TEXT = /javascript:|vbscript:|data:|expression\s*\(|@import|-moz-binding|behavior\s*:/i;
/** Every url(...) in CSS or a presentation attribute; only local `url(#id)` may stay. */
const URL_REF = /url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi;
/** Raw markers refused before parsing: a DTD can define entities (billion laughs, external files). */
const DTD = /<!(DOCTYPE|ENTITY)/i;

/** Lowercase, without whitespace, control characters and escapes that browsers ignore in URLs. */
function squash(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return value.replace(/[\u0000-\u0020\u007f-\u00a0\\]|&#?[a-z0-9]+;?/gi, '').toLowerCase();
}

function onlyLocalUrls(text: string): boolean {
  for (const match of text.matchAll(URL_REF)) if (!match[2]!.trim().startsWith('#')) return false;
  return true;
}

/** Whether a CSS text (a <style> element or a style attribute) may stay. */
function safeCss(css: string): boolean {
  return !DANGEROUS_TEXT.test(squash(css)) && onlyLocalUrls(css);
}

function safeHref(element: XastElement, value: string): boolean {
  const v = value.trim();
  if (v.startsWith('#')) return true;
  return element.name === 'image' && RASTER_DATA.test(v);
}

function cleanAttributes(element: XastElement, isRoot: boolean): void {
  for (const [name, value] of Object.entries(element.attributes)) {
    const lower = name.toLowerCase();
    let keep: boolean;
    if (lower.startsWith('on')) keep = false;
    else if (lower === 'href' || lower === 'xlink:href') keep = safeHref(element, value);
    else if (lower === 'xmlns') keep = value === SVG_NS;
    else if (lower === 'xmlns:xlink') keep = value === XLINK_NS;
    else if (lower.includes(':')) keep = lower === 'xml:space' || lower === 'xml:lang';
    else if (lower === 'style') keep = safeCss(value);
    else keep = !DANGEROUS_TEXT.test(squash(value)) && onlyLocalUrls(value);
    if (!keep) delete element.attributes[name];
  }
  if (isRoot) element.attributes.xmlns = SVG_NS;
}

/** Text of a <style>: its text and CDATA children. */
function styleText(element: XastElement): string {
  return element.children.map((c) => (c.type === 'text' || c.type === 'cdata' ? c.value : '')).join('');
}

function cleanChildren(parent: XastParent): void {
  const kept: XastChild[] = [];
  for (const child of parent.children) {
    if (child.type === 'text' || child.type === 'cdata') {
      kept.push(child);
    } else if (child.type === 'element') {
      if (!ELEMENTS.has(child.name)) continue;
      if (child.name === 'style' && !safeCss(styleText(child))) continue;
      cleanAttributes(child, false);
      cleanChildren(child);
      kept.push(child);
    }
    // Comments, processing instructions (<?xml-stylesheet?>) and doctypes are dropped.
  }
  parent.children = kept;
}

/** The one svgo plugin that enforces the rules above; run before and after the preset. */
const sanitizePlugin = {
  name: 'fleet-sanitize',
  fn: (root: XastRoot) => {
    const svg = root.children.find((c): c is XastElement => c.type === 'element');
    root.children = svg ? [svg] : [];
    if (svg) {
      cleanAttributes(svg, true);
      cleanChildren(svg);
    }
    return null;
  },
};

/** Refuses what is not an SVG document or declares a DTD; returns the cleaned, normalised text. */
export function sanitizeSvg(input: Buffer): SvgResult {
  const text = input.toString('utf8');
  if (DTD.test(text)) return { ok: false, reason: 'entities' };
  let root: XastElement | undefined;
  try {
    const out = optimize(text, {
      multipass: false,
      plugins: [
        {
          name: 'fleet-root',
          fn: (r: XastRoot) => {
            root = r.children.find((c): c is XastElement => c.type === 'element');
            return null;
          },
        },
        sanitizePlugin,
        'preset-default',
        sanitizePlugin,
      ],
    });
    if (root?.name !== 'svg') return { ok: false, reason: 'notSvg' };
    return { ok: true, svg: out.data };
  } catch {
    return { ok: false, reason: 'notSvg' };
  }
}
