// A throw-away WordPress from Debian's packages (wordpress, mariadb-server, php-cli, php-mysql) for the plug-in's
// browser test: a private MariaDB on a Unix socket, a copy of /usr/share/wordpress with its own wp-config.php, PHP's
// built-in web server on loopback, WordPress installed through its own installer, and the Linker plug-in linked in
// and activated. Everything lives under target/wordpress and is stopped by close().
import { spawn, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, rm, writeFile, symlink, access, cp } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './harness.js';

const run = promisify(execFile);
export const WP_SOURCE = '/usr/share/wordpress';
const NEEDED = [WP_SOURCE, '/usr/sbin/mariadbd', '/usr/bin/mariadb-install-db', '/usr/bin/php'];

/** Null when the Debian packages are all there, else what is missing. */
export async function missingPackages() {
  const missing = [];
  for (const p of NEEDED) {
    try {
      await access(p);
    } catch {
      missing.push(p);
    }
  }
  return missing.length ? missing : null;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitFor(check, what, ms = 30000) {
  const until = Date.now() + ms;
  let last;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not come up in ${ms} ms${last ? `: ${last.message}` : ''}`);
}

function sqlString(s) {
  return `'${String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** PHP's serialize() of a list of strings, for the active_plugins option. */
function phpList(items) {
  return `a:${items.length}:{${items.map((s, i) => `i:${i};s:${Buffer.byteLength(s)}:"${s}";`).join('')}}`;
}

export async function startWordPress({ endpoint, admin = 'admin', password = 'linker-test-password' }) {
  const dir = path.join(ROOT, 'target', 'wordpress');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const procs = [];
  const close = async () => {
    for (const p of procs.reverse()) {
      if (p.exitCode === null) {
        p.kill('SIGTERM');
        await new Promise((r) => { p.once('exit', r); setTimeout(r, 5000); });
      }
    }
  };
  try {
    // MariaDB, private: own data dir, Unix socket only.
    const db = path.join(dir, 'db');
    const sock = path.join(dir, 'mysql.sock');
    await run('mariadb-install-db', ['--no-defaults', `--datadir=${db}`, '--user=root',
      '--auth-root-authentication-method=normal', '--skip-test-db'], { timeout: 120000 });
    const mariadb = spawn('/usr/sbin/mariadbd', ['--no-defaults', `--datadir=${db}`, `--socket=${sock}`,
      '--skip-networking', '--user=root', `--pid-file=${path.join(dir, 'mysql.pid')}`,
      `--log-error=${path.join(dir, 'mysql.err')}`], { stdio: 'ignore' });
    procs.push(mariadb);
    const sql = (q) => run('mariadb', ['--no-defaults', '-S', sock, '-u', 'root', '-e', q], { timeout: 30000 });
    await waitFor(async () => (await sql('SELECT 1'), true), 'MariaDB');
    await sql("CREATE DATABASE wordpress; CREATE USER 'wp'@'localhost' IDENTIFIED BY 'wp'; "
      + "GRANT ALL ON wordpress.* TO 'wp'@'localhost';");

    // WordPress: a copy of Debian's tree with our own wp-config.php (Debian's reads /etc/wordpress).
    const www = path.join(dir, 'www');
    // Debian links some libraries relatively (underscore → ../../../javascript): resolve them for the copy.
    await cp(WP_SOURCE, www, { recursive: true, verbatimSymlinks: false });
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    await writeFile(path.join(www, 'wp-config.php'), `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'wp');
define('DB_PASSWORD', 'wp');
define('DB_HOST', 'localhost:${sock}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
define('WP_HOME', '${site}');
define('WP_SITEURL', '${site}');
define('WP_CONTENT_DIR', __DIR__ . '/wp-content');
define('WP_CONTENT_URL', '${site}/wp-content');
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('DISABLE_WP_CRON', true);
define('WP_DEBUG', false);
${['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT',
    'NONCE_SALT'].map((k) => `define('${k}', '${k.toLowerCase()}-${Math.random().toString(36).slice(2)}');`).join('\n')}
$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`);
    await symlink(path.join(ROOT, 'wordpress', 'linker'), path.join(www, 'wp-content', 'plugins', 'linker'));
    const php = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', www], { stdio: 'ignore', cwd: www });
    procs.push(php);
    await waitFor(async () => (await fetch(`${site}/wp-login.php`, { redirect: 'manual' })).status > 0, 'php -S');

    // WordPress's own installer, as a person would submit it.
    const form = new URLSearchParams({
      weblog_title: 'Brew Example', user_name: admin, admin_password: password, admin_password2: password,
      pw_weak: '1', admin_email: 'admin@brew.example', blog_public: '0', language: '',
    });
    const inst = await fetch(`${site}/wp-admin/install.php?step=2`, { method: 'POST', body: form });
    const page = await inst.text();
    if (!inst.ok || !/Success!|wp-login\.php/.test(page)) {
      throw new Error(`WordPress install failed: HTTP ${inst.status} ${page.slice(0, 300)}`);
    }
    // Activate the plug-in and point it at the Linker server.
    await sql(`USE wordpress; UPDATE wp_options SET option_value=${sqlString(phpList(['linker/linker.php']))} `
      + "WHERE option_name='active_plugins'; "
      + `INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('linker_endpoint', ${sqlString(endpoint)}, 'yes');`);
    return { site, admin, password, origin: site, close, sql };
  } catch (e) {
    await close();
    throw e;
  }
}
