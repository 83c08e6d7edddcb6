<?php
/**
 * A published post moved to a new address (its slug or parent changed): the posts that link to the old address are
 * counted and, on the owner's click, rewritten to the new one — each through wp_update_post, so each rewrite is a
 * post revision that can be undone.
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** Moves recorded on save (option linker_moved, not autoloaded), the notice offering the rewrite, and the rewrite. */
final class Linker_Moves {
	const OPTION = 'linker_moved';
	/** Moves kept, at most (the oldest go first). */
	const KEEP = 50;

	public static function register() {
		add_action( 'post_updated', array( __CLASS__, 'on_update' ), 10, 3 );
		add_action( 'admin_notices', array( __CLASS__, 'notice' ) );
		add_action( 'admin_post_linker_rewrite', array( __CLASS__, 'rewrite_action' ) );
		add_action( 'admin_post_linker_forget_move', array( __CLASS__, 'forget_action' ) );
	}

	/** Records a move when a published post keeps being published at another permalink (nothing is counted now). */
	public static function on_update( $post_id, $after, $before ) {
		if ( 'publish' !== $before->post_status || 'publish' !== $after->post_status
			|| ! in_array( $after->post_type, Linker_Pages::post_types(), true ) ) {
			return;
		}
		$old = get_permalink( $before );
		$new = get_permalink( $after );
		if ( ! $old || ! $new || $old === $new ) {
			return;
		}
		$moves = array();
		foreach ( self::moves() as $m ) {
			if ( (int) $m['post'] === (int) $post_id ) {
				$m['new'] = $new; // moved again: links to an older address go to the newest one
			}
			if ( $m['old'] !== $m['new'] && $m['old'] !== $old ) {
				$moves[] = $m;
			}
		}
		$moves[] = array(
			'id'   => substr( md5( $post_id . '|' . $old ), 0, 12 ),
			'post' => (int) $post_id,
			'old'  => $old,
			'new'  => $new,
			'at'   => time(),
		);
		update_option( self::OPTION, array_slice( $moves, -self::KEEP ), false );
	}

	/** The moves recorded, oldest first. */
	public static function moves() {
		$moves = get_option( self::OPTION, array() );
		return is_array( $moves ) ? $moves : array();
	}

	private static function forget( $id ) {
		$moves = array_values(
			array_filter(
				self::moves(),
				function ( $m ) use ( $id ) {
					return $m['id'] !== $id;
				}
			)
		);
		update_option( self::OPTION, $moves, false );
	}

	/** A regular expression matching an href to $url (with or without its trailing slash; a #fragment or ?query may follow). */
	private static function href_pattern( $url ) {
		$bare = preg_quote( untrailingslashit( $url ), '#' );
		return '#(\bhref\s*=\s*(["\']))' . $bare . '/?(?=[\'"\#?])#i';
	}

	/**
	 * IDs of the posts (any type but revisions and attachments; drafts too, not trash) with a link to the old address.
	 *
	 * @param array $move A recorded move.
	 * @return int[]
	 */
	public static function linking( array $move ) {
		global $wpdb;
		$like = '%' . $wpdb->esc_like( untrailingslashit( $move['old'] ) ) . '%';
		$ids  = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT ID FROM {$wpdb->posts} WHERE post_content LIKE %s AND ID <> %d AND post_type NOT IN ('revision', 'attachment') AND post_status NOT IN ('trash', 'auto-draft', 'inherit') ORDER BY ID",
				$like,
				(int) $move['post']
			)
		);
		$pattern = self::href_pattern( $move['old'] );
		$out     = array();
		foreach ( $ids as $id ) {
			if ( preg_match( $pattern, (string) get_post_field( 'post_content', (int) $id, 'raw' ) ) ) {
				$out[] = (int) $id;
			}
		}
		return $out;
	}

	/**
	 * Rewrites the links to the old address in every post linking to it, one wp_update_post each (a revision of the
	 * content before is kept first, so the rewrite can be undone from the post's revisions).
	 *
	 * @param array $move A recorded move.
	 * @return int Posts rewritten.
	 */
	public static function rewrite( array $move ) {
		$pattern = self::href_pattern( $move['old'] );
		$n       = 0;
		foreach ( self::linking( $move ) as $id ) {
			if ( ! current_user_can( 'edit_post', $id ) ) {
				continue;
			}
			$content = (string) get_post_field( 'post_content', $id, 'raw' );
			$new     = preg_replace_callback(
				$pattern,
				function ( $m ) use ( $move ) {
					return $m[1] . $move['new'];
				},
				$content
			);
			if ( $new === $content ) {
				continue;
			}
			wp_save_post_revision( $id ); // the content as it was, unless the last revision already holds it
			$r = wp_update_post(
				wp_slash(
					array(
						'ID'           => $id,
						'post_content' => $new,
					)
				),
				true
			);
			if ( ! is_wp_error( $r ) ) {
				++$n;
			}
		}
		return $n;
	}

	/** The moves with posts linking to their old address, each with its count; moves with none are forgotten. */
	public static function pending() {
		$out = array();
		foreach ( self::moves() as $m ) {
			$count = count( self::linking( $m ) );
			if ( $count > 0 ) {
				$m['count'] = $count;
				$out[]      = $m;
			} else {
				self::forget( $m['id'] );
			}
		}
		return $out;
	}

	/** "N posts link to the old address of “Title” — Rewrite links", on the lists of posts, to those who may edit others' posts. */
	public static function notice() {
		if ( ! current_user_can( 'edit_others_posts' ) ) {
			return;
		}
		if ( isset( $_GET['linker_rewritten'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a notice only.
			$n = absint( $_GET['linker_rewritten'] ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended
			/* translators: %d: number of posts */
			echo '<div class="notice notice-success" id="linker-rewritten"><p>' . esc_html( sprintf( _n( 'Links rewritten in %d post; its revisions hold the version before.', 'Links rewritten in %d posts; their revisions hold the version before.', $n, 'linker' ), $n ) ) . '</p></div>';
		}
		// The scan reads every post that may link to an old address: only on the lists of posts, where it is shown.
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( ! $screen || 'edit' !== $screen->base || ! self::moves() ) {
			return;
		}
		foreach ( array_slice( self::pending(), -3 ) as $m ) {
			echo '<div class="notice notice-warning linker-moved" data-move="' . esc_attr( $m['id'] ) . '"><p>';
			self::describe( $m );
			echo '</p></div>';
		}
	}

	/** One move in words, with its two buttons (also a row of the settings page). */
	public static function describe( array $m ) {
		$rewrite = wp_nonce_url( admin_url( 'admin-post.php?action=linker_rewrite&move=' . rawurlencode( $m['id'] ) ), 'linker_rewrite_' . $m['id'] );
		$forget  = wp_nonce_url( admin_url( 'admin-post.php?action=linker_forget_move&move=' . rawurlencode( $m['id'] ) ), 'linker_forget_move_' . $m['id'] );
		echo esc_html(
			sprintf(
				/* translators: 1: number of posts, 2: post title, 3: old URL, 4: new URL */
				_n( '%1$d post links to the old address of “%2$s” (%3$s, now %4$s).', '%1$d posts link to the old address of “%2$s” (%3$s, now %4$s).', $m['count'], 'linker' ),
				$m['count'],
				get_the_title( $m['post'] ),
				$m['old'],
				$m['new']
			)
		);
		echo ' <a class="button button-primary linker-rewrite" href="' . esc_url( $rewrite ) . '">' . esc_html__( 'Rewrite links', 'linker' ) . '</a>';
		echo ' <a class="button linker-forget" href="' . esc_url( $forget ) . '">' . esc_html__( 'Leave them', 'linker' ) . '</a>';
		echo ' <span class="description">' . esc_html__( 'Each rewritten post keeps a revision: Undo from its Revisions.', 'linker' ) . '</span>';
	}

	private static function find( $id ) {
		foreach ( self::moves() as $m ) {
			if ( $m['id'] === $id ) {
				return $m;
			}
		}
		return null;
	}

	public static function rewrite_action() {
		$id = isset( $_GET['move'] ) ? sanitize_key( wp_unslash( $_GET['move'] ) ) : '';
		check_admin_referer( 'linker_rewrite_' . $id );
		if ( ! current_user_can( 'edit_others_posts' ) ) {
			wp_die( esc_html__( 'You may not rewrite other posts\' links.', 'linker' ), 403 );
		}
		$m = self::find( $id );
		$n = $m ? self::rewrite( $m ) : 0;
		if ( $m ) {
			self::forget( $id );
		}
		$back = wp_get_referer();
		wp_safe_redirect( add_query_arg( 'linker_rewritten', $n, $back ? $back : admin_url( 'edit.php' ) ) );
		exit;
	}

	public static function forget_action() {
		$id = isset( $_GET['move'] ) ? sanitize_key( wp_unslash( $_GET['move'] ) ) : '';
		check_admin_referer( 'linker_forget_move_' . $id );
		if ( ! current_user_can( 'edit_others_posts' ) ) {
			wp_die( esc_html__( 'You may not rewrite other posts\' links.', 'linker' ), 403 );
		}
		self::forget( $id );
		wp_safe_redirect( wp_get_referer() ? wp_get_referer() : Linker_Settings::url() );
		exit;
	}
}
