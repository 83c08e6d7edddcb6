<?php
/**
 * The whole site in one step: every published post, in batches, resumable, sending only what changed since the
 * last time (a hash of what was sent is kept as post meta). `wp linker sync` and the settings page's button run it.
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** A resumable sync of every public post, its progress kept in an option that is not autoloaded. */
final class Linker_Site_Sync {
	const STATE = 'linker_sync_state';
	/** Posts per batch, at most (the server takes 1,000 pages per request). */
	const MAX_BATCH = 1000;
	/** Bytes of JSON per PUT request, at most (the server's default body limit is 2 MiB). */
	const MAX_BYTES = 1572864;

	/** The sync's state: where it is (cursor: the last post ID done), its counts, and whether it is done. */
	public static function state() {
		wp_cache_delete( self::STATE, 'options' );
		$s = get_option( self::STATE, null );
		return is_array( $s ) ? $s : null;
	}

	/** Starts a sync, or resumes the one not finished (unless $restart). */
	public static function start( $restart = false ) {
		$s = self::state();
		if ( $restart || null === $s || ! empty( $s['done'] ) ) {
			$s = array(
				'cursor'     => 0,
				'total'      => self::count_public(),
				'done_posts' => 0,
				'sent'       => 0,
				'unchanged'  => 0,
				'failed'     => 0,
				'left_out'   => 0,
				'failures'   => array(),
				'done'       => false,
				'error'      => '',
				'started'    => time(),
				'finished'   => 0,
				'run'        => wp_generate_uuid4(),
			);
		}
		$s['error'] = '';
		update_option( self::STATE, $s, false );
		return $s;
	}

	/** Published public posts. */
	public static function count_public() {
		global $wpdb;
		$types = Linker_Pages::post_types();
		if ( ! $types ) {
			return 0;
		}
		$in = implode( ',', array_fill( 0, count( $types ), '%s' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $in is placeholders only.
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->posts} WHERE post_status = 'publish' AND post_password = '' AND post_type IN ($in)", $types ) );
	}

	/**
	 * One batch of up to $size posts after the cursor: the changed ones are sent (PUT, in requests of at most
	 * MAX_BYTES), the others counted unchanged. When the server cannot be reached the batch stops where it is and the
	 * state keeps the reason: running again resumes from there.
	 *
	 * @param int $size Posts in this batch (1–1,000).
	 * @return array The state after the batch.
	 */
	public static function step( $size = self::MAX_BATCH ) {
		global $wpdb;
		$s = self::state();
		if ( null === $s ) {
			$s = self::start();
		}
		if ( ! empty( $s['done'] ) ) {
			return $s;
		}
		Linker_Rules::refresh();
		$size  = max( 1, min( self::MAX_BATCH, (int) $size ) );
		$types = Linker_Pages::post_types();
		$in    = implode( ',', array_fill( 0, count( $types ), '%s' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $in is placeholders only.
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT ID FROM {$wpdb->posts} WHERE post_status = 'publish' AND post_password = '' AND post_type IN ($in) AND ID > %d ORDER BY ID LIMIT %d", array_merge( $types, array( (int) $s['cursor'], $size ) ) ) );
		$s['error'] = '';
		$chunk      = array(); // [post, page] to send together
		$bytes      = 0;
		$unchanged  = array(); // IDs passed over since the last request
		foreach ( $ids as $id ) {
			$post = get_post( (int) $id );
			$out  = '' !== Linker_Rules::left_out( $post ); // deleted from the server if it has it, never sent
			$page = $out ? null : Linker_Pages::page( $post );
			if ( ! $out && Linker_Pages::hash( $page ) === get_post_meta( $post->ID, Linker_Pages::META_HASH, true )
				&& 'live' === get_post_meta( $post->ID, Linker_Pages::META_STATE, true )
				&& get_post_meta( $post->ID, Linker_Pages::META_URL, true ) === $page['url'] ) {
				if ( $chunk ) { // counted with the chunk before it, once that is sent
					$unchanged[] = (int) $id;
				} else {
					$s = self::advance( $s, (int) $id, 0, 1 );
				}
				continue;
			}
			$size_of = $out ? 0 : strlen( (string) wp_json_encode( $page ) ) + 1;
			// A full chunk is sent; so is the chunk before a post left out, so the cursor never passes a post not sent.
			if ( $chunk && ( $out || $bytes + $size_of > self::MAX_BYTES ) ) {
				$s = self::send_chunk( $s, $chunk, $unchanged );
				if ( '' !== $s['error'] ) {
					return self::save( $s );
				}
				$chunk     = array();
				$bytes     = 0;
				$unchanged = array();
			}
			if ( $out ) {
				$s = self::leave_out( $s, $post );
				if ( '' !== $s['error'] ) {
					return self::save( $s );
				}
				continue;
			}
			$chunk[] = array( $post, $page );
			$bytes  += $size_of;
			clean_post_cache( $post ); // thousands of posts in one process: keep the object cache small
		}
		if ( $chunk ) {
			$s = self::send_chunk( $s, $chunk, $unchanged );
			if ( '' !== $s['error'] ) {
				return self::save( $s );
			}
		}
		if ( count( $ids ) < $size ) {
			$s['done']     = true;
			$s['finished'] = time();
		}
		return self::save( $s );
	}

	/** Runs batches until done or stopped by an error; $progress( $state ) after each. Returns the final state. */
	public static function run( $size = self::MAX_BATCH, $progress = null ) {
		do {
			$s = self::step( $size );
			if ( is_callable( $progress ) ) {
				call_user_func( $progress, $s );
			}
		} while ( empty( $s['done'] ) && '' === $s['error'] );
		return $s;
	}

	/**
	 * Keeps the state after a step, unless the sync was started again meanwhile (the rules changed while this step ran
	 * with the old ones): then the new run's state stays, and it is returned, so the caller goes on with that run.
	 */
	private static function save( array $s ) {
		$now = self::state();
		if ( null !== $now && self::run_of( $now ) !== self::run_of( $s ) ) {
			return $now;
		}
		update_option( self::STATE, $s, false );
		return $s;
	}

	private static function run_of( array $s ) {
		return isset( $s['run'] ) ? (string) $s['run'] : '';
	}

	private static function advance( array $s, $cursor, $sent, $unchanged ) {
		$s['cursor']      = max( (int) $s['cursor'], $cursor );
		$s['sent']       += $sent;
		$s['unchanged']  += $unchanged;
		$s['done_posts'] += $sent + $unchanged;
		return $s;
	}

	/**
	 * One PUT with the chunk's pages; a page the server refuses (400, 413) is found by sending the chunk's pages one
	 * by one and counted failed with the server's reason. Unreachable, 401, 5xx: the state's error, cursor unmoved.
	 */
	private static function send_chunk( array $s, array $chunk, array $unchanged ) {
		$pages = array();
		foreach ( $chunk as $c ) {
			$pages[] = $c[1];
		}
		$r = Linker_Client::request( 'PUT', '/api/v1/pages', array( 'pages' => $pages ), null, array( 'timeout' => 120 ) );
		$last = max( array_merge( $unchanged, array( (int) end( $chunk )[0]->ID ) ) );
		if ( $r['ok'] ) {
			$sent = 0;
			foreach ( $chunk as $c ) {
				$done = Linker_Queue::sent( $c[0], $c[1] );
				if ( $done['ok'] ) {
					++$sent;
				} else {
					$s = self::fail( $s, $c[0], $done['error'] );
				}
			}
			return self::advance( $s, $last, $sent, count( $unchanged ) );
		}
		if ( $r['transport'] || 401 === $r['status'] || $r['status'] >= 500 || 429 === $r['status'] ) {
			$s['error'] = $r['error'];
			return $s;
		}
		$sent = 0;
		foreach ( $chunk as $c ) { // one page at fault spoils its request: send each alone to know which
			$one = Linker_Queue::send_post( $c[0], $c[1] );
			if ( $one['ok'] ) {
				++$sent;
			} elseif ( $one['transport'] ) {
				$s['error'] = $one['error'];
				return $s;
			} else {
				$s = self::fail( $s, $c[0], $one['error'] );
			}
		}
		return self::advance( $s, $last, $sent, count( $unchanged ) );
	}

	/** A post left out: deleted from the server (counted left out), or the reason it could not be. */
	private static function leave_out( array $s, WP_Post $post ) {
		$r = Linker_Queue::remove_post( $post );
		if ( $r['ok'] ) {
			$s             = self::advance( $s, $post->ID, 0, 0 );
			$s['left_out'] = ( isset( $s['left_out'] ) ? $s['left_out'] : 0 ) + 1;
			++$s['done_posts'];
		} elseif ( $r['transport'] || 401 === $r['status'] || 429 === $r['status'] || $r['status'] >= 500 ) {
			$s['error'] = $r['error'];
		} else {
			$s           = self::fail( $s, $post, $r['error'] );
			$s['cursor'] = max( (int) $s['cursor'], $post->ID );
		}
		return $s;
	}

	private static function fail( array $s, WP_Post $post, $error ) {
		++$s['failed'];
		++$s['done_posts'];
		if ( count( $s['failures'] ) < 100 ) {
			$s['failures'][] = array(
				'post'  => $post->ID,
				'url'   => get_permalink( $post ),
				'error' => $error,
			);
		}
		return $s;
	}
}
