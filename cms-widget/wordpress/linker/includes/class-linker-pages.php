<?php
/**
 * A post as the Linker server indexes it: URL, title, the content as the site shows it, category path and date.
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
