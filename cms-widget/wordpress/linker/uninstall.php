<?php
/**
 * Deleting the plug-in removes its options (settings, keys, queue, sync state), its post meta and its cron event.
 *
 * @package Linker
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

foreach ( array( 'linker_endpoint', 'linker_api_key', 'linker_write_key', 'linker_queue', 'linker_failed', 'linker_sync_state', 'linker_excluded_types', 'linker_excluded_categories', 'linker_moved', 'linker_report_error' ) as $linker_option ) {
	delete_option( $linker_option );
}
foreach ( array( '_linker_url', '_linker_state', '_linker_hash', '_linker_exclude', '_linker_refused', '_linker_links_in', '_linker_links_out' ) as $linker_meta ) {
	delete_post_meta_by_key( $linker_meta );
}
delete_transient( 'linker_report' );
wp_clear_scheduled_hook( 'linker_retry' );
