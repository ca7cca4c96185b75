import type { AccountSummary, ExportedWorkspace } from './account-export';

/** The export as JSON text, chunk by chunk: one workspace page at a time is ever held. */
export async function* exportJson(
  exportedAt: string,
  summary: AccountSummary,
  workspaces: AsyncIterable<ExportedWorkspace>,
  activity: AsyncIterable<Record<string, unknown>[]>,
): AsyncIterable<string> {
  yield `{"exportedAt":${JSON.stringify(exportedAt)}`;
  for (const [key, value] of Object.entries(summary)) yield `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  yield ',"workspaces":[';
  let firstWorkspace = true;
  for await (const { workspace, projects, links } of workspaces) {
    yield `${firstWorkspace ? '' : ','}${JSON.stringify(workspace).slice(0, -1)}`;
    firstWorkspace = false;
    for (const [key, list] of [
      ['projects', projects],
      ['links', links],
    ] as const) {
      yield `,${JSON.stringify(key)}:[`;
      let first = true;
      for await (const page of list()) {
        yield `${first ? '' : ','}${page.map((item) => JSON.stringify(item)).join(',')}`;
        first = false;
      }
      yield ']';
    }
    yield '}';
  }
  yield '],"activity":[';
  let firstPage = true;
  for await (const page of activity) {
    yield `${firstPage ? '' : ','}${page.map((event) => JSON.stringify(event)).join(',')}`;
    firstPage = false;
  }
  yield ']}';
}

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A table of rows with the same keys (a value that is an object is written as JSON). */
function table(rows: readonly Record<string, unknown>[], caption: string): string {
  if (!rows.length) return `<p>${escapeHtml(caption)}: none.</p>`;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown) =>
    escapeHtml(typeof value === 'object' && value !== null ? JSON.stringify(value) : value);
  return (
    `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${keys.map((k) => `<th scope="col">${escapeHtml(k)}</th>`).join('')}</tr></thead><tbody>` +
    rows.map((row) => `<tr>${keys.map((k) => `<td>${cell(row[k])}</td>`).join('')}</tr>`).join('') +
    '</tbody></table>'
  );
}

/** The same export as one page to read or print: a section per part, a table per list. */
export async function* exportHtml(
  exportedAt: string,
  summary: AccountSummary,
  workspaces: AsyncIterable<ExportedWorkspace>,
  activity: AsyncIterable<Record<string, unknown>[]>,
): AsyncIterable<string> {
  yield (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your Kloof Digital data</title>' +
    '<style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;margin:0 0 1.5rem}' +
    'th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}caption{text-align:left;font-weight:600}</style>' +
    `</head><body><main><h1>Your Kloof Digital data</h1><p>Exported ${escapeHtml(exportedAt)} (UTC).</p>`
  );
  yield `<h2>Profile</h2>${table([summary.profile], 'Profile')}`;
  yield `<h2>Settings</h2>${table([summary.settings], 'Settings')}`;
  yield `<h2>Devices</h2>${table(summary.devices, 'Devices and sessions')}`;
  yield `<h2>Second factor</h2>${table([summary.secondFactor], 'Authenticator app')}${table(summary.passkeys, 'Passkeys')}`;
  yield `<h2>Billing</h2>${table(summary.billing.plan ? [summary.billing.plan] : [], 'Plan')}${table(summary.billing.invoices, 'Invoices')}`;
  yield `<h2>Mail we sent you</h2>${table(summary.mails, 'Mails')}`;
  yield '<h2>Workspaces</h2>';
  for await (const { workspace, projects, links } of workspaces) {
    yield `<section><h3>${escapeHtml(workspace.name)}</h3>${table([workspace], 'Workspace')}`;
    for (const [caption, list] of [
      ['Projects', projects],
      ['Links', links],
    ] as const) {
      let any = false;
      for await (const page of list()) {
        yield table(page, caption);
        any = true;
      }
      if (!any) yield table([], caption);
    }
    yield '</section>';
  }
  yield '<h2>Activity</h2>';
  let anyActivity = false;
  for await (const page of activity) {
    yield table(page, 'Activity, newest first');
    anyActivity = true;
  }
  if (!anyActivity) yield table([], 'Activity');
  yield '</main></body></html>';
}
