<?php
/**
 * The site's changes on their way to the Linker server: queued during the author's request, sent after the response,
 * retried with backoff by WP cron while the server is down; what cannot be sent at all is kept and shown.
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** A queue of jobs (an option that is not autoloaded) and the code that sends them. */
final class Linker_Queue {
	const OPTION = 'linker_queue';
	/** Jobs the server refused for good (a 4xx other than 401/408/429), with its reason. */
	const FAILED = 'linker_failed';
	/** Seconds before each retry; the last repeats. */
	const BACKOFF = array( 5, 15, 60, 300, 900, 3600 );
	/** A flush stops starting requests after this many seconds; the rest waits for the next one. */
	const BUDGET = 20;
	const CRON_HOOK = 'linker_retry';

	/** Whether this request queued something (then shutdown sends it). */
	private static $queued = false;
	/** Whether a request of this process reached the server (then the changes waiting for it go at shutdown). */
	private static $reached = false;

	/** Hooks: WordPress's own post events, the shutdown flush, the cron retry and the loopback flush. */
	public static function register() {
		add_action( 'transition_post_status', array( __CLASS__, 'on_transition' ), 10, 3 );
		add_action( 'before_delete_post', array( __CLASS__, 'on_delete' ), 10, 1 );
		add_action( 'shutdown', array( __CLASS__, 'on_shutdown' ), 1000 );
		add_action( self::CRON_HOOK, array( __CLASS__, 'flush' ) );
		add_action( 'wp_ajax_nopriv_linker_flush', array( __CLASS__, 'on_loopback' ) );
		add_action( 'wp_ajax_linker_flush', array( __CLASS__, 'on_loopback' ) );
		add_action(
			'linker_server_reached',
			function () {
				self::$reached = true;
			}
		);
	}

	/** Publish and update → the page; unpublish, trash, a password → killed; back to published → created. */
	public static function on_transition( $new_status, $old_status, $post ) {
		if ( ! Linker_Client::syncing() || ! apply_filters( 'linker_sync_on_save', true, $post )
			|| wp_is_post_revision( $post ) || wp_is_post_autosave( $post )
			|| ! in_array( $post->post_type, Linker_Pages::post_types(), true ) ) {
			return;
		}
		if ( Linker_Pages::is_public( $post ) ) {
			self::add( array( 'kind' => 'post', 'post' => (int) $post->ID ) );
		} elseif ( ( 'publish' === $old_status || 'live' === get_post_meta( $post->ID, Linker_Pages::META_STATE, true ) )
			&& 'out' !== get_post_meta( $post->ID, Linker_Pages::META_STATE, true ) ) {
			self::add_kill( $post ); // a post left out is not on the server: nothing to kill
		}
	}

	/** A post deleted for good while the server still had it live. */
	public static function on_delete( $post_id ) {
		$post = get_post( $post_id );
		$state = $post ? get_post_meta( $post->ID, Linker_Pages::META_STATE, true ) : '';
		if ( $post && Linker_Client::syncing() && 'out' !== $state && ( 'publish' === $post->post_status || 'live' === $state ) ) {
			self::add_kill( $post );
		}
	}

	private static function add_kill( WP_Post $post ) {
		$url = (string) get_post_meta( $post->ID, Linker_Pages::META_URL, true );
		if ( '' === $url ) { // never sent: the URL it had while published
			$published              = clone $post;
			$published->post_status = 'publish';
			$url                    = get_permalink( $published );
		}
		self::add(
			array(
				'kind'  => 'event',
				'post'  => (int) $post->ID,
				'event' => array(
					'type' => 'killed',
					'url'  => $url,
				),
			)
		);
	}

	/** Adds a job; a newer job for the same post replaces the older (the latest state is what counts). */
	public static function add( array $job ) {
		$job += array(
			'id'       => wp_generate_uuid4(),
			'attempts' => 0,
			'next'     => 0,
			'error'    => '',
			'since'    => time(),
		);
		self::locked(
			function ( $jobs ) use ( $job ) {
				$jobs = array_values(
					array_filter(
						$jobs,
						function ( $j ) use ( $job ) {
							return ! ( isset( $j['post'] ) && $j['post'] === $job['post'] && $j['kind'] === $job['kind'] );
						}
					)
				);
				$jobs[] = $job;
				return $jobs;
			}
		);
		self::$queued = true;
	}

	/** The jobs waiting, oldest first. */
	public static function jobs() {
		wp_cache_delete( self::OPTION, 'options' );
		$jobs = get_option( self::OPTION, array() );
		return is_array( $jobs ) ? $jobs : array();
	}

	/** What the server refused for good. */
	public static function failed() {
		$failed = get_option( self::FAILED, array() );
		return is_array( $failed ) ? $failed : array();
	}

	/** Runs $change on the jobs under a database lock, so concurrent requests do not lose each other's jobs. */
	private static function locked( callable $change ) {
		global $wpdb;
		$name = 'linker_queue_' . $wpdb->prefix;
		$got  = $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, 5)', $name ) );
		try {
			$jobs = call_user_func( $change, self::jobs() );
			update_option( self::OPTION, $jobs, false );
			return $jobs;
		} finally {
			if ( '1' === (string) $got ) {
				$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $name ) );
			}
		}
	}

	/**
	 * After the response: in-process where the SAPI can finish the response first (PHP-FPM, LiteSpeed), else a
	 * non-blocking request to admin-ajax.php does the sending (the author's request only opens that connection).
	 */
	public static function on_shutdown() {
		if ( self::$reached && self::release() ) {
			self::$queued = true;
		}
		if ( ! self::$queued ) {
			return;
		}
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			fastcgi_finish_request();
			self::flush();
		} elseif ( function_exists( 'litespeed_finish_request' ) ) {
			litespeed_finish_request();
			self::flush();
		} elseif ( 'cli' === PHP_SAPI ) {
			self::flush();
		} else {
			self::spawn();
		}
	}

	/** A request to this site that sends the queue, without waiting for it. */
	public static function spawn() {
		wp_remote_post(
			admin_url( 'admin-ajax.php' ),
			array(
				'timeout'   => 0.01,
				'blocking'  => false,
				'sslverify' => apply_filters( 'https_local_ssl_verify', false ),
				'body'      => array(
					'action' => 'linker_flush',
					'token'  => self::token(),
				),
			)
		);
	}

	private static function token() {
		return wp_hash( 'linker_flush' );
	}

	/** admin-ajax.php?action=linker_flush, from spawn(). */
	public static function on_loopback() {
		$token = isset( $_POST['token'] ) ? sanitize_text_field( wp_unslash( $_POST['token'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification -- a token, not a form.
		if ( ! hash_equals( self::token(), $token ) ) {
			wp_send_json_error( null, 403 );
		}
		ignore_user_abort( true );
		self::flush();
		wp_send_json_success( array( 'waiting' => count( self::jobs() ) ) );
	}

	/**
	 * Sends the jobs that are due, oldest first, one flush at a time. Stops at the first failure to reach the server
	 * (it is down: each job waiting gets its next try by backoff) and after BUDGET seconds; a cron event is left for
	 * what is still waiting.
	 *
	 * @return array{sent: int, waiting: int}
	 */
	public static function flush() {
		global $wpdb;
		$sent = 0;
		$name = 'linker_flush_' . $wpdb->prefix;
		if ( '1' !== (string) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, 0)', $name ) ) ) {
			return array(
				'sent'    => 0,
				'waiting' => count( self::jobs() ),
			);
		}
		try {
			$until = microtime( true ) + self::BUDGET;
			while ( microtime( true ) < $until ) {
				$job = null;
				foreach ( self::jobs() as $j ) {
					if ( $j['next'] <= time() ) {
						$job = $j;
						break;
					}
				}
				if ( null === $job ) {
					break;
				}
				$r = self::send( $job );
				if ( ! empty( $r['again'] ) ) {
					continue; // a sync step: the job stays, due now
				}
				if ( $r['ok'] ) {
					++$sent;
					self::settle( $job, null );
					if ( self::$reached ) {
						self::release(); // what waited for the server goes in this flush
					}
					continue;
				}
				$retry = $r['transport'] || in_array( $r['status'], array( 401, 408, 429 ), true ) || $r['status'] >= 500;
				self::settle( $job, $r['error'], $retry );
				if ( $retry ) {
					self::postpone_due( $r['error'] ); // the server is down or refuses the key: so for every job
					break;
				}
			}
		} finally {
			$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $name ) );
		}
		$jobs = self::jobs();
		self::schedule( $jobs );
		return array(
			'sent'    => $sent,
			'waiting' => count( $jobs ),
		);
	}

	/**
	 * The server answers again: the changes postponed while it could not be reached are due now, not at their backoff's
	 * end (up to an hour). Returns how many were released.
	 */
	public static function release() {
		$n = 0;
		self::locked(
			function ( $jobs ) use ( &$n ) {
				foreach ( $jobs as $i => $j ) {
					if ( $j['next'] > time() && '' !== $j['error'] ) {
						$jobs[ $i ]['next'] = 0;
						++$n;
					}
				}
				return $jobs;
			}
		);
		self::$reached = false;
		return $n;
	}

	/** Removes a job once sent (or refused for good: then kept in the failed list), or sets its next try. */
	private static function settle( array $job, $error, $retry = false ) {
		if ( null !== $error && ! $retry ) {
			$failed = self::failed();
			array_unshift(
				$failed,
				array(
					'job'   => $job,
					'error' => $error,
					'at'    => time(),
				)
			);
			update_option( self::FAILED, array_slice( $failed, 0, 100 ), false );
			if ( ! empty( $job['post'] ) && get_post( $job['post'] ) ) {
				update_post_meta( $job['post'], Linker_Sync_Status::META_REFUSED, $error );
			}
		}
		self::locked(
			function ( $jobs ) use ( $job, $error, $retry ) {
				foreach ( $jobs as $i => $j ) {
					if ( $j['id'] !== $job['id'] ) {
						continue;
					}
					if ( $retry ) {
						$n                      = min( $j['attempts'], count( self::BACKOFF ) - 1 );
						$jobs[ $i ]['attempts'] = $j['attempts'] + 1;
						$jobs[ $i ]['next']     = time() + self::BACKOFF[ $n ];
						$jobs[ $i ]['error']    = $error;
					} else {
						unset( $jobs[ $i ] );
					}
				}
				return array_values( $jobs );
			}
		);
	}

	/** The other due jobs wait as long as the one that failed to reach the server. */
	private static function postpone_due( $error ) {
		self::locked(
			function ( $jobs ) use ( $error ) {
				$now = time();
				foreach ( $jobs as $i => $j ) {
					if ( $j['next'] <= $now ) {
						$n                      = min( $j['attempts'], count( self::BACKOFF ) - 1 );
						$jobs[ $i ]['attempts'] = $j['attempts'] + 1;
						$jobs[ $i ]['next']     = $now + self::BACKOFF[ $n ];
						$jobs[ $i ]['error']    = $error;
					}
				}
				return $jobs;
			}
		);
	}

	/** One WP cron event at the earliest next try. */
	private static function schedule( array $jobs ) {
		if ( ! $jobs ) {
			wp_clear_scheduled_hook( self::CRON_HOOK );
			return;
		}
		$at = min( array_column( $jobs, 'next' ) );
		$at = max( $at, time() );
		$on = wp_next_scheduled( self::CRON_HOOK );
		if ( false !== $on && $on <= $at ) {
			return;
		}
		wp_clear_scheduled_hook( self::CRON_HOOK );
		wp_schedule_single_event( $at, self::CRON_HOOK );
	}

	/**
	 * Sends one job: a post as it is now (PUT, or created after a kill, then redirected from its old URL), or an event.
	 * "As it is now": a flush runs for many seconds while authors save, so the post, its meta and terms are read afresh
	 * for each job, never from this process's cache (a post published again after a kill sent earlier in this flush
	 * would otherwise look still unpublished), and so are the rules of what is left out.
	 */
	private static function send( array $job ) {
		Linker_Rules::refresh();
		if ( ! empty( $job['post'] ) ) {
			clean_post_cache( (int) $job['post'] );
		}
		if ( 'event' === $job['kind'] ) {
			$event = $job['event'];
			if ( 'killed' === $event['type'] && get_post( $job['post'] ) ) {
				// The URL the server has now: a page sent (or moved) after the kill was queued — by a flush still
				// running when the post was trashed — is known by the URL recorded then, not the one read at queue time.
				$sent = (string) get_post_meta( $job['post'], Linker_Pages::META_URL, true );
				if ( '' !== $sent ) {
					$event['url'] = $sent;
				}
			}
			$r = Linker_Client::request( 'POST', '/api/v1/events', $event );
			if ( 404 === $r['status'] ) { // the server never had it: nothing to remove
				$r['ok'] = true;
			}
			if ( $r['ok'] && 'killed' === $job['event']['type'] && get_post( $job['post'] ) ) {
				update_post_meta( $job['post'], Linker_Pages::META_STATE, 'killed' );
				delete_post_meta( $job['post'], Linker_Pages::META_HASH );
			}
			return $r;
		}
		if ( 'sync' === $job['kind'] ) {
			return self::sync_step();
		}
		$post = get_post( $job['post'] );
		if ( ! Linker_Pages::is_public( $post ) ) { // unpublished since: its kill job says so
			return self::done();
		}
		if ( '' !== Linker_Rules::left_out( $post ) ) {
			return self::remove_post( $post );
		}
		return self::send_post( $post );
	}

	private static function done() {
		return array(
			'ok'        => true,
			'status'    => 0,
			'error'     => '',
			'transport' => false,
		);
	}

	/** A whole-site sync run by the queue (after the rules changed): a step each turn until it is done. */
	private static function sync_step() {
		$s = Linker_Site_Sync::step( 100 );
		if ( '' !== $s['error'] ) {
			return array(
				'ok'        => false,
				'status'    => 0,
				'error'     => $s['error'],
				'transport' => true,
			);
		}
		$r          = self::done();
		$r['again'] = empty( $s['done'] );
		return $r;
	}

	/**
	 * A post left out: deleted from the server (DELETE /api/v1/pages?url=, with the URL last sent, else its
	 * permalink; 404 means the server never had it) and marked 'out', so it is not sent while it stays left out.
	 */
	public static function remove_post( WP_Post $post ) {
		$state = get_post_meta( $post->ID, Linker_Pages::META_STATE, true );
		if ( 'out' !== $state && '' !== $state ) {
			$url = (string) get_post_meta( $post->ID, Linker_Pages::META_URL, true );
			$url = '' !== $url ? $url : get_permalink( $post );
			$r   = Linker_Client::request( 'DELETE', '/api/v1/pages?url=' . rawurlencode( $url ) );
			if ( ! $r['ok'] && 404 !== $r['status'] ) {
				return $r;
			}
		}
		update_post_meta( $post->ID, Linker_Pages::META_STATE, 'out' );
		delete_post_meta( $post->ID, Linker_Pages::META_URL );
		delete_post_meta( $post->ID, Linker_Pages::META_HASH );
		return self::done();
	}

	/** Sends a public post and records what was sent; shared with the whole-site sync. */
	public static function send_post( WP_Post $post, $page = null ) {
		$page  = null === $page ? Linker_Pages::page( $post ) : $page;
		$state = get_post_meta( $post->ID, Linker_Pages::META_STATE, true );
		if ( 'killed' === $state ) {
			$r = Linker_Client::request(
				'POST',
				'/api/v1/events',
				array(
					'type' => 'created',
					'url'  => $page['url'],
					'page' => $page,
				)
			);
		} else {
			$r = Linker_Client::request( 'PUT', '/api/v1/pages', array( 'pages' => array( $page ) ) );
		}
		if ( ! $r['ok'] ) {
			return $r;
		}
		return self::sent( $post, $page );
	}

	/** After a post's page was written: the redirect from its old URL, then the meta that says what the server has. */
	public static function sent( WP_Post $post, array $page ) {
		$old = (string) get_post_meta( $post->ID, Linker_Pages::META_URL, true );
		if ( '' !== $old && $old !== $page['url'] ) {
			$r = Linker_Client::request(
				'POST',
				'/api/v1/events',
				array(
					'type'     => 'redirected',
					'url'      => $old,
					'survivor' => $page['url'],
				)
			);
			if ( ! $r['ok'] && 404 !== $r['status'] ) {
				return $r; // sent again with the page next time: the PUT is idempotent
			}
		}
		update_post_meta( $post->ID, Linker_Pages::META_URL, $page['url'] );
		update_post_meta( $post->ID, Linker_Pages::META_STATE, 'live' );
		update_post_meta( $post->ID, Linker_Pages::META_HASH, Linker_Pages::hash( $page ) );
		delete_post_meta( $post->ID, Linker_Sync_Status::META_REFUSED );
		return array(
			'ok'        => true,
			'status'    => 200,
			'error'     => '',
			'transport' => false,
		);
	}
}
