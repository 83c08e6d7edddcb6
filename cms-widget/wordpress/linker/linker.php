<?php
/**
 * Plugin Name:       Linker internal links
 * Description:       Internal links while you write: a "Linker" sidebar in the block editor suggests pages of your site to link to, with the phrase to link; the site's posts are kept current in the Linker server's index as they are published, updated, moved or trashed.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * License:           Apache-2.0
 * License URI:       https://www.apache.org/licenses/LICENSE-2.0
 * Text Domain:       linker
 *
 * The suggestions come from a Linker server (`linker serve`); set its URL and keys under Settings → Linker. The
 * sidebar is the same <linker-suggestions> element the server ships at /widget/linker-suggestions.js, given an
 * adapter that reads and writes the post's blocks (linker-sidebar.js). No build step: plain wp.* globals.
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

const LINKER_VERSION          = '0.1.0';
const LINKER_DEFAULT_ENDPOINT = 'http://127.0.0.1:7070';
const LINKER_FILE             = __FILE__;

require_once __DIR__ . '/includes/class-linker-client.php';
require_once __DIR__ . '/includes/class-linker-pages.php';
require_once __DIR__ . '/includes/class-linker-queue.php';
require_once __DIR__ . '/includes/class-linker-site-sync.php';
require_once __DIR__ . '/includes/class-linker-settings.php';

Linker_Queue::register();
Linker_Settings::register();

if ( defined( 'WP_CLI' ) && WP_CLI ) {
	require_once __DIR__ . '/includes/class-linker-cli.php';
	WP_CLI::add_command( 'linker', 'Linker_CLI' );
}

/** The settings the editor script needs: the server and the read key (visible to anyone who can edit posts). */
function linker_settings() {
	return array(
		'endpoint' => Linker_Client::endpoint(),
		'apiKey'   => Linker_Client::read_key(),
	);
}

add_action(
	'enqueue_block_editor_assets',
	function () {
		wp_enqueue_script(
			'linker-sidebar',
			plugins_url( 'linker-sidebar.js', __FILE__ ),
			array( 'wp-plugins', 'wp-edit-post', 'wp-element', 'wp-data', 'wp-rich-text', 'wp-blocks', 'wp-block-editor', 'wp-editor' ),
			LINKER_VERSION,
			true
		);
		wp_add_inline_script( 'linker-sidebar', 'window.linkerSettings = ' . wp_json_encode( linker_settings() ) . ';', 'before' );
	}
);

register_deactivation_hook(
	__FILE__,
	function () {
		wp_clear_scheduled_hook( Linker_Queue::CRON_HOOK );
	}
);
