<?php
/**
 * Plugin Name:       Linker internal links
 * Description:       Internal links while you write: a "Linker" sidebar in the block editor (a "Linker" box in the Classic editor) suggests pages of your site to link to, with the phrase to link, and the posts that should link to the one you write, adding that link to them in one click (a revision, with Undo); the site's posts are kept current in the Linker server's index as they are published, updated, moved or trashed, with post types, categories and single posts left out as you choose, only pages of the draft's language on a multilingual site, and links to a moved post's old address rewritten on request.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * License:           Apache-2.0
 * License URI:       https://www.apache.org/licenses/LICENSE-2.0
 * Text Domain:       linker
 *
 * The suggestions come from a Linker server (`linker serve`); set its URL and keys under Settings → Linker. WordPress
 * talks to it from PHP, never the editor's browser: the editor asks this site's REST routes (includes/class-linker-proxy.php),
 * so the server may listen on 127.0.0.1. The sidebar is the <linker-suggestions> element, shipped here in widget/ (the
 * same file the server serves to other CMSs), given an adapter that reads and writes the post's blocks
 * (linker-sidebar.js), or the Classic editor's TinyMCE (linker-classic.js).
 * Its "Link to this post" list's Add link is written into the other post by the REST route linker/v1/link-from
 * (includes/class-linker-link-from.php, called by linker-inbound.js). No build step: plain wp.* globals.
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

const LINKER_VERSION          = '0.1.0';
const LINKER_DEFAULT_ENDPOINT = 'http://127.0.0.1:7070';
const LINKER_FILE             = __FILE__;

require_once __DIR__ . '/includes/class-linker-client.php';
require_once __DIR__ . '/includes/class-linker-pages.php';
require_once __DIR__ . '/includes/class-linker-rules.php';
require_once __DIR__ . '/includes/class-linker-queue.php';
require_once __DIR__ . '/includes/class-linker-site-sync.php';
require_once __DIR__ . '/includes/class-linker-settings.php';
require_once __DIR__ . '/includes/class-linker-sync-status.php';
require_once __DIR__ . '/includes/class-linker-editor.php';
require_once __DIR__ . '/includes/class-linker-moves.php';
require_once __DIR__ . '/includes/class-linker-link-from.php';
require_once __DIR__ . '/includes/class-linker-proxy.php';
require_once __DIR__ . '/includes/class-linker-report.php';

Linker_Queue::register();
Linker_Rules::register();
Linker_Settings::register();
Linker_Sync_Status::register();
Linker_Editor::register();
Linker_Moves::register();
Linker_Link_From::register();
Linker_Proxy::register();
Linker_Report::register();

if ( defined( 'WP_CLI' ) && WP_CLI ) {
	require_once __DIR__ . '/includes/class-linker-cli.php';
	WP_CLI::add_command( 'linker', 'Linker_CLI' );
}

register_deactivation_hook(
	__FILE__,
	function () {
		wp_clear_scheduled_hook( Linker_Queue::CRON_HOOK );
	}
);
