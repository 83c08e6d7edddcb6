<?php
/**
 * A post as the Linker server indexes it: URL, title, the content as the site shows it, its internal links, category
 * path and date.
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** Which posts are pages of the site, and what the server is told about each. */
final class Linker_Pages {
	/** Post meta: the URL last sent for the post (a changed permalink sends a redirect from it). */
	const META_URL = '_linker_url';
	/** Post meta: 'live' once sent, 'killed' once its removal was sent, 'out' once deleted as left out. */
	const META_STATE = '_linker_state';
	/** Post meta: hash of what was last sent, so a whole-site sync sends only what changed. */
	const META_HASH = '_linker_hash';

	/** The public post types (posts, pages, public custom post types), without attachments; filter linker_post_types. */
	public static function post_types() {
		$types = get_post_types( array( 'public' => true ), 'names' );
		unset( $types['attachment'] );
		return array_values( (array) apply_filters( 'linker_post_types', array_values( $types ) ) );
	}

	/** Whether the post is a page anyone can read: published, of a public type, without a password (left out or not). */
	public static function is_public( $post ) {
		$post = get_post( $post );
		return $post instanceof WP_Post && 'publish' === $post->post_status && '' === $post->post_password
			&& in_array( $post->post_type, self::post_types(), true );
	}

	/** The page for PUT /api/v1/pages (filter linker_page to change it). */
	public static function page( WP_Post $post ) {
		$previous        = isset( $GLOBALS['post'] ) ? $GLOBALS['post'] : null;
		$GLOBALS['post'] = $post; // phpcs:ignore WordPress.WP.GlobalVariablesOverride -- the_content reads it.
		setup_postdata( $post );
		$html = apply_filters( 'the_content', $post->post_content );
		$GLOBALS['post'] = $previous; // phpcs:ignore WordPress.WP.GlobalVariablesOverride
		if ( $previous instanceof WP_Post ) {
			setup_postdata( $previous );
		}
		$page     = array(
			'url'      => get_permalink( $post ),
			'title'    => self::plain( get_the_title( $post ) ),
			'text'     => self::text( (string) $html ),
			'links'    => self::links( (string) $html ),
			'category' => self::category( $post ),
			'date'     => get_post_time( 'c', true, $post ),
			'modified' => get_post_modified_time( 'c', true, $post ),
		);
		if ( '' === $page['category'] ) {
			unset( $page['category'] );
		}
		$language = Linker_Rules::language( $post->ID );
		if ( null !== $language ) {
			$page['language'] = $language;
		}
		return (array) apply_filters( 'linker_page', $page, $post );
	}

	/** Links of a page's content at most (the server's own limit is higher). */
	const MAX_LINKS = 1000;

	/**
	 * The internal links of the content as a reader sees it: each {href, anchor} with the href as written (relative, or
	 * absolute on this site's host) and the link's text (an image's alt when it has no text). Other hosts, mailto:,
	 * tel: and javascript: are left out; the server resolves each href against the page's URL.
	 */
	public static function links( $html ) {
		$host  = strtolower( (string) wp_parse_url( home_url(), PHP_URL_HOST ) );
		$links = array();
		if ( ! preg_match_all( '#<a\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|\'([^\']*)\'|([^\s>]+))[^>]*>(.*?)</a\s*>#is', $html, $m, PREG_SET_ORDER ) ) {
			return $links;
		}
		foreach ( $m as $a ) {
			$href = trim( self::plain( '' !== $a[1] ? $a[1] : ( '' !== $a[2] ? $a[2] : ( isset( $a[3] ) ? $a[3] : '' ) ) ) );
			if ( '' === $href || '#' === $href[0] || preg_match( '#^(mailto|tel|javascript|data):#i', $href ) ) {
				continue;
			}
			if ( preg_match( '#^([a-z][a-z0-9+.-]*:)?//#i', $href ) ) {
				$h = strtolower( (string) wp_parse_url( $href, PHP_URL_HOST ) );
				if ( $h !== $host ) {
					continue;
				}
			}
			$anchor = trim( preg_replace( '/\s+/u', ' ', self::plain( wp_strip_all_tags( $a[4] ) ) ) );
			if ( '' === $anchor && preg_match( '#<img\s[^>]*\balt\s*=\s*(?:"([^"]*)"|\'([^\']*)\')#i', $a[4], $img ) ) {
				$anchor = trim( self::plain( '' !== $img[1] ? $img[1] : $img[2] ) );
			}
			$links[] = array(
				'href'   => $href,
				'anchor' => $anchor,
			);
			if ( count( $links ) >= self::MAX_LINKS ) {
				break;
			}
		}
		return $links;
	}

	/** The hash kept in post meta: of everything sent but the modification time (a re-save alone changes nothing). */
	public static function hash( array $page ) {
		unset( $page['modified'] );
		return md5( (string) wp_json_encode( $page ) );
	}

	/** HTML as text: blocks become paragraphs, scripts and styles go, entities are decoded. */
	public static function text( $html ) {
		$html = preg_replace( '#<(script|style)\b[^>]*>.*?</\1>#is', ' ', $html );
		$html = preg_replace( '#<br\s*/?>#i', "\n", $html );
		$html = preg_replace( '#</?(p|div|h[1-6]|li|ul|ol|dl|dt|dd|blockquote|pre|figure|figcaption|table|thead|tbody|tr|td|th|section|article|header|footer|aside|nav|hr)\b[^>]*>#i', "\n\n", $html );
		$text = self::plain( wp_strip_all_tags( $html ) );
		$text = preg_replace( '/[ \t\x{00A0}]+/u', ' ', $text );
		$text = preg_replace( '/ *\n */', "\n", $text );
		return trim( preg_replace( '/\n{3,}/', "\n\n", $text ) );
	}

	private static function plain( $s ) {
		return html_entity_decode( (string) $s, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
	}

	/**
	 * The category path: a page's parents (/guides/espresso/); for other types the deepest term of its first
	 * hierarchical taxonomy with its ancestors (/coffee/espresso/), else its first tag (/tag/grinders/).
	 */
	public static function category( WP_Post $post ) {
		if ( is_post_type_hierarchical( $post->post_type ) ) {
			$slugs = array();
			foreach ( array_reverse( get_post_ancestors( $post ) ) as $id ) {
				$slugs[] = get_post_field( 'post_name', $id );
			}
			return $slugs ? '/' . implode( '/', $slugs ) . '/' : '';
		}
		foreach ( get_object_taxonomies( $post->post_type, 'objects' ) as $tax ) {
			if ( ! $tax->public || ! $tax->hierarchical || 'post_format' === $tax->name ) {
				continue;
			}
			$terms = get_the_terms( $post, $tax->name );
			if ( ! is_array( $terms ) || ! $terms ) {
				continue;
			}
			$best = null;
			$path = array();
			foreach ( $terms as $term ) {
				$chain = array_reverse( get_ancestors( $term->term_id, $tax->name, 'taxonomy' ) );
				if ( null === $best || count( $chain ) > count( $path ) ) {
					$best = $term;
					$path = $chain;
				}
			}
			$slugs = array();
			foreach ( $path as $id ) {
				$t = get_term( $id, $tax->name );
				if ( $t && ! is_wp_error( $t ) ) {
					$slugs[] = $t->slug;
				}
			}
			$slugs[] = $best->slug;
			return '/' . implode( '/', $slugs ) . '/';
		}
		$tags = get_the_terms( $post, 'post_tag' );
		return is_array( $tags ) && $tags ? '/tag/' . $tags[0]->slug . '/' : '';
	}
}
