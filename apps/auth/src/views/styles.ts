/**
 * The single stylesheet of the auth pages, inlined by the layout in a <style> element: no external fonts,
 * no CDN, no JavaScript. Neutral greys with one accent (indigo); every text colour is WCAG AA (4.5:1 or more)
 * on the surfaces it is used on, and form-field borders reach 3:1 (WCAG 1.4.11). Tables collapse into
 * stacked rows below 640 px so pages work at 360 px.
 */
export const STYLES = `
:root {
  --bg: #f5f6f8; --surface: #ffffff; --surface-muted: #f9fafb;
  --border: #e4e7ec; --border-strong: #c9ced6; --input-border: #868fa0;
  --text: #101828; --muted: #475467; --subtle: #5d6676;
  --accent: #4f46e5; --accent-hover: #4338ca; --accent-soft: #eef2ff; --accent-border: #c7d2fe; --accent-text: #3730a3;
  --danger: #b42318; --danger-hover: #912018; --danger-soft: #fef3f2; --danger-border: #fecdca;
  --success: #067647; --success-soft: #ecfdf3; --success-border: #abefc6; --success-text: #05603a;
  --radius: 10px; --radius-lg: 14px;
  --shadow: 0 1px 2px rgba(16, 24, 40, 0.05);
  --shadow-lg: 0 1px 3px rgba(16, 24, 40, 0.08), 0 8px 24px -6px rgba(16, 24, 40, 0.08);
  --font: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif;
  --mono: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
  color-scheme: light;
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--text); font: 15px/1.55 var(--font); -webkit-font-smoothing: antialiased; }
h1, h2, h3, p, ul, ol, dl, dd, fieldset { margin: 0; }
h1 { font-size: 1.6rem; line-height: 1.25; font-weight: 650; letter-spacing: -0.02em; }
h2 { font-size: 1.1rem; line-height: 1.35; font-weight: 620; letter-spacing: -0.01em; }
a { color: var(--accent); text-underline-offset: 2px; }
a:hover { color: var(--accent-hover); }
code, .mono { font-family: var(--mono); font-size: 0.86em; }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.skip-link { position: absolute; left: 12px; top: -48px; z-index: 10; padding: 8px 14px; border-radius: var(--radius); background: var(--text); color: #fff; }
.skip-link:focus { top: 10px; color: #fff; }
#main:focus { outline: none; }

/* Top bar */
.topbar { background: var(--surface); border-bottom: 1px solid var(--border); }
.topbar-inner { max-width: 1200px; margin: 0 auto; padding: 0 24px; min-height: 60px; display: flex; align-items: center; gap: 20px; }
.brand { display: inline-flex; align-items: center; gap: 10px; margin-right: auto; color: var(--text); font-weight: 650; letter-spacing: -0.01em; text-decoration: none; white-space: nowrap; }
.brand:hover { color: var(--text); }
.brand-mark { width: 28px; height: 28px; border-radius: 8px; background: var(--accent); color: #fff; display: grid; place-items: center; flex: none; }
.topnav { display: flex; align-items: center; gap: 20px; font-size: 0.93rem; }
.topnav a { color: var(--muted); text-decoration: none; font-weight: 500; padding: 4px 0; white-space: nowrap; }
.topnav a:hover, .topnav a[aria-current="page"] { color: var(--text); }
.topnav a[aria-current="page"] { box-shadow: inset 0 -2px 0 var(--accent); }
.topbar-email { color: var(--muted); font-size: 0.93rem; padding-left: 20px; border-left: 1px solid var(--border); max-width: 260px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }

/* Page scaffolding */
.page { max-width: 1200px; margin: 0 auto; padding: 40px 24px 64px; }
.page-narrow { max-width: 460px; padding-top: 56px; }
.page-medium { max-width: 720px; }
.page-header { margin-bottom: 28px; }
.page-header p { color: var(--muted); margin-top: 6px; }
.breadcrumb { font-size: 0.88rem; margin-bottom: 8px; color: var(--muted); }
.breadcrumb a { text-decoration: none; font-weight: 500; }
.breadcrumb a:hover { text-decoration: underline; }
.card { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius-lg); box-shadow: var(--shadow-lg); padding: 32px; }
.card + .card, .stack > * + * { margin-top: 16px; }
.card-header { margin-bottom: 24px; }
.card-header p { color: var(--muted); margin-top: 6px; }
.card-footer { margin-top: 24px; padding-top: 20px; border-top: 1px solid var(--border); color: var(--muted); font-size: 0.9rem; }
.center { text-align: center; }
.muted { color: var(--muted); }
.small { font-size: 0.87rem; }
.section { margin-top: 48px; }
.section-header { display: flex; align-items: flex-end; justify-content: space-between; gap: 16px; flex-wrap: wrap; margin-bottom: 16px; }
.section-header p { color: var(--muted); margin-top: 4px; font-size: 0.93rem; max-width: 60ch; }

/* Forms */
form { margin: 0; }
.field { margin-bottom: 20px; }
.field > label, .label { display: block; font-size: 0.9rem; font-weight: 560; margin-bottom: 6px; }
.label-row { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; }
.optional { color: var(--muted); font-weight: 400; }
.hint { color: var(--muted); font-size: 0.85rem; margin-top: 6px; }
input[type="text"], input[type="email"], input[type="password"], input[type="url"], textarea {
  display: block; width: 100%; min-height: 40px; padding: 9px 12px; font: inherit; font-size: 16px; color: var(--text);
  background: var(--surface); border: 1px solid var(--input-border); border-radius: var(--radius); box-shadow: var(--shadow);
}
textarea { min-height: 112px; resize: vertical; font-family: var(--mono); font-size: 14px; line-height: 1.6; }
input:hover, textarea:hover { border-color: #667085; }
::placeholder { color: #6b7280; opacity: 1; }
input:focus-visible, textarea:focus-visible { border-color: var(--accent); outline: 2px solid var(--accent); outline-offset: 1px; }
[aria-invalid="true"] { border-color: var(--danger) !important; }
.field-error { display: flex; gap: 6px; align-items: flex-start; color: var(--danger); font-size: 0.86rem; font-weight: 500; margin-top: 6px; }
fieldset { border: 0; padding: 0; min-width: 0; }
legend { padding: 0; font-size: 0.9rem; font-weight: 560; margin-bottom: 10px; }
.choices { display: grid; gap: 8px; }
.choice { display: flex; gap: 12px; align-items: flex-start; padding: 12px 14px; border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface); cursor: pointer; }
.choice:hover { border-color: var(--border-strong); }
.choice:has(input:checked) { border-color: var(--accent); background: var(--accent-soft); }
.choice input { margin: 3px 0 0; width: 16px; height: 16px; accent-color: var(--accent); flex: none; }
.choice-text { display: grid; gap: 2px; }
.choice-title { font-weight: 560; }
.choice-desc { color: var(--muted); font-size: 0.87rem; }
.form-actions { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; margin-top: 28px; }
.form-actions-split > * { flex: 1 1 0; }
.inline-form { display: flex; gap: 12px; align-items: flex-end; flex-wrap: wrap; }
.inline-form .field { margin: 0; flex: 1 1 240px; max-width: 360px; }

/* Buttons: the bare element is the secondary style; .primary and .danger are the modifiers. */
button, .button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px; min-height: 40px; padding: 0 16px;
  font: inherit; font-size: 0.93rem; font-weight: 580; line-height: 1.2; white-space: nowrap; text-decoration: none; cursor: pointer;
  color: var(--text); background: var(--surface); border: 1px solid var(--border-strong); border-radius: var(--radius); box-shadow: var(--shadow);
}
button:hover, .button:hover, .secondary:hover { background: var(--surface-muted); color: var(--text); }
.primary { color: #fff; background: var(--accent); border-color: var(--accent); }
.primary:hover { color: #fff; background: var(--accent-hover); border-color: var(--accent-hover); }
.danger { color: var(--danger); border-color: var(--danger-border); }
.danger:hover { color: var(--danger-hover); background: var(--danger-soft); border-color: #fda29b; }
.button-sm, td.actions button, td.actions .button, .topbar-signout button { min-height: 32px; padding: 0 12px; font-size: 0.85rem; }
.button-block { width: 100%; }
.button-link { min-height: 0; padding: 0; border: 0; background: none; box-shadow: none; color: var(--muted); font-weight: 500; }
.button-link:hover { background: none; color: var(--text); text-decoration: underline; }

/* Alerts, flash messages, the error summary */
.alert { display: flex; gap: 10px; align-items: flex-start; padding: 12px 16px; border: 1px solid; border-radius: var(--radius); margin-bottom: 24px; font-size: 0.93rem; }
.alert svg { flex: none; margin-top: 2px; }
.alert-success { background: var(--success-soft); border-color: var(--success-border); color: var(--success-text); }
.alert-error { background: var(--danger-soft); border-color: var(--danger-border); color: var(--danger-hover); }
.alert-info { background: var(--accent-soft); border-color: var(--accent-border); color: var(--accent-text); }
.alert h2 { font-size: 0.95rem; margin-bottom: 4px; }
.alert ul { padding-left: 18px; }
.alert a { color: inherit; font-weight: 500; }

/* Identity: logos, chips */
.logo { width: 40px; height: 40px; border-radius: 10px; border: 1px solid var(--border); object-fit: cover; background: var(--surface); flex: none; }
.logo-lg { width: 64px; height: 64px; border-radius: 16px; }
.logo-placeholder { display: grid; place-items: center; background: var(--accent-soft); color: var(--accent-text); border-color: var(--accent-border); font-weight: 650; position: relative; overflow: hidden; }
/* The logo covers the letter once it has loaded; a logo that fails leaves the letter (client-logo.partial.ts). */
.logo-image { position: absolute; inset: 0; background-size: cover; background-position: center; background-repeat: no-repeat; }
.logo-lg.logo-placeholder { font-size: 1.6rem; }
.app-cell { display: flex; align-items: center; gap: 12px; min-width: 0; }
.app-cell strong { display: block; font-weight: 600; }
.chips { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; padding: 0; }
.chip { display: inline-block; padding: 1px 8px; border-radius: 6px; background: #f2f4f7; border: 1px solid var(--border); color: #344054; font-family: var(--mono); font-size: 0.78rem; line-height: 1.6; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: 0.75rem; font-weight: 600; background: #f2f4f7; color: var(--muted); }
.badge-success { background: var(--success-soft); color: var(--success-text); }

/* Tables */
.table-card { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius-lg); box-shadow: var(--shadow); overflow-x: auto; }
table { width: 100%; border-collapse: collapse; font-size: 0.92rem; }
th { text-align: left; font-size: 0.78rem; font-weight: 600; letter-spacing: 0.03em; text-transform: uppercase; color: var(--muted); background: var(--surface-muted); padding: 10px 16px; border-bottom: 1px solid var(--border); white-space: nowrap; }
td { padding: 14px 16px; border-top: 1px solid var(--border); vertical-align: middle; }
tbody tr:first-child td { border-top: 0; }
td.actions { text-align: right; white-space: nowrap; }
td.primary-cell { min-width: 200px; }
.oauth-apps td.primary-cell { min-width: 250px; }
.oauth-apps .url-list { min-width: 180px; }
.nw { white-space: nowrap; }
td.actions > form, td.actions > a { display: inline-flex; vertical-align: middle; }
td.actions > * + * { margin-left: 8px; }
tr.is-revoked td { color: var(--subtle); background: var(--surface-muted); }
tr.is-revoked .chip { color: var(--subtle); }
.url-list { list-style: none; padding: 0; display: grid; gap: 2px; min-width: 240px; font-family: var(--mono); font-size: 0.8rem; }
/* Each URI wraps after its separators (<wbr>, breakable-uri.partial.ts); inside a segment only when it must. */
.url-list li { min-width: 0; overflow-wrap: break-word; }
.empty { padding: 40px 24px; text-align: center; color: var(--muted); }
.empty strong { display: block; color: var(--text); font-weight: 600; margin-bottom: 4px; }

/* Consent */
.consent-logos { display: flex; justify-content: center; margin-bottom: 20px; }
.consent-title { text-align: center; font-size: 1.35rem; }
.consent-sub { text-align: center; color: var(--muted); margin-top: 8px; }
.scope-list { list-style: none; padding: 0; margin: 0; display: grid; gap: 12px; }
.scope-list li { display: flex; gap: 12px; align-items: flex-start; }
.scope-list svg { flex: none; margin-top: 3px; color: var(--success); }
.consent-block { margin-top: 24px; }
.consent-block > .label { margin-bottom: 12px; }
.legend-hint { margin: -4px 0 12px; }
.below-card { margin-top: 16px; }
.workspace-single { display: flex; align-items: center; gap: 10px; padding: 12px 14px; border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface-muted); font-weight: 560; }

/* Developer settings */
.switcher { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px; list-style: none; padding: 0; }
.switcher a { display: inline-flex; align-items: center; gap: 8px; padding: 5px 12px; border: 1px solid var(--border); border-radius: 999px; background: var(--surface); color: var(--text); font-size: 0.88rem; font-weight: 500; text-decoration: none; }
.switcher a:hover { border-color: var(--border-strong); }
.switcher a[aria-current="page"] { border-color: var(--accent); background: var(--accent-soft); color: var(--accent-text); }
.reveal { background: var(--surface); border: 1px solid var(--accent-border); border-left: 4px solid var(--accent); border-radius: var(--radius-lg); padding: 20px 24px; margin-bottom: 32px; box-shadow: var(--shadow-lg); }
.reveal h2 { font-size: 1rem; }
.secret-value { display: block; margin: 12px 0 10px; padding: 12px 14px; background: var(--surface-muted); border: 1px solid var(--border-strong); border-radius: var(--radius); font-family: var(--mono); font-size: 0.95rem; word-break: break-all; user-select: all; -webkit-user-select: all; }
.notice { background: var(--surface); border: 1px dashed var(--border-strong); border-radius: var(--radius-lg); padding: 24px; color: var(--muted); }
.tiles { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 16px; margin-top: 24px; }
.tile { display: block; padding: 20px; background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius-lg); box-shadow: var(--shadow); color: var(--text); text-decoration: none; }
.tile:hover { border-color: var(--accent-border); color: var(--text); }
.tile strong { display: block; font-weight: 600; margin-bottom: 4px; }
.tile span { color: var(--muted); font-size: 0.9rem; }
.error-message { margin-top: 8px; }
.lead { margin-top: 8px; }
.form-actions-center { justify-content: center; }
.panel { padding: 20px 16px; border-bottom: 1px solid var(--border); background: var(--surface); }
.app-cell code { display: block; font-size: 0.78rem; margin-top: 2px; }
.cell-note { display: block; color: var(--muted); font-size: 0.8rem; margin-top: 2px; }
.status-code { font-family: var(--mono); color: var(--muted); font-size: 0.85rem; margin-bottom: 8px; }

/* Webhooks */
.badge-danger { background: var(--danger-soft); color: var(--danger-hover); }
.badge-pending { background: var(--accent-soft); color: var(--accent-text); }
.badge-warning { background: #fffaeb; color: #93370d; }
.next-attempt { white-space: normal; }
.failing-note { color: var(--danger-hover); }
.url-link { font-family: var(--mono); font-size: 0.86rem; font-weight: 560; overflow-wrap: anywhere; }
.webhooks td.primary-cell { min-width: 280px; }
.webhook-title { font-family: var(--mono); font-size: 1.35rem; overflow-wrap: anywhere; }
.secret-input { display: block; width: 100%; margin: 4px 0 10px; padding: 12px 14px; font-family: var(--mono); font-size: 0.95rem; color: var(--text); background: var(--surface-muted); border: 1px solid var(--border-strong); border-radius: var(--radius); }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 16px 24px; margin: 0; }
.facts dt { color: var(--muted); font-size: 0.82rem; font-weight: 500; margin-bottom: 4px; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.fact-wide { grid-column: 1 / -1; }
.webhook-actions { margin-top: 24px; padding-top: 20px; border-top: 1px solid var(--border); }
.deliveries td.primary-cell code { display: block; margin-top: 2px; }
.section > h2 { margin-bottom: 16px; }
.attempt { padding: 24px; }
.attempt-header { display: flex; align-items: center; justify-content: space-between; gap: 12px; margin-bottom: 16px; }
.attempt-header h3 { font-size: 1.05rem; }
.exchange { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 24px; margin-top: 20px; padding-top: 20px; border-top: 1px solid var(--border); }
.exchange h4 { font-size: 0.95rem; margin-bottom: 8px; }
.headers { width: 100%; border-collapse: collapse; font-family: var(--mono); font-size: 0.8rem; margin-bottom: 12px; }
.headers th, .headers td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--border); overflow-wrap: anywhere; }
.headers th { color: var(--muted); font-weight: 500; width: 40%; font-size: inherit; letter-spacing: normal; text-transform: none; background: none; white-space: normal; }
.code-block { margin: 0; padding: 12px 14px; max-height: 320px; overflow: auto; background: var(--surface-muted); border: 1px solid var(--border); border-radius: var(--radius); font-family: var(--mono); font-size: 0.8rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.consent-publisher { text-align: center; color: var(--muted); margin: -4px 0 8px; font-size: 0.9rem; }
.switch-account { display: flex; flex-wrap: wrap; justify-content: center; gap: 6px; align-items: baseline; margin-top: 16px; color: var(--muted); font-size: 0.9rem; }
.switch-account .button-link { color: var(--accent-text); text-decoration: underline; }
.copy-row { display: flex; gap: 12px; align-items: center; min-height: 0; }
.copy-row:has(button[hidden]) { display: none; }
.secret-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
.confirm h1 { font-size: 1.3rem; }

@media (max-width: 640px) {
  body { font-size: 15px; }
  .topbar-inner { display: grid; grid-template-columns: auto minmax(0, 1fr); grid-template-areas: "brand signout" "nav email"; gap: 4px 12px; padding: 10px 16px; }
  .brand { grid-area: brand; min-height: 40px; }
  .topbar-signout { grid-area: signout; justify-self: end; }
  .topnav { grid-area: nav; gap: 16px; }
  .topbar-email { grid-area: email; justify-self: end; align-self: center; padding-left: 0; border-left: 0; max-width: 100%; font-size: 0.85rem; }
  .page { padding: 28px 16px 48px; }
  .page-narrow { padding-top: 28px; }
  .card { padding: 24px 20px; }
  h1 { font-size: 1.4rem; }
  .inline-form .field { max-width: none; }
  .inline-form button { width: 100%; }
  /* Stacked rows: the markup keeps explicit table roles so screen readers still announce a table. */
  .responsive thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .responsive tr { display: block; padding: 14px 16px; border-top: 1px solid var(--border); }
  .responsive tbody tr:first-child { border-top: 0; }
  .responsive td { display: flex; gap: 12px; justify-content: space-between; align-items: baseline; padding: 4px 0; border: 0; text-align: right; }
  .responsive td[data-label]::before { content: attr(data-label); color: var(--muted); font-size: 0.82rem; font-weight: 500; text-align: left; flex: none; }
  .responsive td.primary-cell { text-align: left; padding-bottom: 8px; min-width: 0; }
  /* Ids have no break opportunity: on a phone they wrap anywhere rather than widen the card (issue 19: 9 px at 390 px). */
  .responsive td.primary-cell code { overflow-wrap: anywhere; }
  .responsive td .chips, .responsive td .url-list { justify-content: flex-end; justify-items: end; min-width: 0; }
  .responsive td.actions { justify-content: flex-start; flex-wrap: wrap; gap: 8px; padding-top: 10px; }
  .responsive td.actions > * + * { margin-left: 0; }
  .responsive tr.is-revoked td { background: none; }
  .responsive tr.is-revoked { background: var(--surface-muted); }
}
`;
