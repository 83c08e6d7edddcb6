<?php
/**
 * Settings → Linker: the server URL and keys, "Test connection", the changes waiting to be sent and what could not
 * be sent, and the whole-site sync button.
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** The settings page and its actions (forms through admin-post.php, checks and sync steps through admin-ajax.php). */
final class Linker_Settings {
	const PAGE = 'linker';
	/** Posts per sync step from the settings page (each step is one admin-ajax request). */
	const STEP = 100;

	public static function register() {
		add_action( 'admin_menu', array( __CLASS__, 'menu' ) );
		add_action( 'admin_post_linker_save', array( __CLASS__, 'save' ) );
		add_action( 'admin_post_linker_retry', array( __CLASS__, 'retry' ) );
		add_action( 'admin_post_linker_clear_failed', array( __CLASS__, 'clear_failed' ) );
		add_action( 'wp_ajax_linker_test', array( __CLASS__, 'ajax_test' ) );
		add_action( 'wp_ajax_linker_sync_step', array( __CLASS__, 'ajax_sync_step' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( LINKER_FILE ), array( __CLASS__, 'action_links' ) );
	}

	public static function url() {
		return admin_url( 'options-general.php?page=' . self::PAGE );
	}

	public static function action_links( $links ) {
		array_unshift( $links, '<a href="' . esc_url( self::url() ) . '">' . esc_html__( 'Settings', 'linker' ) . '</a>' );
		return $links;
	}

	public static function menu() {
		$hook = add_options_page( __( 'Linker', 'linker' ), __( 'Linker', 'linker' ), 'manage_options', self::PAGE, array( __CLASS__, 'render' ) );
		add_action(
			'admin_print_scripts-' . $hook,
			function () {
				wp_enqueue_script( 'linker-admin', plugins_url( 'linker-admin.js', LINKER_FILE ), array(), LINKER_VERSION, true );
				wp_localize_script(
					'linker-admin',
					'linkerAdmin',
					array(
						'ajaxUrl' => admin_url( 'admin-ajax.php' ),
						'nonce'   => wp_create_nonce( 'linker_admin' ),
						'i18n'    => array(
							'testing'  => __( 'Testing…', 'linker' ),
							'failed'   => __( 'The check itself failed:', 'linker' ),
							/* translators: 1: posts done, 2: all posts, 3: sent, 4: unchanged, 5: left out, 6: failed */
							'progress' => __( '%1$d of %2$d posts: %3$d sent, %4$d unchanged, %5$d left out, %6$d failed', 'linker' ),
							'done'     => __( 'Done.', 'linker' ),
							'stopped'  => __( 'Stopped (press the button again to resume):', 'linker' ),
						),
					)
				);
			}
		);
	}

	private static function check_admin() {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You may not change the Linker settings.', 'linker' ), 403 );
		}
	}

	/** Saves the URL and keys. An empty write key field keeps the key; the box "remove" removes it. */
	public static function save() {
		self::check_admin();
		check_admin_referer( 'linker_save' );
		$endpoint = isset( $_POST['linker_endpoint'] ) ? esc_url_raw( trim( wp_unslash( $_POST['linker_endpoint'] ) ) ) : '';
		update_option( 'linker_endpoint', untrailingslashit( $endpoint ) );
		$read = isset( $_POST['linker_api_key'] ) ? sanitize_text_field( wp_unslash( $_POST['linker_api_key'] ) ) : '';
		update_option( 'linker_api_key', $read );
		// The write key exactly as typed: a key is a secret, not text to clean (sanitizing would change some keys).
		$write = isset( $_POST['linker_write_key'] ) ? (string) wp_unslash( $_POST['linker_write_key'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		if ( ! empty( $_POST['linker_write_key_remove'] ) ) {
			delete_option( 'linker_write_key' );
		} elseif ( '' !== $write ) {
			delete_option( 'linker_write_key' ); // added again with autoload off, whatever an older version did
			add_option( 'linker_write_key', $write, '', 'no' );
		}
		$changed = self::save_rules();
		wp_safe_redirect( add_query_arg( 'linker', $changed ? 'saved-rules' : 'saved', self::url() ) );
		exit;
	}

	/**
	 * Saves what is left out (the post types not ticked, the categories ticked). When that changed and the site
	 * syncs, a whole-site sync is queued: it deletes from the server what is now left out and sends what is back.
	 *
	 * @return bool Whether the rules changed.
	 */
	private static function save_rules() {
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- save() checked the nonce.
		if ( empty( $_POST['linker_rules'] ) ) { // a form without the rules' fields leaves them as they are
			return false;
		}
		$types = array();
		if ( isset( $_POST['linker_types'] ) && is_array( $_POST['linker_types'] ) ) {
			$types = array_map( 'sanitize_key', wp_unslash( $_POST['linker_types'] ) );
		}
		$cats = array();
		if ( isset( $_POST['linker_excluded_categories'] ) && is_array( $_POST['linker_excluded_categories'] ) ) {
			$cats = array_map( 'intval', wp_unslash( $_POST['linker_excluded_categories'] ) );
		}
		// phpcs:enable
		$excluded = array_values( array_diff( Linker_Pages::post_types(), $types ) );
		sort( $cats );
		$before = array( Linker_Rules::excluded_types(), Linker_Rules::excluded_categories() );
		$after  = array( $excluded, array_values( array_filter( $cats ) ) );
		$old    = $before;
		sort( $old[0] );
		sort( $old[1] );
		$new = $after;
		sort( $new[0] );
		if ( $old === $new ) {
			return false;
		}
		update_option( Linker_Rules::TYPES, $after[0] );
		update_option( Linker_Rules::CATEGORIES, $after[1] );
		if ( Linker_Client::syncing() ) {
			Linker_Site_Sync::start( true );
			Linker_Queue::add(
				array(
					'kind' => 'sync',
					'post' => 0,
				)
			);
		}
		return true;
	}

	/** "Retry now": sends what is waiting, whatever its backoff says. */
	public static function retry() {
		self::check_admin();
		check_admin_referer( 'linker_retry' );
		update_option(
			Linker_Queue::OPTION,
			array_map(
				function ( $j ) {
					$j['next'] = 0;
					return $j;
				},
				Linker_Queue::jobs()
			),
			false
		);
		$r = Linker_Queue::flush();
		wp_safe_redirect( add_query_arg( 'linker', 'retried-' . (int) $r['sent'], self::url() ) );
		exit;
	}

	public static function clear_failed() {
		self::check_admin();
		check_admin_referer( 'linker_clear_failed' );
		delete_option( Linker_Queue::FAILED );
		wp_safe_redirect( self::url() );
		exit;
	}

	/** A job in words: "update https://… (post 12)", "killed https://…". */
	public static function describe( array $job ) {
		if ( 'event' === $job['kind'] ) {
			return $job['event']['type'] . ' ' . $job['event']['url'];
		}
		if ( 'sync' === $job['kind'] ) {
			return __( 'whole-site sync (what is left out changed)', 'linker' );
		}
		$post = get_post( $job['post'] );
		/* translators: 1: post title, 2: post ID */
		return sprintf( __( 'page “%1$s” (post %2$d)', 'linker' ), $post ? get_the_title( $post ) : '?', $job['post'] );
	}

	/**
	 * The checks of "Test connection", made from this server: health (pages, embedder), the read key and the write key.
	 * No CORS check: the editor's browser asks this site, never the Linker server (Linker_Proxy).
	 *
	 * @return array<int, array{check: string, ok: bool, message: string}>
	 */
	public static function test_connection() {
		$checks = array();
		$h      = Linker_Client::request( 'GET', '/api/v1/health', null, '', array( 'timeout' => 10 ) );
		if ( ! $h['ok'] ) {
			return array(
				array(
					'check'   => 'health',
					'ok'      => false,
					'message' => $h['error'],
				),
			);
		}
		$b        = is_array( $h['body'] ) ? $h['body'] : array();
		$checks[] = array(
			'check'   => 'health',
			'ok'      => isset( $b['status'] ) && 'ok' === $b['status'],
			/* translators: 1: status, 2: pages in the index, 3: the embedder */
			'message' => sprintf( __( 'Server %1$s: %2$s pages indexed, embedder %3$s', 'linker' ), isset( $b['status'] ) ? $b['status'] : '?', isset( $b['pages'] ) ? number_format_i18n( $b['pages'] ) : '?', isset( $b['embedder'] ) ? $b['embedder'] : '?' ) . ( isset( $b['error'] ) ? ' — ' . $b['error'] : '' ),
		);
		$probe    = '/api/v1/pages?url=' . rawurlencode( home_url( '/__linker-connection-test__' ) );
		$r        = Linker_Client::request( 'GET', $probe, null, Linker_Client::read_key(), array( 'timeout' => 10 ) );
		$checks[] = array(
			'check'   => 'read',
			'ok'      => $r['ok'] || 404 === $r['status'],
			'message' => $r['ok'] || 404 === $r['status']
				? ( '' === Linker_Client::read_key() ? __( 'Reads need no key.', 'linker' ) : __( 'Read key accepted.', 'linker' ) )
				/* translators: %s: the reason */
				: sprintf( __( 'Read key: %s', 'linker' ), $r['error'] ),
		);
		if ( '' === Linker_Client::write_key() ) {
			$checks[] = array(
				'check'   => 'write',
				'ok'      => false,
				'message' => __( 'No write key: this site does not send its changes to the server.', 'linker' ),
			);
		} else {
			// GET /api/v1/access says what a key may do and changes nothing; a server older than it answers 404, and
			// then a DELETE of a page that does not exist (404 with a valid key, 401 without) tells the same.
			$w = Linker_Client::request( 'GET', '/api/v1/access', null, null, array( 'timeout' => 10 ) );
			if ( $w['ok'] && is_array( $w['body'] ) && isset( $w['body']['write'] ) ) {
				$ok    = true === $w['body']['write'];
				$error = __( 'the server answers 401 Unauthorized to writes with this key', 'linker' );
			} else {
				$w     = Linker_Client::request( 'DELETE', $probe, null, null, array( 'timeout' => 10 ) );
				$ok    = $w['ok'] || 404 === $w['status'];
				$error = $w['error'];
			}
			$checks[] = array(
				'check'   => 'write',
				'ok'      => $ok,
				/* translators: %s: the reason */
				'message' => $ok ? __( 'Write key accepted.', 'linker' ) : sprintf( __( 'Write key: %s', 'linker' ), $error ),
			);
		}
		return $checks;
	}

	public static function ajax_test() {
		check_ajax_referer( 'linker_admin' );
		self::check_admin();
		// The values typed in the form, saved or not (a field left out of the request: the saved value).
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- check_ajax_referer() above.
		$typed = array();
		if ( isset( $_POST['endpoint'] ) ) {
			$typed['endpoint'] = untrailingslashit( esc_url_raw( trim( wp_unslash( $_POST['endpoint'] ) ) ) );
		}
		if ( isset( $_POST['api_key'] ) ) {
			$typed['read'] = sanitize_text_field( wp_unslash( $_POST['api_key'] ) );
		}
		if ( ! empty( $_POST['write_key_remove'] ) ) {
			$typed['write'] = '';
		} elseif ( isset( $_POST['write_key'] ) && '' !== $_POST['write_key'] ) {
			$typed['write'] = (string) wp_unslash( $_POST['write_key'] ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- a key, as typed.
		}
		// phpcs:enable
		wp_send_json_success( Linker_Client::with( $typed, array( __CLASS__, 'test_connection' ) ) );
	}

	/** One step of the whole-site sync (start=1 starts or resumes it); answers the sync's state. */
	public static function ajax_sync_step() {
		check_ajax_referer( 'linker_admin' );
		self::check_admin();
		if ( ! Linker_Client::syncing() ) {
			wp_send_json_error( array( 'message' => __( 'Set the server URL and a write key first.', 'linker' ) ), 400 );
		}
		if ( ! empty( $_POST['start'] ) ) {
			Linker_Site_Sync::start( ! empty( $_POST['restart'] ) );
		}
		wp_send_json_success( Linker_Site_Sync::step( self::STEP ) );
	}

	public static function render() {
		self::check_admin();
		$write  = Linker_Client::write_key();
		$notice = isset( $_GET['linker'] ) ? sanitize_key( wp_unslash( $_GET['linker'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a notice only.
		?>
		<div class="wrap">
			<h1><?php esc_html_e( 'Linker', 'linker' ); ?></h1>
			<?php if ( 'saved' === $notice ) : ?>
				<div class="notice notice-success"><p><?php esc_html_e( 'Settings saved.', 'linker' ); ?></p></div>
			<?php elseif ( 'saved-rules' === $notice ) : ?>
				<div class="notice notice-success" id="linker-rules-saved"><p><?php esc_html_e( 'Settings saved. What is left out changed: the server is being updated in the background (posts left out are deleted from its index, posts put back are sent).', 'linker' ); ?></p></div>
			<?php endif; ?>
			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
				<input type="hidden" name="action" value="linker_save">
				<?php wp_nonce_field( 'linker_save' ); ?>
				<table class="form-table" role="presentation">
					<tr>
						<th scope="row"><label for="linker_endpoint"><?php esc_html_e( 'Linker server URL', 'linker' ); ?></label></th>
						<td><input type="url" id="linker_endpoint" name="linker_endpoint" class="regular-text" value="<?php echo esc_attr( Linker_Client::endpoint() ); ?>">
							<p class="description"><?php esc_html_e( 'Where `linker serve` answers, as this WordPress server reaches it, e.g. http://127.0.0.1:7070. Only WordPress talks to it (the editor asks this site), so it can listen on 127.0.0.1 with no CORS or TLS set up.', 'linker' ); ?></p></td>
					</tr>
					<tr>
						<th scope="row"><label for="linker_api_key"><?php esc_html_e( 'Read key (optional)', 'linker' ); ?></label></th>
						<td><input type="text" id="linker_api_key" name="linker_api_key" class="regular-text" autocomplete="off" value="<?php echo esc_attr( Linker_Client::read_key() ); ?>">
							<p class="description"><?php esc_html_e( 'One of the server\'s LINKER_READ_KEYS, if it has any. WordPress sends it with the editor\'s requests; it is never printed into a page.', 'linker' ); ?></p></td>
					</tr>
					<tr>
						<th scope="row"><label for="linker_write_key"><?php esc_html_e( 'Write key', 'linker' ); ?></label></th>
						<td><input type="password" id="linker_write_key" name="linker_write_key" class="regular-text" autocomplete="new-password" value="" placeholder="<?php echo esc_attr( '' !== $write ? '••••••••••••' : '' ); ?>">
							<p class="description">
							<?php
							if ( '' !== $write ) {
								/* translators: %d: length of the key */
								echo esc_html( sprintf( __( 'Set (%d characters). Leave empty to keep it.', 'linker' ), strlen( $write ) ) );
								echo ' <label><input type="checkbox" name="linker_write_key_remove" value="1"> ' . esc_html__( 'Remove it', 'linker' ) . '</label>';
							} else {
								esc_html_e( 'Not set: this site does not send its changes to the server.', 'linker' );
							}
							?>
							<br><?php esc_html_e( 'One of the server\'s LINKER_API_KEYS. Kept on this server only (an option that is not autoloaded); never sent to a browser. With it, publishing, updating, trashing or moving a post updates the server\'s index.', 'linker' ); ?></p></td>
					</tr>
				</table>
				<?php self::render_rules(); ?>
				<?php submit_button(); ?>
			</form>

			<h2><?php esc_html_e( 'Connection', 'linker' ); ?></h2>
			<p><button type="button" class="button" id="linker-test"><?php esc_html_e( 'Test connection', 'linker' ); ?></button></p>
			<ul id="linker-test-result" aria-live="polite"></ul>

			<?php Linker_Sync_Status::render_queue(); ?>

			<h2><?php esc_html_e( 'Whole site', 'linker' ); ?></h2>
			<p><?php esc_html_e( 'Sends every published post to the server, in batches; only what changed since the last sync. Same as `wp linker sync`.', 'linker' ); ?></p>
			<?php $state = Linker_Site_Sync::state(); ?>
			<p><button type="button" class="button" id="linker-sync"<?php disabled( '' === $write ); ?>><?php echo esc_html( $state && empty( $state['done'] ) ? __( 'Resume the sync', 'linker' ) : __( 'Sync all published posts', 'linker' ) ); ?></button>
				<progress id="linker-sync-progress" max="1" value="0" hidden></progress></p>
			<p id="linker-sync-status" aria-live="polite">
			<?php
			if ( $state ) {
				/* translators: 1: posts done, 2: all posts, 3: sent, 4: unchanged, 5: left out, 6: failed */
				echo esc_html( sprintf( __( 'Last sync: %1$d of %2$d posts: %3$d sent, %4$d unchanged, %5$d left out, %6$d failed', 'linker' ), $state['done_posts'], $state['total'], $state['sent'], $state['unchanged'], isset( $state['left_out'] ) ? $state['left_out'] : 0, $state['failed'] ) . ( '' !== $state['error'] ? ' — ' . $state['error'] : '' ) );
			}
			?>
			</p>
		</div>
		<?php
	}

	/** Which post types are synced and which categories are left out; a post's own switch is in its editor. */
	private static function render_rules() {
		$excluded = Linker_Rules::excluded_types();
		$cats     = Linker_Rules::excluded_categories();
		$terms    = get_terms(
			array(
				'taxonomy'   => 'category',
				'hide_empty' => false,
				'orderby'    => 'name',
			)
		);
		?>
		<h2><?php esc_html_e( 'What is suggested', 'linker' ); ?></h2>
		<input type="hidden" name="linker_rules" value="1">
		<p><?php esc_html_e( 'Posts left out are not in the Linker server\'s index at all (deleted there, not sent while left out), so they are never suggested. An author can also leave a single post out in its editor ("Leave this post out of link suggestions").', 'linker' ); ?></p>
		<table class="form-table" role="presentation">
			<tr>
				<th scope="row"><?php esc_html_e( 'Post types synced', 'linker' ); ?></th>
				<td><fieldset id="linker-types">
				<?php foreach ( Linker_Pages::post_types() as $type ) : ?>
					<?php $object = get_post_type_object( $type ); ?>
					<label><input type="checkbox" name="linker_types[]" value="<?php echo esc_attr( $type ); ?>"<?php checked( ! in_array( $type, $excluded, true ) ); ?>> <?php echo esc_html( $object ? $object->labels->name : $type ); ?> <code><?php echo esc_html( $type ); ?></code></label><br>
				<?php endforeach; ?>
				<p class="description"><?php esc_html_e( 'Every public post type; a custom post type is synced like posts unless unticked here. Attachments never are.', 'linker' ); ?></p>
				</fieldset></td>
			</tr>
			<tr>
				<th scope="row"><?php esc_html_e( 'Categories left out', 'linker' ); ?></th>
				<td><fieldset id="linker-categories" style="max-height: 14em; overflow: auto;">
				<?php if ( is_array( $terms ) ) : ?>
					<?php foreach ( $terms as $term ) : ?>
						<label><input type="checkbox" name="linker_excluded_categories[]" value="<?php echo (int) $term->term_id; ?>"<?php checked( in_array( (int) $term->term_id, $cats, true ) ); ?>> <?php echo esc_html( $term->name ); ?></label><br>
					<?php endforeach; ?>
				<?php endif; ?>
				</fieldset>
				<p class="description"><?php esc_html_e( 'A post in a category ticked here, or in one of its subcategories, is left out.', 'linker' ); ?></p></td>
			</tr>
		</table>
		<?php
	}
}
