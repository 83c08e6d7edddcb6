<?php
/**
 * Plugin Name:       Linker internal links
 * Description:       A "Linker" sidebar in the block editor: pages of your site to link to from the post you are writing, with the phrase to link; one click inserts the link.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * License:           Apache-2.0
 * Text Domain:       linker
 *
 * The suggestions come from a Linker server (`linker serve`); set its URL under Settings → Writing → Linker. The
 * sidebar is the same <linker-suggestions> element the server ships at /widget/linker-suggestions.js, given an
 * adapter that reads and writes the post's blocks (linker-sidebar.js). No build step: plain wp.* globals.
 */

defined( 'ABSPATH' ) || exit;

const LINKER_DEFAULT_ENDPOINT = 'http://127.0.0.1:7070';

/** The settings the editor script needs; the key is a read key (it is visible to anyone who can edit posts). */
function linker_settings() {
	return array(
		'endpoint' => untrailingslashit( (string) get_option( 'linker_endpoint', LINKER_DEFAULT_ENDPOINT ) ),
		'apiKey'   => (string) get_option( 'linker_api_key', '' ),
	);
}

add_action(
	'admin_init',
	function () {
		register_setting(
			'writing',
			'linker_endpoint',
			array(
				'type'              => 'string',
				'sanitize_callback' => 'esc_url_raw',
				'default'           => LINKER_DEFAULT_ENDPOINT,
			)
		);
		register_setting(
			'writing',
			'linker_api_key',
			array(
				'type'              => 'string',
				'sanitize_callback' => 'sanitize_text_field',
				'default'           => '',
			)
		);
		add_settings_section(
			'linker',
			'Linker',
			function () {
				echo '<p>' . esc_html__( 'The Linker server that suggests internal links while you write. Its CORS allow-list must include this site\'s admin origin.', 'linker' ) . '</p>';
			},
			'writing'
		);
		add_settings_field(
			'linker_endpoint',
			__( 'Linker server URL', 'linker' ),
			function () {
				printf( '<input type="url" id="linker_endpoint" name="linker_endpoint" value="%s" class="regular-text">', esc_attr( get_option( 'linker_endpoint', LINKER_DEFAULT_ENDPOINT ) ) );
			},
			'writing',
			'linker',
			array( 'label_for' => 'linker_endpoint' )
		);
		add_settings_field(
			'linker_api_key',
			__( 'Read key (optional)', 'linker' ),
			function () {
				printf( '<input type="text" id="linker_api_key" name="linker_api_key" value="%s" class="regular-text" autocomplete="off">', esc_attr( get_option( 'linker_api_key', '' ) ) );
			},
			'writing',
			'linker',
			array( 'label_for' => 'linker_api_key' )
		);
	}
);

add_action(
	'enqueue_block_editor_assets',
	function () {
		wp_enqueue_script(
			'linker-sidebar',
			plugins_url( 'linker-sidebar.js', __FILE__ ),
			array( 'wp-plugins', 'wp-edit-post', 'wp-element', 'wp-data', 'wp-rich-text', 'wp-blocks', 'wp-block-editor', 'wp-editor' ),
			'0.1.0',
			true
		);
		wp_add_inline_script( 'linker-sidebar', 'window.linkerSettings = ' . wp_json_encode( linker_settings() ) . ';', 'before' );
	}
);
