/**
 * Known SVG XSS and exfiltration payloads (OWASP, Cure53's DOMPurify tests, PortSwigger's cheat sheet):
 * each must come out of `sanitizeSvg` without its active part, or be refused.
 */
const wrap = (inner: string, rootAttributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${rootAttributes} viewBox="0 0 10 10"><rect id="keep" width="10" height="10" fill="#888"/>${inner}</svg>`;

export interface SvgPayload {
  name: string;
  svg: string;
  /** 'refused': the file must be refused; otherwise the cleaned text must not match `forbidden`. */
  expect: 'refused' | 'cleaned';
  forbidden?: RegExp;
}

export const SVG_PAYLOADS: SvgPayload[] = [
  {
    name: 'script element',
    svg: wrap('<script>alert(1)</script>'),
    expect: 'cleaned',
    forbidden: /script|alert/i,
  },
  {
    name: 'script in CDATA with xlink:href src',
    svg: wrap('<script xlink:href="https://evil.example/x.js"><![CDATA[alert(1)]]></script>'),
    expect: 'cleaned',
    forbidden: /script|evil|alert/i,
  },
  {
    name: 'onload on the root',
    svg: wrap('', ' onload="alert(1)"'),
    expect: 'cleaned',
    forbidden: /onload|alert/i,
  },
  {
    name: 'event attributes on shapes',
    svg: wrap('<circle r="2" onmouseover="alert(1)" OnClick="alert(2)" onfocusin="alert(3)"/>'),
    expect: 'cleaned',
    forbidden: /on(mouseover|click|focusin)|alert/i,
  },
  {
    name: 'foreignObject with HTML',
    svg: wrap(
      '<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"/></body></foreignObject>',
    ),
    expect: 'cleaned',
    forbidden: /foreignObject|iframe|javascript|body/i,
  },
  {
    name: 'javascript: link',
    svg: wrap('<a href="javascript:alert(1)"><text y="5">click</text></a>'),
    expect: 'cleaned',
    forbidden: /javascript|<a\b/i,
  },
  {
    name: 'obfuscated javascript: in xlink:href',
    svg: wrap('<a xlink:href="  jav&#x09;ascript:alert(1)"><rect width="1" height="1"/></a>'),
    expect: 'cleaned',
    forbidden: /ascript|alert/i,
  },
  {
    name: 'animate that sets href',
    svg: wrap('<a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>'),
    expect: 'cleaned',
    forbidden: /animate|javascript|alert/i,
  },
  {
    name: 'set that adds an event handler',
    svg: wrap('<set attributeName="onmouseover" to="alert(1)"/>'),
    expect: 'cleaned',
    forbidden: /<set|alert/i,
  },
  {
    name: 'use of an external or data: document',
    svg: wrap(
      '<use href="https://evil.example/sprite.svg#x"/><use xlink:href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+#x"/>',
    ),
    expect: 'cleaned',
    forbidden: /evil|data:/i,
  },
  {
    name: 'external image and svg data image',
    svg: wrap(
      '<image href="https://evil.example/track.png" width="1" height="1"/><image href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;" width="1" height="1"/>',
    ),
    expect: 'cleaned',
    forbidden: /evil|svg\+xml|alert/i,
  },
  {
    name: 'style with @import and external url()',
    svg: wrap(
      '<style>@import url(https://evil.example/a.css); rect { fill: url(https://evil.example/p.svg#g) }</style>',
    ),
    expect: 'cleaned',
    forbidden: /evil|@import/i,
  },
  {
    name: 'style attribute loading an external url',
    svg: wrap(
      '<rect width="1" height="1" style="fill:url(\'https://evil.example/x#a\')" filter="url(http://evil.example/f#f)"/>',
    ),
    expect: 'cleaned',
    forbidden: /evil/i,
  },
  {
    name: 'xml-stylesheet processing instruction',
    svg: `<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/a.xsl" type="text/xsl"?>${wrap('')}`,
    expect: 'cleaned',
    forbidden: /evil|stylesheet/i,
  },
  {
    name: 'XML entity expansion (billion laughs)',
    svg: `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>${wrap('<text>&b;</text>')}`,
    expect: 'refused',
  },
  {
    name: 'external entity (XXE)',
    svg: `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${wrap('<text>&xxe;</text>')}`,
    expect: 'refused',
  },
  {
    name: 'doctype without entities',
    svg: `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${wrap('')}`,
    expect: 'refused',
  },
  {
    name: 'XHTML script under another namespace prefix',
    svg: wrap(
      '<html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script><svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(2)</svg:script>',
    ),
    expect: 'cleaned',
    forbidden: /script|alert|xhtml/i,
  },
  {
    name: 'root in the XHTML namespace',
    svg: '<svg xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></svg>',
    expect: 'cleaned',
    forbidden: /xhtml|script|alert/i,
  },
  {
    name: 'iframe, embed and object',
    svg: wrap('<iframe src="https://evil.example"/><embed src="x.swf"/><object data="x.html"/>'),
    expect: 'cleaned',
    forbidden: /iframe|embed|object|evil/i,
  },
  {
    name: 'xml:base redirecting relative references',
    svg: wrap('<g xml:base="https://evil.example/"><use href="#keep"/></g>'),
    expect: 'cleaned',
    forbidden: /evil|xml:base/i,
  },
  { name: 'HTML, not SVG', svg: '<html><body><script>alert(1)</script></body></html>', expect: 'refused' },
  { name: 'not XML at all', svg: '<svg onload=alert(1)//', expect: 'refused' },
];
