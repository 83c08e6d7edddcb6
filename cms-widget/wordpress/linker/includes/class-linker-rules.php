<?php
/**
 * What is left out of the suggestions (post types, categories, single posts) and the language of a post.
 *
 * A post left out is not in the server's index at all: the plug-in deletes it there and does not send it while it
 * stays left out; put back in, it is sent again.
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** The site owner's rules for what the server gets, and each post's language on a multilingual site. */
final class Linker_Rules {
	/** Option: the public post types left out (so a type registered later is synced, as posts are). */
	const TYPES = 'linker_excluded_types';
	/** Option: IDs of the categories left out (their subcategories with them). */
	const CATEGORIES = 'linker_excluded_categories';
	/** Post meta: '1' when the author left this post out. */
	const META_EXCLUDE = '_linker_exclude';

	/** The rules as read from the database by refresh(), or null: then get_option() (this request's own view). */
	private static $fresh = null;

	public static function register() {
		foreach ( array( 'added_option', 'updated_option', 'deleted_option' ) as $hook ) {
			add_action(
				$hook,
				function ( $name ) {
					if ( self::TYPES === $name || self::CATEGORIES === $name ) {
						self::$fresh = null;
					}
				}
			);
		}
		add_action( 'init', array( __CLASS__, 'register_meta' ), 99 );
		foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $hook ) {
			add_action( $hook, array( __CLASS__, 'on_meta' ), 10, 3 );
		}
	}

	/** The per-post switch, readable and writable through the REST API (the block editor saves it as post meta). */
	public static function register_meta() {
		foreach ( Linker_Pages::post_types() as $type ) {
			register_post_meta(
				$type,
				self::META_EXCLUDE,
				array(
					'type'          => 'boolean',
					'single'        => true,
					'default'       => false,
					'show_in_rest'  => true,
					'auth_callback' => function ( $allowed, $key, $post_id ) {
						return current_user_can( 'edit_post', $post_id );
					},
				)
			);
			if ( ! post_type_supports( $type, 'custom-fields' ) ) {
				add_post_type_support( $type, 'custom-fields' ); // else the REST API leaves out the post's meta
			}
		}
	}

	/** The switch turned on or off: the post is sent, or deleted from the server, after the response. */
	public static function on_meta( $meta_id, $post_id, $key ) {
		if ( self::META_EXCLUDE === $key && Linker_Client::syncing() && Linker_Pages::is_public( $post_id ) ) {
			Linker_Queue::add(
				array(
					'kind' => 'post',
					'post' => (int) $post_id,
				)
			);
		}
	}

	/**
	 * Reads the rules from the database again, past this process's option cache: a flush or a sync step that runs for
	 * seconds must see the rules the owner saved meanwhile (else a category put back stays left out).
	 */
	public static function refresh() {
		global $wpdb;
		$rows        = $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name IN (%s, %s)", self::TYPES, self::CATEGORIES ), OBJECT_K );
		self::$fresh = array();
		foreach ( array( self::TYPES, self::CATEGORIES ) as $name ) {
			self::$fresh[ $name ] = isset( $rows[ $name ] ) ? maybe_unserialize( $rows[ $name ]->option_value ) : array();
		}
	}

	private static function option( $name ) {
		return (array) ( null !== self::$fresh ? self::$fresh[ $name ] : get_option( $name, array() ) );
	}

	/** The public post types the owner left out. */
	public static function excluded_types() {
		return array_values( array_filter( self::option( self::TYPES ), 'is_string' ) );
	}

	/** The categories the owner left out (term IDs). */
	public static function excluded_categories() {
		return array_values( array_filter( array_map( 'intval', self::option( self::CATEGORIES ) ) ) );
	}

	/** The post types whose posts the server gets. */
	public static function synced_types() {
		return array_values( array_diff( Linker_Pages::post_types(), self::excluded_types() ) );
	}

	/**
	 * Why a public post is left out of the suggestions, or '' when it is not: its type, a category (or a parent
	 * category) left out, or the author's switch. Filter linker_left_out to decide otherwise.
	 */
	public static function left_out( WP_Post $post ) {
		$why = '';
		if ( in_array( $post->post_type, self::excluded_types(), true ) ) {
			$why = 'type';
		} elseif ( get_post_meta( $post->ID, self::META_EXCLUDE, true ) ) {
			$why = 'post';
		} else {
			$excluded = self::excluded_categories();
			if ( $excluded && is_object_in_taxonomy( $post->post_type, 'category' ) ) {
				foreach ( wp_get_post_categories( $post->ID ) as $cat ) {
					$line = array_merge( array( (int) $cat ), get_ancestors( (int) $cat, 'category', 'taxonomy' ) );
					if ( array_intersect( $line, $excluded ) ) {
						$why = 'category';
						break;
					}
				}
			}
		}
		return (string) apply_filters( 'linker_left_out', $why, $post );
	}

	/**
	 * The post's language as a BCP 47 tag ("fr-FR", "pt-BR") from Polylang (pll_get_post_language) or WPML (the
	 * wpml_post_language_details filter); null on a site without either, where nothing is sent. Filter
	 * linker_language to change it.
	 */
	public static function language( $post_id ) {
		$tag = null;
		if ( function_exists( 'pll_get_post_language' ) ) {
			$locale = pll_get_post_language( $post_id, 'locale' );
			$tag    = $locale ? $locale : pll_get_post_language( $post_id, 'slug' );
		} elseif ( has_filter( 'wpml_post_language_details' ) ) {
			$details = apply_filters( 'wpml_post_language_details', null, $post_id );
			if ( is_array( $details ) ) {
				$tag = ! empty( $details['locale'] ) ? $details['locale'] : ( isset( $details['language_code'] ) ? $details['language_code'] : null );
			}
		}
		$tag = is_string( $tag ) && preg_match( '/^[A-Za-z]{2,8}([_-][A-Za-z0-9]{1,8})*$/', $tag ) ? str_replace( '_', '-', $tag ) : null;
		return apply_filters( 'linker_language', $tag, $post_id );
	}
}
