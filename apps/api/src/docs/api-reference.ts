import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '@cs/domain';
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH, type OpenApiDocument } from '@cs/api-routes';
import { OPENAPI_DOCUMENT } from '../openapi/openapi.provider';

/** An answer that is the same for every request: built once at start-up. */
export interface FixedReply {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/**
 * The renderer: Scalar's standalone browser bundle (@scalar/api-reference, MIT), one self-contained script. The
 * build copies it into dist/assets (scripts/copy-api-reference.mjs), which is what the image carries: the package
 * is a devDependency. Code run from source (unit tests) finds it in the package, where it sits beside the entry
 * point (the package exports no path to it).
 */
export function rendererFile(): string {
  const built = join(__dirname, '..', 'assets', 'scalar-standalone.js');
  return existsSync(built) ? built : join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');
}

/**
 * Runs before the renderer. The zod inside Scalar's bundle probes once whether eval works (it compiles validators
 * when it does), and under this page's CSP the probe is a reported violation; declaring zod jitless skips the probe.
 */
const BEFORE_RENDERER = 'globalThis.__zod_globalConfig = { jitless: true };\n';

/** Scalar's options, passed as the mount element's data-configuration (no inline script). */
const RENDERER_OPTIONS = {
  url: OPENAPI_DOCUMENT_PATH,
  // Nothing leaves the api's origin: by default Scalar loads web fonts from its CDN, sends telemetry, and offers an AI
  // agent, an MCP panel and a hosted client that talk to Scalar's cloud.
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: true,
  showDeveloperTools: 'never',
  // The document is small: every operation is on the page, for the browser's find too.
  defaultOpenAllTags: true,
  // Its download link is the served document itself, for people who want the raw JSON.
  documentDownloadType: 'direct',
};

/**
 * The page runs only the api's own script and fetches only from the api (the document, and "Test request" calls).
 * Scalar injects its stylesheet and sets style attributes at run time, hence inline styles; no inline script, no
 * eval, no fonts, no forms, no framing (CSP Level 3: frame-ancestors replaces X-Frame-Options).
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The script opened as a document runs and loads nothing. */
const SCRIPT_POLICY = "default-src 'none'; frame-ancestors 'none'";

const COMMON_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string): string => text.replace(/[&<>"]/g, (char) => ENTITIES[char] ?? char);

const digest = (body: Buffer): string => createHash('sha256').update(body).digest('base64url');

function renderPage(info: OpenApiDocument['info'], scriptUrls: string[]): string {
  const link = `<a href="${OPENAPI_DOCUMENT_PATH}">${OPENAPI_DOCUMENT_PATH}</a>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(`${info.title} ${info.version}`)}</title>
<link rel="icon" href="data:,">
<link rel="alternate" type="application/json" href="${OPENAPI_DOCUMENT_PATH}" title="OpenAPI document">
</head>
<body>
<noscript>This reference needs JavaScript. The OpenAPI document it renders is at ${link}.</noscript>
<div id="api-reference" data-configuration="${escape(JSON.stringify(RENDERER_OPTIONS))}"></div>
${scriptUrls.map((url) => `<script src="${url}"></script>`).join('\n')}
</body>
</html>
`;
}

/**
 * The human-readable API reference: a page that renders the served OpenAPI document with the renderer's script, all
 * served by the api itself. A script's URL carries its digest, so it is cached for a year and a new renderer version
 * gets a new URL; the page is revalidated (ETag) so it always names the current scripts.
 */
@Injectable()
export class ApiReference {
  readonly page: FixedReply;
  /** The scripts by file name, in the order the page runs them. */
  private readonly scripts = new Map<string, FixedReply>();

  constructor(@Inject(OPENAPI_DOCUMENT) document: OpenApiDocument) {
    for (const [name, body] of [['setup', Buffer.from(BEFORE_RENDERER)], ['scalar', readFileSync(rendererFile())]] as const) {
      const scriptDigest = digest(body);
      this.scripts.set(`${name}.${scriptDigest.slice(0, 16)}.js`, {
        body,
        headers: {
          ...COMMON_HEADERS,
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': 'public, max-age=31536000, immutable',
          ETag: `"${scriptDigest}"`,
          'Content-Security-Policy': SCRIPT_POLICY,
        },
      });
    }
    const page = Buffer.from(renderPage(document.info, [...this.scripts.keys()].map((file) => `${API_REFERENCE_PATH}/${file}`)));
    this.page = {
      body: page,
      headers: {
        ...COMMON_HEADERS,
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        ETag: `"${digest(page)}"`,
        'Content-Security-Policy': PAGE_POLICY,
      },
    };
  }

  /** A script the page links; any other file name is a 404. */
  scriptNamed(file: string): FixedReply {
    const script = this.scripts.get(file);
    if (!script) throw notFound('API reference file');
    return script;
  }
}
