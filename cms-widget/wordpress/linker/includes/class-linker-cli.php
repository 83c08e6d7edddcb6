<?php
/**
 * `wp linker sync` and `wp linker queue` (registered only under WP-CLI).
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** Keeps the Linker server's index of this site current. */
final class Linker_CLI {
	/**
	 * Sends every published post of the public post types to the Linker server, in batches; only what changed since
	 * the last sync is sent; posts left out (Settings → Linker, or the post's own switch) are deleted from the server
	 * instead. An interrupted sync resumes where it stopped.
	 *
	 * ## OPTIONS
	 *
	 * [--restart]
	 * : Start over instead of resuming an unfinished sync.
	 *
	 * [--batch=<n>]
	 * : Posts per batch, at most 1000.
	 * ---
	 * default: 1000
	 * ---
	 *
	 * ## EXAMPLES
	 *
	 *     wp linker sync
	 *
	 * @param array $args       Positional arguments (none).
	 * @param array $assoc_args --restart, --batch.
	 */
	public function sync( $args, $assoc_args ) {
		if ( ! Linker_Client::syncing() ) {
			WP_CLI::error( __( 'Set the Linker server URL and a write key first (Settings → Linker).', 'linker' ) );
		}
		$s    = Linker_Site_Sync::start( ! empty( $assoc_args['restart'] ) );
		$done = (int) $s['done_posts'];
		if ( $done > 0 ) {
			/* translators: 1: posts done, 2: all posts */
			WP_CLI::log( sprintf( __( 'Resuming: %1$d of %2$d posts done.', 'linker' ), $done, $s['total'] ) );
		}
		$bar = \WP_CLI\Utils\make_progress_bar( __( 'Syncing posts', 'linker' ), max( 1, (int) $s['total'] ) );
		$bar->tick( $done );
		$s = Linker_Site_Sync::run(
			isset( $assoc_args['batch'] ) ? (int) $assoc_args['batch'] : Linker_Site_Sync::MAX_BATCH,
			function ( $state ) use ( $bar, &$done ) {
				$bar->tick( max( 0, (int) $state['done_posts'] - $done ) );
				$done = (int) $state['done_posts'];
			}
		);
		$bar->finish();
		foreach ( $s['failures'] as $f ) {
			WP_CLI::warning( sprintf( '%s: %s', $f['url'], $f['error'] ) );
		}
		/* translators: 1: posts sent, 2: posts unchanged, 3: posts left out (deleted from the server), 4: posts failed */
		$summary = sprintf( __( '%1$d sent, %2$d unchanged, %3$d left out, %4$d failed.', 'linker' ), $s['sent'], $s['unchanged'], isset( $s['left_out'] ) ? $s['left_out'] : 0, $s['failed'] );
		if ( '' !== $s['error'] ) {
			/* translators: 1: the reason, 2: the summary so far */
			WP_CLI::error( sprintf( __( 'Stopped: %1$s. So far: %2$s Run `wp linker sync` again to resume.', 'linker' ), $s['error'], $summary ) );
		}
		if ( $s['failed'] > 0 ) {
			WP_CLI::error( $summary );
		}
		WP_CLI::success( $summary );
	}

	/**
	 * Lists the changes waiting to be sent and what the server refused; --flush sends what is due now.
	 *
	 * [--flush]
	 * : Send the changes that are due now.
	 *
	 * @param array $args       Positional arguments (none).
	 * @param array $assoc_args --flush.
	 */
	public function queue( $args, $assoc_args ) {
		if ( ! empty( $assoc_args['flush'] ) ) {
			$r = Linker_Queue::flush();
			/* translators: 1: jobs sent, 2: jobs waiting */
			WP_CLI::log( sprintf( __( '%1$d sent, %2$d waiting.', 'linker' ), $r['sent'], $r['waiting'] ) );
		}
		foreach ( Linker_Queue::jobs() as $j ) {
			WP_CLI::log( sprintf( "%s\t%s\t%d\t%s", Linker_Settings::describe( $j ), gmdate( 'c', (int) $j['next'] ), $j['attempts'], $j['error'] ) );
		}
		foreach ( Linker_Queue::failed() as $f ) {
			WP_CLI::warning( sprintf( '%s: %s', Linker_Settings::describe( $f['job'] ), $f['error'] ) );
		}
	}
}
