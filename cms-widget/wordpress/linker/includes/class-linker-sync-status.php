<?php
/**
 * What the server has of each post, in words the owner can act on: the settings page's queue (posts never sent, changes
 * waiting and why, changes refused) and a "Linker" column in the Posts list (sent, waiting, refused, left out).
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** The sync's state, per site and per post. */
final class Linker_Sync_Status {
	/** Post meta: why the server refused the post's last change (cleared once it takes one). */
	const META_REFUSED = '_linker_refused';
	const COLUMN       = 'linker_sync';

	/** The jobs waiting, by post ID, read once per page. */
	private static $waiting = null;

	public static function register() {
		add_action( 'admin_init', array( __CLASS__, 'columns' ) );
	}

	/** The column on the list of each synced post type, where the site syncs. */
	public static function columns() {
		if ( ! Linker_Client::syncing() ) {
			return;
		}
		foreach ( Linker_Pages::post_types() as $type ) {
			add_filter(
				"manage_{$type}_posts_columns",
				function ( $columns ) {
					$columns[ self::COLUMN ] = __( 'Linker', 'linker' );
					return $columns;
				}
			);
			add_action( "manage_{$type}_posts_custom_column", array( __CLASS__, 'cell' ), 10, 2 );
		}
	}

	public static function cell( $column, $post_id ) {
		if ( self::COLUMN !== $column ) {
			return;
		}
		list( $state, $why ) = self::of( get_post( $post_id ) );
		$words               = array(
			'sent'     => __( 'Sent', 'linker' ),
			'waiting'  => __( 'Waiting', 'linker' ),
			'refused'  => __( 'Refused', 'linker' ),
			'left-out' => __( 'Left out', 'linker' ),
			'unsent'   => __( 'Not sent yet', 'linker' ),
			'none'     => '—',
		);
		echo '<span class="linker-sync-state" data-state="' . esc_attr( $state ) . '" title="' . esc_attr( $why ) . '">' . esc_html( $words[ $state ] ) . '</span>';
		if ( '' !== $why ) {
			echo '<br><small>' . esc_html( $why ) . '</small>';
		}
	}

	/**
	 * A post's sync state and the reason shown with it: waiting (a change queued; with the last try's error),
	 * refused (the server refused its last change), left out (and why), sent, not sent yet; none when not published.
	 *
	 * @return array{0: string, 1: string}
	 */
	public static function of( $post ) {
		if ( null === self::$waiting ) {
			self::$waiting = array();
			foreach ( Linker_Queue::jobs() as $j ) {
				if ( ! empty( $j['post'] ) ) {
					self::$waiting[ (int) $j['post'] ] = $j;
				}
			}
		}
		if ( ! $post instanceof WP_Post ) {
			return array( 'none', '' );
		}
		if ( isset( self::$waiting[ $post->ID ] ) ) {
			$error = self::$waiting[ $post->ID ]['error'];
			/* translators: %s: the reason */
			return array( 'waiting', '' !== $error ? sprintf( __( 'Last try failed: %s', 'linker' ), $error ) : '' );
		}
		if ( ! Linker_Pages::is_public( $post ) ) {
			return array( 'none', '' );
		}
		$refused = (string) get_post_meta( $post->ID, self::META_REFUSED, true );
		if ( '' !== $refused ) {
			return array( 'refused', $refused );
		}
		$out = Linker_Rules::left_out( $post );
		if ( '' !== $out ) {
			$why = array(
				'type'     => __( 'its post type is not synced (Settings → Linker)', 'linker' ),
				'category' => __( 'its category is left out (Settings → Linker)', 'linker' ),
				'post'     => __( 'left out in its editor', 'linker' ),
			);
			return array( 'left-out', isset( $why[ $out ] ) ? $why[ $out ] : $out );
		}
		if ( 'live' === get_post_meta( $post->ID, Linker_Pages::META_STATE, true ) ) {
			return array( 'sent', '' );
		}
		return array( 'unsent', '' );
	}

	/** Published posts of the synced types that were never sent, nor queued, nor left out: a whole-site sync sends them. */
	public static function unsent() {
		global $wpdb;
		$types = Linker_Rules::synced_types();
		if ( ! $types ) {
			return 0;
		}
		$in = implode( ',', array_fill( 0, count( $types ), '%s' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $in is placeholders only.
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT ID FROM {$wpdb->posts} p WHERE post_status = 'publish' AND post_password = '' AND post_type IN ($in) AND NOT EXISTS (SELECT 1 FROM {$wpdb->postmeta} m WHERE m.post_id = p.ID AND m.meta_key = %s) LIMIT 1000", array_merge( $types, array( Linker_Pages::META_STATE ) ) ) );
		$queued = array();
		foreach ( Linker_Queue::jobs() as $j ) {
			$queued[ (int) ( isset( $j['post'] ) ? $j['post'] : 0 ) ] = true;
		}
		$n = 0;
		foreach ( $ids as $id ) {
			if ( ! isset( $queued[ (int) $id ] ) && '' === Linker_Rules::left_out( get_post( (int) $id ) ) ) {
				++$n;
			}
		}
		return $n;
	}

	/** Settings → Linker: posts never sent, the changes waiting (and why), what the server refused. */
	public static function render_queue() {
		$jobs   = Linker_Queue::jobs();
		$failed = Linker_Queue::failed();
		$unsent = Linker_Client::syncing() ? self::unsent() : 0;
		$failing = array_filter(
			$jobs,
			function ( $j ) {
				return '' !== $j['error'];
			}
		);
		?>
		<h2><?php esc_html_e( 'Changes waiting to be sent', 'linker' ); ?></h2>
		<?php if ( $unsent > 0 ) : ?>
			<div class="notice notice-warning inline" id="linker-unsent"><p>
			<?php
			/* translators: %d: number of posts */
			echo esc_html( sprintf( _n( '%d published post has never been sent to the server, so it is not suggested yet. Press “Sync all published posts” below to send it.', '%d published posts have never been sent to the server, so they are not suggested yet. Press “Sync all published posts” below to send them.', $unsent, 'linker' ), $unsent ) );
			?>
			</p></div>
		<?php endif; ?>
		<?php if ( ! $jobs ) : ?>
			<p id="linker-queue-empty">
			<?php
			if ( ! Linker_Client::syncing() ) {
				esc_html_e( 'None: this site sends no changes until a server URL and a write key are set.', 'linker' );
			} elseif ( $unsent > 0 ) {
				esc_html_e( 'None: every change since the plug-in was set up was sent, but not the posts above.', 'linker' );
			} else {
				esc_html_e( 'None: the server has every change.', 'linker' );
			}
			?>
			</p>
		<?php else : ?>
			<p id="linker-queue-why">
			<?php
			if ( $failing ) {
				/* translators: %d: number of changes */
				echo esc_html( sprintf( _n( '%d change is waiting: the last try failed (see “Last error”). It is tried again with growing pauses, and as soon as a request reaches the server; or press “Retry now”.', '%d changes are waiting: the last try failed (see “Last error”). They are tried again with growing pauses, and as soon as a request reaches the server; or press “Retry now”.', count( $jobs ), 'linker' ), count( $jobs ) ) );
			} else {
				/* translators: %d: number of changes */
				echo esc_html( sprintf( _n( '%d change is being sent in the background.', '%d changes are being sent in the background.', count( $jobs ), 'linker' ), count( $jobs ) ) );
			}
			?>
			</p>
			<table class="widefat striped" id="linker-queue">
				<thead><tr><th><?php esc_html_e( 'Change', 'linker' ); ?></th><th><?php esc_html_e( 'Tries', 'linker' ); ?></th><th><?php esc_html_e( 'Next try', 'linker' ); ?></th><th><?php esc_html_e( 'Last error', 'linker' ); ?></th></tr></thead>
				<tbody>
				<?php foreach ( array_slice( $jobs, 0, 50 ) as $j ) : ?>
					<tr><td><?php echo esc_html( Linker_Settings::describe( $j ) ); ?></td><td><?php echo (int) $j['attempts']; ?></td>
						<td><?php echo esc_html( $j['next'] > time() ? human_time_diff( time(), (int) $j['next'] ) : __( 'now', 'linker' ) ); ?></td>
						<td><?php echo esc_html( $j['error'] ); ?></td></tr>
				<?php endforeach; ?>
				</tbody>
			</table>
			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
				<input type="hidden" name="action" value="linker_retry"><?php wp_nonce_field( 'linker_retry' ); ?>
				<?php submit_button( __( 'Retry now', 'linker' ), 'secondary', 'submit', false ); ?>
			</form>
		<?php endif; ?>
		<?php if ( $failed ) : ?>
			<h2><?php esc_html_e( 'Could not be sent', 'linker' ); ?></h2>
			<table class="widefat striped" id="linker-failed">
				<thead><tr><th><?php esc_html_e( 'Change', 'linker' ); ?></th><th><?php esc_html_e( 'When', 'linker' ); ?></th><th><?php esc_html_e( 'Why', 'linker' ); ?></th></tr></thead>
				<tbody>
				<?php foreach ( $failed as $f ) : ?>
					<tr><td><?php echo esc_html( Linker_Settings::describe( $f['job'] ) ); ?></td><td><?php echo esc_html( wp_date( 'Y-m-d H:i', (int) $f['at'] ) ); ?></td><td><?php echo esc_html( $f['error'] ); ?></td></tr>
				<?php endforeach; ?>
				</tbody>
			</table>
			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
				<input type="hidden" name="action" value="linker_clear_failed"><?php wp_nonce_field( 'linker_clear_failed' ); ?>
				<?php submit_button( __( 'Clear this list', 'linker' ), 'secondary', 'submit', false ); ?>
			</form>
		<?php endif; ?>
		<?php
	}
}
