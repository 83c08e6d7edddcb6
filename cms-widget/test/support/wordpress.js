// A throw-away WordPress from Debian's packages (wordpress, mariadb-server, php-cli, php-mysql) for the plug-in's
// browser test: a private MariaDB on a Unix socket, a copy of /usr/share/wordpress with its own wp-config.php, PHP's
// built-in web server on loopback (with workers, as PHP-FPM has), WordPress installed through its own installer, and
// the Linker plug-in installed from the built zip as Plugins → Add New → Upload does (WordPress's Plugin_Upgrader),
// or linked in from wordpress/linker, and activated. Everything lives under target/wordpress and is stopped by close():
// each server runs in a process group of its own (PHP's workers are forked into their master's group), and close()
// stops whole groups and waits until none of their processes runs.
import { spawn, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, rm, writeFile, symlink, access, cp, readdir, stat, readFile } from 'node:fs/promises';
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

/** The processes of process group `pgid` that still run (a zombie has ended; only its parent's wait is missing). */
async function runningInGroup(pgid) {
  const running = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const line = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => null); // ended while we looked
    if (!line) continue;
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so split after the last ')'.
    const [state, , pgrp] = line.slice(line.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') running.push(Number(name));
  }
  return running;
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch (e) {
    if (e.code !== 'ESRCH') throw e; // ESRCH: no process of the group is left
  }
}

/** Process groups of the servers started here and not stopped yet: SIGTERM to them if this process ends first. */
const groups = new Set();
function stopGroupsWhenThisProcessEnds() {
  if (stopGroupsWhenThisProcessEnds.done) return;
  stopGroupsWhenThisProcessEnds.done = true;
  process.on('exit', () => groups.forEach((g) => signalGroup(g, 'SIGTERM')));
  // The servers' groups are not the terminal's: its Ctrl-C reaches only this process. Pass the stop on, then end as
  // the signal would have ended this process.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      groups.forEach((g) => signalGroup(g, 'SIGTERM'));
      process.kill(process.pid, signal);
    });
  }
}

/** Starts a server as the leader of a process group of its own (detached: setsid), so that it and every process it
 *  forks can be stopped together. */
function spawnGroup(command, args, options) {
  stopGroupsWhenThisProcessEnds();
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid) groups.add(child.pid);
  return child;
}

/** SIGTERM to every process of `child`'s group, SIGKILL to what still runs after `ms`; resolves once none runs. */
async function stopGroup(child, what, ms = 10000) {
  const pgid = child.pid;
  if (!pgid) return;
  const gone = async (within) => {
    const until = Date.now() + within;
    for (;;) {
      const left = await runningInGroup(pgid);
      if (!left.length) return null;
      if (Date.now() >= until) return left;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  signalGroup(pgid, 'SIGTERM');
  if (await gone(ms)) {
    signalGroup(pgid, 'SIGKILL');
    const left = await gone(5000);
    if (left) throw new Error(`${what} (process group ${pgid}) still runs after SIGTERM and SIGKILL: pids ${left.join(', ')}`);
  }
  groups.delete(pgid);
}

function sqlString(s) {
  return `'${String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * The plug-in's zip as the build wrote it (cms-widget/target/linker-wordpress-<version>.zip); an error naming the
 * command that makes it when it is missing or older than a file of wordpress/linker or of src (the element it ships).
 */
export async function pluginZip() {
  const target = path.join(ROOT, 'target');
  const zips = (await readdir(target).catch(() => [])).filter((f) => /^linker-wordpress-.*\.zip$/.test(f));
  const build = 'build it: bin/mvn21 -B -o -q package -Dskip.npm=true -pl cms-widget (from the repository root)';
  if (zips.length !== 1) throw new Error(`expected one target/linker-wordpress-*.zip, found ${zips.length ? zips.join(', ') : 'none'}: ${build}`);
  const zip = path.join(target, zips[0]);
  const built = (await stat(zip)).mtimeMs;
  const walk = async (dir) => (await Promise.all((await readdir(dir, { withFileTypes: true })).map((e) => (e.isDirectory()
    ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])))).flat();
  for (const f of [...await walk(path.join(ROOT, 'wordpress', 'linker')), ...await walk(path.join(ROOT, 'src'))]) {
    if ((await stat(f)).mtimeMs > built) throw new Error(`${zips[0]} is older than ${path.relative(ROOT, f)}: ${build}`);
  }
  return zip;
}

export async function startWordPress({ endpoint, zip, admin = 'admin', password = 'linker-test-password' }) {
  const dir = path.join(ROOT, 'target', 'wordpress');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const procs = []; // [child, what], stopped last-started first
  const close = async () => {
    const errors = [];
    for (const [p, what] of procs.reverse()) {
      await stopGroup(p, what).catch((e) => errors.push(e));
    }
    procs.length = 0;
    if (errors.length) throw errors[0];
  };
  try {
    // MariaDB, private: own data dir, Unix socket only.
    const db = path.join(dir, 'db');
    const sock = path.join(dir, 'mysql.sock');
    await run('mariadb-install-db', ['--no-defaults', `--datadir=${db}`, '--user=root',
      '--auth-root-authentication-method=normal', '--skip-test-db'], { timeout: 120000 });
    const mariadb = spawnGroup('/usr/sbin/mariadbd', ['--no-defaults', `--datadir=${db}`, `--socket=${sock}`,
      '--skip-networking', '--user=root', `--pid-file=${path.join(dir, 'mysql.pid')}`,
      `--log-error=${path.join(dir, 'mysql.err')}`], { stdio: 'ignore' });
    procs.push([mariadb, 'MariaDB']);
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
    if (!zip) await symlink(path.join(ROOT, 'wordpress', 'linker'), path.join(www, 'wp-content', 'plugins', 'linker'));
    // Workers: the plug-in's after-the-response request runs beside the author's next one, as under PHP-FPM.
    const web = spawnGroup('php', ['-S', `127.0.0.1:${port}`, '-t', www], { stdio: 'ignore', cwd: www,
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' } });
    procs.push([web, 'php -S with its workers']);
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
    /** Runs PHP with WordPress loaded (as the admin), as WP-CLI would; returns its stdout. */
    let scripts = 0;
    // `before` runs before WordPress loads (the WP-CLI stand-in: the plug-in registers its command only under WP-CLI).
    const php = async (code, { timeout = 300000, before = '' } = {}) => {
      const file = path.join(dir, `script-${++scripts}.php`);
      await writeFile(file, `<?php
${before}
define('WP_ADMIN', true);
require ${sqlString(path.join(www, 'wp-load.php'))};
require_once ABSPATH . 'wp-admin/includes/admin.php';
wp_set_current_user(1);
${code}
`);
      const { stdout } = await run('php', [file], { cwd: www, timeout, maxBuffer: 64 * 1024 * 1024 });
      return stdout;
    };
    if (zip) {
      // As Plugins → Add New → Upload Plugin does: Plugin_Upgrader unpacks the zip into wp-content/plugins.
      const out = await php(`
require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
$upgrader = new Plugin_Upgrader(new Automatic_Upgrader_Skin());
$ok = $upgrader->install(${sqlString(zip)});
if (true !== $ok) { fwrite(STDERR, 'install failed: ' . print_r($ok, true) . print_r($upgrader->skin->get_upgrade_messages(), true)); exit(1); }
echo $upgrader->plugin_info();`);
      if (out.trim() !== 'linker/linker.php') throw new Error(`the zip installed ${out.trim() || 'nothing'}, not linker/linker.php`);
    }
    // Pretty permalinks (a slug is part of the URL), activate the plug-in, point it at the Linker server.
    await php(`update_option('permalink_structure', '/%postname%/'); flush_rewrite_rules(false);
$r = activate_plugin('linker/linker.php'); if (is_wp_error($r)) { fwrite(STDERR, $r->get_error_message()); exit(1); }
update_option('linker_endpoint', ${sqlString(endpoint)});`);
    return { site, admin, password, origin: site, close, sql, php, www };
  } catch (e) {
    await close().catch((c) => { e.message += ` (and stopping what it started failed: ${c.message})`; });
    throw e;
  }
}

/**
 * A logged-in admin over HTTP, as the browser's requests are: wp-login.php's form, then cookies. `rest` calls the REST
 * API with the nonce the block editor sends (X-WP-Nonce); `page` fetches an admin page's HTML; `form` posts a form.
 */
export async function adminSession(wp) {
  const jar = new Map([['wordpress_test_cookie', 'WP%20Cookie%20check']]);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  const req = async (url, init = {}) => keep(await fetch(url.startsWith('http') ? url : `${wp.site}${url}`,
    { redirect: 'manual', ...init, headers: { Cookie: cookie(), ...(init.headers || {}) } }));
  const login = await req('/wp-login.php', { method: 'POST', body: new URLSearchParams({
    log: wp.admin, pwd: wp.password, 'wp-submit': 'Log In', testcookie: '1', redirect_to: `${wp.site}/wp-admin/` }) });
  if (login.status !== 302) throw new Error(`login failed: HTTP ${login.status}`);
  const nonce = await (await req('/wp-admin/admin-ajax.php?action=rest-nonce')).text();
  const page = async (url) => {
    const res = await req(url);
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    return res.text();
  };
  return {
    page,
    form: (url, fields) => req(url, { method: 'POST', body: new URLSearchParams(fields) }),
    /** A GET as a link click is, answered as it is (a redirect is not followed). */
    get: (url) => req(url),
    async rest(method, route, body) {
      const [routePath, query] = route.split('?');
      const res = await req(`/?rest_route=${encodeURIComponent(routePath)}${query ? `&${query}` : ''}`, { method,
        headers: { 'X-WP-Nonce': nonce, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}) });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${JSON.stringify(json)}`);
      return json;
    },
    /** The hidden field's value in an admin page's form (a nonce). */
    field: (html, name) => html.match(new RegExp(`name="${name}" value="([^"]+)"`))?.[1],
  };
}

/**
 * Waits until {@code check} answers truthy (a throw counts as not yet), asking every {@code every} ms; the ms it took,
 * or an error naming {@code what} and the last failure after {@code ms}.
 */
export async function until(check, what, ms = 20000, every = 100) {
  const t0 = Date.now();
  let last;
  while (Date.now() - t0 < ms) {
    try {
      if (await check()) return Date.now() - t0;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, every));
  }
  throw new Error(`${what}: not within ${ms} ms${last ? ` (${last.message})` : ''}`);
}
