// Starts the real server for the browser tests on a fresh embedded database.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';
// One data directory per port, so runs on different ports never share a database.
const dataDir = path.join(root, '.tmp', `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
// The demo company and the test fixtures, before the server opens the database.
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/fixtures.ts', dataDir], {
  cwd: root,
  stdio: 'inherit',
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
// A stand-in for the live-chat widget (tour.spec.ts): a script on another origin, served on loopback.
// It defines its API after 500 ms, so the web's 200 ms retry is exercised; show/hide mark the page.
const CHAT_JS = `setTimeout(function () {
  window.Tawk_API = {
    showWidget: function () { document.documentElement.setAttribute('data-test-chat', 'shown'); },
    hideWidget: function () { document.documentElement.setAttribute('data-test-chat', 'hidden'); },
  };
}, 500);`;
const chatServer = http.createServer((req, res) => {
  res.writeHead(req.url === '/chat-widget.js' ? 200 : 404, {
    'content-type': 'text/javascript',
    'cache-control': 'no-store',
  });
  res.end(req.url === '/chat-widget.js' ? CHAT_JS : '');
});
await new Promise((resolve) => chatServer.listen(0, '127.0.0.1', resolve));
const chatWidgetUrl = `http://127.0.0.1:${chatServer.address().port}/chat-widget.js`;
// A mail server on loopback that accepts every message (report mails, signing links, resets): the
// product sends for real and its mail log says "inviato" (with no SMTP configured it says "non inviato").
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => callback());
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;
// The compiled server, as `npm start` runs it (test:e2e builds it first).
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // Short-lived access tokens: every test exercises the silent refresh.
    ACCESS_TOKEN_TTL_SEC: '8',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_IGNORE_TLS: 'true',
    CHAT_WIDGET_URL: chatWidgetUrl,
    // The webhooks test's receiver listens on loopback (decision 0049): allowed here only.
    WEBHOOKS_ALLOW_PRIVATE: '1',
  },
});
const stop = () => {
  chatServer.close();
  smtp.close();
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  chatServer.close();
  smtp.close();
  process.exit(code ?? 0);
});
