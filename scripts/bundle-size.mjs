// The JavaScript and CSS the login page loads before it works, gzip, from the last web build
// (apps/web/dist): index.html's entry with its static imports and CSS, the lazy route chunk of /login
// (features/auth/pages/LoginPage) with its static imports and CSS, and one language's texts (shared
// dictionary, dayjs and Ant Design locales, which main.tsx loads before the first render; the
// largest of zh, en and es is counted), each file counted once.
// Fails (exit 1) above the budget: issue 16, the login page loaded 590 KB gzip; the target is 400 KB.
//
//   node scripts/bundle-size.mjs            # the figure, per file, and the verdict
//   node scripts/bundle-size.mjs --summary  # one line (the files too when over budget)
//   node scripts/bundle-size.mjs --json     # machine-readable
//   LOGIN_BUDGET_KB=400 node scripts/bundle-size.mjs
//
// It reads the build, it never builds: scripts/e2e.mjs runs it right after its own (staleness-checked)
// web build, so CI builds the web app once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
/** The modules whose chunks the login route loads: the app entry and the /login page. */
const LOGIN_MODULES = ['index.html', 'src/features/auth/pages/LoginPage.tsx'];
/** Per language, what shared/i18n's loadLanguage fetches (manifest keys end with these). */
const LANGUAGE_MODULES = {
  zh: ['src/shared/i18n/zh.ts', 'dayjs/locale/zh-cn.js', 'antd/locale/zh_CN.js'],
  en: ['src/shared/i18n/en.ts', 'antd/locale/en_US.js'],
  es: ['src/shared/i18n/es.ts', 'dayjs/locale/es.js', 'antd/locale/es_ES.js'],
};
export const BUDGET_KB = Number(process.env.LOGIN_BUDGET_KB ?? 400);

/** Files (relative to dist) that /login loads: each listed module's chunk, static imports and CSS. */
export function loginFiles(manifest, modules = LOGIN_MODULES) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return [...files];
}

function manifestKey(manifest, suffix) {
  const key = Object.keys(manifest).find((k) => k === suffix || k.endsWith(`/${suffix}`));
  if (!key) throw new Error(`no chunk for ${suffix} in the build manifest`);
  return key;
}

/** Also what index.html names itself (entry script, modulepreload links, stylesheets). */
function indexHtmlFiles() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+\.(?:js|css))"/g)];
  return refs.map((m) => m[1]);
}

export function measure() {
  if (!existsSync(manifestPath))
    throw new Error(`no ${manifestPath}: build the web app first (npm run build -w @fleet/web)`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const base = new Set([...indexHtmlFiles(), ...loginFiles(manifest)]);
  const sizes = new Map();
  const row = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(join(dist, file));
      sizes.set(file, { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return sizes.get(file);
  };
  let worst;
  for (const [language, suffixes] of Object.entries(LANGUAGE_MODULES)) {
    const extra = loginFiles(
      manifest,
      suffixes.map((suffix) => manifestKey(manifest, suffix)),
    ).filter((file) => !base.has(file));
    const rows = [...base, ...extra].map(row);
    const gzip = rows.reduce((sum, r) => sum + r.gzip, 0);
    if (!worst || gzip > worst.gzip) worst = { language, rows, gzip };
  }
  const rows = worst.rows.sort((a, b) => b.gzip - a.gzip);
  const raw = rows.reduce((sum, r) => sum + r.raw, 0);
  return { language: worst.language, rows, gzip: worst.gzip, raw, budget: BUDGET_KB * 1024 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let result;
  try {
    result = measure();
  } catch (error) {
    console.error(`bundle-size: ${error.message}`);
    process.exit(1);
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const ok = result.gzip <= result.budget;
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...result, ok }, null, 2));
  } else {
    if (!process.argv.includes('--summary') || !ok)
      for (const r of result.rows)
        console.log(`${kb(r.gzip).padStart(10)} gzip ${kb(r.raw).padStart(10)} raw  ${r.file}`);
    console.log(
      `login page (${result.language}): ${kb(result.gzip)} gzip (${kb(result.raw)} raw) in ${result.rows.length} files; budget ${kb(result.budget)}: ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  process.exit(ok ? 0 : 1);
}
