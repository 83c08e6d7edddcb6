<?php
/**
 * The site's link health where the owner looks, from the Linker server's report (GET /api/v1/report: the same core
 * model and checks as `linker audit`, over the pages and links this plug-in sent): "Links in" and "Links out" columns,
 * sortable, in the Posts list of every synced post type; an "Orphaned" view there (published posts no content link
 * points to); and Tools → Link health, listing broken internal links with an edit link to the post that has them,
 * reciprocal loops, and links through redirects.
 *
 * The counts are kept as post meta (so WordPress can sort and filter by them), refreshed from the report when a list
 * screen opens and the copy is older than a minute, or a post was sent since.
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** The link-health report: columns, views and the Tools page. */
final class Linker_Report {
	/** Post meta: content links to the post (from other published posts). */
	const META_IN = '_linker_links_in';
	/** Post meta: content links from the post to other pages of the site. */
	const META_OUT = '_linker_links_out';
	/** Transient: the last report, as the server answered it. */
	const CACHE = 'linker_report';
	/** Seconds a report is kept before a list screen asks again. */
	const TTL = 60;
	const PAGE = 'linker-links';
	/** Pages asked for at a time (the server's largest page). */
	const PAGE_SIZE = 1000;

	public static function register() {
		add_action( 'admin_init', array( __CLASS__, 'columns' ) );
		add_action( 'admin_menu', array( __CLASS__, 'menu' ) );
		add_action( 'load-edit.php', array( __CLASS__, 'on_list_screen' ) );
		add_action( 'pre_get_posts', array( __CLASS__, 'query' ) );
		add_action( 'updated_post_meta', array( __CLASS__, 'on_meta' ), 10, 3 );
		add_action( 'added_post_meta', array( __CLASS__, 'on_meta' ), 10, 3 );
	}

	/** A post sent or removed since the report: the next list screen asks the server again. */
	public static function on_meta( $meta_id, $post_id, $key ) {
		if ( Linker_Pages::META_HASH === $key || Linker_Pages::META_STATE === $key ) {
			delete_transient( self::CACHE );
		}
	}

	/**
	 * The server's report (null when it cannot be had: the error is kept for the Tools page).
	 *
	 * @return array|null
	 */
	public static function fetch( $fresh = false ) {
		$cached = get_transient( self::CACHE );
		if ( ! $fresh && is_array( $cached ) ) {
			return $cached;
		}
		$report = null;
		$pages  = array();
		// The report's pages come a thousand at a time; its lists (orphans, broken links …) whole with the first.
		for ( $offset = 0; null === $report || $offset < (int) $report['total']; $offset += self::PAGE_SIZE ) {
			$r = Linker_Client::request( 'GET', '/api/v1/report?limit=' . self::PAGE_SIZE . '&offset=' . $offset, null, Linker_Client::read_key(), array( 'timeout' => 30 ) );
			if ( ! $r['ok'] || ! is_array( $r['body'] ) || ! isset( $r['body']['total'], $r['body']['pages'] ) ) {
				update_option( 'linker_report_error', $r['ok'] ? __( 'The server answered without a report; is it older than this plug-in?', 'linker' ) : $r['error'], false );
				return null;
			}
			$report = null === $report ? $r['body'] : $report;
			$pages  = array_merge( $pages, (array) $r['body']['pages'] );
			if ( ! $r['body']['pages'] ) {
				break;
			}
		}
		$report['pages'] = $pages;
		delete_option( 'linker_report_error' );
		set_transient( self::CACHE, $report, self::TTL );
		self::store( $report );
		return $report;
	}

	/** Post ID by the URL the plug-in last sent for it. */
	private static function posts_by_url() {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT post_id, meta_value FROM {$wpdb->postmeta} WHERE meta_key = %s", Linker_Pages::META_URL ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- one read of a meta key.
		$ids  = array();
		foreach ( $rows as $row ) {
			$ids[ $row->meta_value ] = (int) $row->post_id;
		}
		return $ids;
	}

	/** The report's counts as post meta, written only where they changed. */
	private static function store( array $report ) {
		$ids  = self::posts_by_url();
		$seen = array();
		foreach ( self::pages( $report ) as $p ) {
			if ( ! isset( $ids[ $p['url'] ] ) ) {
				continue;
			}
			$id          = $ids[ $p['url'] ];
			$seen[ $id ] = true;
			foreach ( array(
				self::META_IN  => $p['inbound'],
				self::META_OUT => $p['outbound'],
			) as $key => $value ) {
				if ( (string) get_post_meta( $id, $key, true ) !== (string) $value ) {
					update_post_meta( $id, $key, (int) $value );
				}
			}
		}
		foreach ( $ids as $id ) {
			if ( ! isset( $seen[ $id ] ) ) {
				delete_post_meta( $id, self::META_IN );
				delete_post_meta( $id, self::META_OUT );
			}
		}
	}

	/**
	 * The report's pages, each {url, title, inbound, outbound}.
	 *
	 * @return array<int, array{url: string, title: string, inbound: int, outbound: int}>
	 */
	public static function pages( array $report ) {
		$out = array();
		foreach ( isset( $report['pages'] ) && is_array( $report['pages'] ) ? $report['pages'] : array() as $p ) {
			if ( is_array( $p ) && isset( $p['url'] ) ) {
				$out[] = array(
					'url'      => (string) $p['url'],
					'title'    => isset( $p['title'] ) ? (string) $p['title'] : '',
					'inbound'  => isset( $p['inbound'] ) ? (int) $p['inbound'] : 0,
					'outbound' => isset( $p['outbound'] ) ? (int) $p['outbound'] : 0,
				);
			}
		}
		return $out;
	}

	/** The Posts list of a synced type: the counts brought up to date (at most once a minute, or after a send). */
	public static function on_list_screen() {
		$screen = get_current_screen();
		if ( $screen && in_array( $screen->post_type, Linker_Pages::post_types(), true ) && '' !== Linker_Client::endpoint() ) {
			self::fetch();
		}
	}

	public static function columns() {
		foreach ( Linker_Pages::post_types() as $type ) {
			add_filter( "manage_{$type}_posts_columns", array( __CLASS__, 'add_columns' ) );
			add_action( "manage_{$type}_posts_custom_column", array( __CLASS__, 'column' ), 10, 2 );
			add_filter( "manage_edit-{$type}_sortable_columns", array( __CLASS__, 'sortable' ) );
			add_filter( "views_edit-{$type}", array( __CLASS__, 'views' ) );
		}
	}

	public static function add_columns( $columns ) {
		$columns['linker_in']  = __( 'Links in', 'linker' );
		$columns['linker_out'] = __( 'Links out', 'linker' );
		return $columns;
	}

	public static function column( $column, $post_id ) {
		$key = 'linker_in' === $column ? self::META_IN : ( 'linker_out' === $column ? self::META_OUT : '' );
		if ( '' === $key ) {
			return;
		}
		$value = get_post_meta( $post_id, $key, true );
		echo '' === $value ? '<span aria-hidden="true">—</span>' : esc_html( number_format_i18n( (int) $value ) );
	}

	public static function sortable( $columns ) {
		$columns['linker_in']  = 'linker_in';
		$columns['linker_out'] = 'linker_out';
		return $columns;
	}

	/** "Orphaned (N)": published posts of this type that no content link points to. */
	public static function views( $views ) {
		$type  = isset( $GLOBALS['typenow'] ) && $GLOBALS['typenow'] ? $GLOBALS['typenow'] : 'post';
		$count = self::orphan_count( $type );
		$url   = add_query_arg(
			array(
				'post_type'    => $type,
				'linker_links' => 'orphans',
			),
			admin_url( 'edit.php' )
		);
		$current = isset( $_GET['linker_links'] ) && 'orphans' === $_GET['linker_links']; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a view filter.
		$views['linker_orphans'] = sprintf(
			'<a href="%s" id="linker-orphans-view"%s>%s <span class="count">(%s)</span></a>',
			esc_url( $url ),
			$current ? ' class="current" aria-current="page"' : '',
			esc_html__( 'Orphaned', 'linker' ),
			esc_html( number_format_i18n( $count ) )
		);
		return $views;
	}

	private static function orphan_count( $type ) {
		$q = new WP_Query(
			array(
				'post_type'      => $type,
				'post_status'    => 'publish',
				'fields'         => 'ids',
				'posts_per_page' => 1,
				'meta_query'     => array( self::orphan_clause() ), // phpcs:ignore WordPress.DB.SlowDBQuery -- the view's own filter.
			)
		);
		return (int) $q->found_posts;
	}

	private static function orphan_clause() {
		return array(
			'key'   => self::META_IN,
			'value' => '0',
		);
	}

	/** The Posts list: the Orphaned view's filter, and ordering by a count (posts without one last). */
	public static function query( WP_Query $q ) {
		if ( ! is_admin() || ! $q->is_main_query() ) {
			return;
		}
		if ( isset( $_GET['linker_links'] ) && 'orphans' === $_GET['linker_links'] ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a view filter.
			$q->set( 'post_status', 'publish' );
			$q->set( 'meta_query', array( self::orphan_clause() ) );
		}
		$by = $q->get( 'orderby' );
		if ( 'linker_in' === $by || 'linker_out' === $by ) {
			$key = 'linker_in' === $by ? self::META_IN : self::META_OUT;
			$q->set(
				'meta_query',
				array_merge(
					(array) $q->get( 'meta_query' ),
					array(
						'relation'      => 'AND',
						'linker_count'  => array(
							'relation' => 'OR',
							'linker_has' => array(
								'key'  => $key,
								'type' => 'NUMERIC',
							),
							'linker_none' => array(
								'key'     => $key,
								'compare' => 'NOT EXISTS',
							),
						),
					)
				)
			);
			$q->set( 'orderby', array( 'linker_has' => 'asc' === strtolower( (string) $q->get( 'order' ) ) ? 'ASC' : 'DESC' ) );
		}
	}

	public static function menu() {
		add_management_page( __( 'Link health', 'linker' ), __( 'Link health', 'linker' ), 'edit_posts', self::PAGE, array( __CLASS__, 'render' ) );
	}

	/** A table cell for the page at $url: "Title — URL" for a post of this site, with its edit link when allowed. */
	private static function cell( $url, array $ids ) {
		if ( ! isset( $ids[ $url ] ) ) {
			return array( $url, null );
		}
		$id = $ids[ $url ];
		return array( get_the_title( $id ) . ' — ' . $url, current_user_can( 'edit_post', $id ) ? get_edit_post_link( $id, 'raw' ) : null );
	}

	/** Tools → Link health: the summary, broken links, reciprocal loops and links through redirects. */
	public static function render() {
		if ( ! current_user_can( 'edit_posts' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to see this page.', 'linker' ), 403 );
		}
		$report = self::fetch( true );
		$ids    = self::posts_by_url();
		echo '<div class="wrap"><h1>' . esc_html__( 'Link health', 'linker' ) . '</h1>';
		if ( null === $report ) {
			/* translators: %s: why the report could not be had */
			echo '<div class="notice notice-error"><p>' . esc_html( sprintf( __( 'The Linker server could not give the report: %s', 'linker' ), (string) get_option( 'linker_report_error', '' ) ) ) . '</p></div></div>';
			return;
		}
		$sum     = isset( $report['summary'] ) && is_array( $report['summary'] ) ? $report['summary'] : array();
		$broken  = isset( $report['brokenLinks'] ) && is_array( $report['brokenLinks'] ) ? $report['brokenLinks'] : array();
		$loops   = isset( $report['reciprocal'] ) && is_array( $report['reciprocal'] ) ? $report['reciprocal'] : array();
		$through = isset( $report['redirectLinks'] ) && is_array( $report['redirectLinks'] ) ? $report['redirectLinks'] : array();
		$orphans = isset( $report['orphans'] ) && is_array( $report['orphans'] ) ? $report['orphans'] : array();
		echo '<p id="linker-health-summary">' . esc_html(
			sprintf(
				/* translators: 1: pages, 2: content links, 3: orphaned pages, 4: broken links */
				__( '%1$s pages, %2$s content links, %3$s orphaned, %4$s broken links.', 'linker' ),
				number_format_i18n( count( self::pages( $report ) ) ),
				number_format_i18n( isset( $sum['contentLinks'] ) ? (int) $sum['contentLinks'] : 0 ),
				number_format_i18n( count( $orphans ) ),
				number_format_i18n( count( $broken ) )
			)
		) . ' <a href="' . esc_url( add_query_arg( 'linker_links', 'orphans', admin_url( 'edit.php' ) ) ) . '">' . esc_html__( 'Orphaned posts', 'linker' ) . '</a></p>';
		self::table(
			'linker-broken',
			__( 'Broken internal links', 'linker' ),
			__( 'No link points to a page that is not published.', 'linker' ),
			array( __( 'In post', 'linker' ), __( 'Link text', 'linker' ), __( 'Links to (not published)', 'linker' ) ),
			array_map(
				function ( $b ) use ( $ids ) {
					$source = isset( $b['source'] ) ? (string) $b['source'] : '';
					return array( self::cell( $source, $ids ), isset( $b['anchor'] ) ? (string) $b['anchor'] : '', isset( $b['href'] ) ? (string) $b['href'] : '' );
				},
				$broken
			)
		);
		self::table(
			'linker-reciprocal',
			__( 'Reciprocal links', 'linker' ),
			__( 'No two posts link to each other.', 'linker' ),
			array( __( 'Post', 'linker' ), __( 'Post', 'linker' ) ),
			array_map(
				function ( $l ) use ( $ids ) {
					$a = isset( $l['a'] ) ? (string) $l['a'] : '';
					$b = isset( $l['b'] ) ? (string) $l['b'] : '';
					return array( self::cell( $a, $ids ), self::cell( $b, $ids ) );
				},
				$loops
			)
		);
		self::table(
			'linker-redirects',
			__( 'Links through a redirect', 'linker' ),
			__( 'No link goes through a redirect.', 'linker' ),
			array( __( 'In post', 'linker' ), __( 'Link text', 'linker' ), __( 'Links to (an old address)', 'linker' ) ),
			array_map(
				function ( $r ) use ( $ids ) {
					$source = isset( $r['source'] ) ? (string) $r['source'] : '';
					return array( self::cell( $source, $ids ), isset( $r['anchor'] ) ? (string) $r['anchor'] : '', isset( $r['href'] ) ? (string) $r['href'] : '' );
				},
				$through
			)
		);
		echo '</div>';
	}

	/** One table: a cell is text, or [text, edit link or null]. */
	private static function table( $id, $title, $empty, array $head, array $rows ) {
		echo '<h2>' . esc_html( $title ) . ' <span class="count">(' . esc_html( number_format_i18n( count( $rows ) ) ) . ')</span></h2>';
		if ( ! $rows ) {
			echo '<p id="' . esc_attr( $id ) . '-none">' . esc_html( $empty ) . '</p>';
			return;
		}
		echo '<table class="widefat striped" id="' . esc_attr( $id ) . '"><thead><tr>';
		foreach ( $head as $h ) {
			echo '<th scope="col">' . esc_html( $h ) . '</th>';
		}
		echo '</tr></thead><tbody>';
		foreach ( $rows as $row ) {
			echo '<tr>';
			foreach ( $row as $cell ) {
				if ( is_array( $cell ) ) {
					echo '<td>' . esc_html( $cell[0] ) . ( null !== $cell[1] ? ' <a href="' . esc_url( $cell[1] ) . '">' . esc_html__( 'Edit', 'linker' ) . '</a>' : '' ) . '</td>';
				} else {
					echo '<td>' . esc_html( $cell ) . '</td>';
				}
			}
			echo '</tr>';
		}
		echo '</tbody></table>';
	}
}
