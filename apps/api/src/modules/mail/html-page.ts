// The few plain HTML pages the mail module answers itself (the dev mailbox, the unsubscribe
// confirmation): not indexed, one <main>, their own inline style.
import { escapeHtml } from './templates.ts';

export function htmlPage(title: string, style: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
