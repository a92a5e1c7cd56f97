import type { Context } from 'hono';

/*
 * The pages of the sandboxes that stand in for WeChat (its authorise page, its pay page) in the
 * test environment: one small, self-contained HTML page with no script, styled like WeChat's.
 */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function sandboxPage(c: Context, status: 200 | 400 | 404 | 409, title: string, body: string): Response {
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'");
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html>
<html lang="zh-CN">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(title)}</title>
  <style>
    body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f2f3f5;
      font-family: "PingFang SC", "Microsoft YaHei", system-ui, sans-serif; color: #1f2329; }
    main { width: min(360px, calc(100vw - 32px)); background: #fff; border-radius: 12px; padding: 28px 24px;
      box-shadow: 0 4px 24px rgb(0 0 0 / 8%); }
    h1 { margin: 0 0 12px; font-size: 20px; text-align: center; }
    .lead { font-size: 14px; color: #4e5969; line-height: 1.6; }
    .amount { font-size: 32px; font-weight: 600; text-align: center; margin: 8px 0 4px; }
    code { background: #f2f3f5; padding: 1px 4px; border-radius: 4px; word-break: break-all; }
    label { display: block; margin: 16px 0 6px; font-size: 14px; }
    input[name=nickname] { box-sizing: border-box; width: 100%; padding: 10px 12px; font-size: 16px;
      border: 1px solid #c9cdd4; border-radius: 8px; }
    button { margin-top: 20px; width: 100%; padding: 12px; font-size: 16px; color: #fff; background: #07c160;
      border: 0; border-radius: 8px; cursor: pointer; }
    button:hover { background: #06ad56; }
    button.secondary { margin-top: 12px; color: #1f2329; background: #f2f3f5; }
    button.secondary:hover { background: #e5e6eb; }
    .note { margin: 20px 0 0; font-size: 12px; color: #86909c; line-height: 1.6; }
    .error { color: #d93026; }
    .done { color: #07c160; text-align: center; font-size: 18px; }
  </style>
</head>
<body><main>${body}</main></body>
</html>`,
    status,
  );
}
