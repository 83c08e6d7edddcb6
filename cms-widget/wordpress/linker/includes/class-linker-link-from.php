<?php
/**
 * "Link to this post", written: the REST routes behind the editor's "Add link" on an inbound suggestion. The phrase
 * the Linker server found in another post's text becomes a link to the post being edited, in that post's content
 * (block or Classic alike), saved by wp_update_post as a new revision; Undo restores the revision before.
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** Finds a phrase in a post's content as the reader sees it, wraps it in a link, and saves it as a revision. */
final class Linker_Link_From {
	const REST_NAMESPACE = 'linker/v1';

	/** Elements inside which no link may go, and what to call them in a message. */
	const NO_LINK_INSIDE = array(
		'a'      => 'link',
		'h1'     => 'heading',
		'h2'     => 'heading',
		'h3'     => 'heading',
		'h4'     => 'heading',
		'h5'     => 'heading',
		'h6'     => 'heading',
		'code'   => 'code',
		'pre'    => 'code',
		'kbd'    => 'code',
		'samp'   => 'code',
		'button' => 'button',
	);

	/** Elements whose content is never text a reader sees (skipped whole). */
	const SKIPPED = array( 'script', 'style', 'textarea', 'template', 'noscript', 'svg', 'math', 'iframe', 'object' );

	/** Elements that end a run of text (a phrase never crosses them). */
	const BLOCK_LEVEL = array( 'p', 'div', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'blockquote', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'section', 'article', 'header', 'footer', 'aside', 'nav', 'hr', 'br', 'img', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'details', 'summary', 'main', 'address' );

	/** Elements that have no closing tag. */
	const VOID = array( 'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr' );

	public static function register() {
		add_action( 'rest_api_init', array( __CLASS__, 'routes' ) );
	}

	public static function routes() {
		$can_edit = function () {
			return current_user_can( 'edit_posts' );
		};
		register_rest_route(
			self::REST_NAMESPACE,
			'/link-from',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'link_from' ),
				'permission_callback' => $can_edit,
				'args'                => array(
					'source'      => array(
						'type'     => 'string',
						'required' => true,
					),
					'anchor'      => array(
						'type'     => 'string',
						'required' => true,
					),
					'sentence'    => array(
						'type'    => 'string',
						'default' => '',
					),
					'offset'      => array(
						'type'    => 'integer',
						'default' => -1,
					),
					'target'      => array(
						'type'    => 'string',
						'default' => '',
					),
					'target_post' => array(
						'type'    => 'integer',
						'default' => 0,
					),
				),
			)
		);
		register_rest_route(
			self::REST_NAMESPACE,
			'/link-from/undo',
			array(
				'methods'             => 'POST',
				'callback'            => array( __CLASS__, 'undo' ),
				'permission_callback' => $can_edit,
				'args'                => array(
					'post'     => array(
						'type'     => 'integer',
						'required' => true,
					),
					'before'   => array(
						'type'     => 'integer',
						'required' => true,
					),
					'revision' => array(
						'type'     => 'integer',
						'required' => true,
					),
				),
			)
		);
	}

	/**
	 * POST linker/v1/link-from: links `anchor` (in `sentence`) of the post at `source` to `target` — the permalink of
	 * `target_post` when given (which must be published), else the URL as sent.
	 */
	public static function link_from( WP_REST_Request $request ) {
		$source = trim( (string) $request['source'] );
		$target = trim( (string) $request['target'] );
		$into   = (int) $request['target_post'];
		if ( $into > 0 ) {
			$target_post = get_post( $into );
			if ( ! $target_post ) {
				return self::error( 'linker_target_unknown', __( 'The post to link to no longer exists.', 'linker' ), 404 );
			}
			if ( 'publish' !== $target_post->post_status ) {
				return self::error( 'linker_target_unpublished', __( 'Publish this post first: a link to it would lead readers to a page that does not exist yet.', 'linker' ), 409 );
			}
			$target = get_permalink( $target_post );
		}
		if ( ! preg_match( '#^https?://#i', $target ) || '' === esc_url_raw( $target ) ) {
			return self::error( 'linker_bad_target', __( 'The address to link to is missing or not an http(s) URL: publish this post first.', 'linker' ), 400 );
		}
		$id = self::find_post( $source );
		if ( ! $id ) {
			/* translators: %s: the address of the page the link should go in. */
			return self::error( 'linker_source_unknown', sprintf( __( 'No post of this site has the address %s: link it by hand there.', 'linker' ), $source ), 404 );
		}
		if ( $into > 0 && $id === $into ) {
			return self::error( 'linker_same_post', __( 'A post does not link to itself.', 'linker' ), 400 );
		}
		$post  = get_post( $id );
		$title = self::title( $post );
		if ( ! current_user_can( 'edit_post', $id ) ) {
			return self::error(
				'linker_forbidden',
				current_user_can( 'read_post', $id )
					/* translators: %s: post title. */
					? sprintf( __( 'You are not allowed to edit “%s”, so no link was added to it.', 'linker' ), $title )
					: __( 'You are not allowed to edit that post, so no link was added to it.', 'linker' ),
				403
			);
		}
		$before  = (string) $post->post_content;
		$wrapped = self::wrap( $before, (string) $request['sentence'], (string) $request['anchor'], $target, (int) $request['offset'] );
		if ( is_wp_error( $wrapped ) ) {
			$data = $wrapped->get_error_data();
			/* translators: 1: post title, 2: what went wrong. */
			return self::error( $wrapped->get_error_code(), sprintf( __( '“%1$s”: %2$s. Nothing was changed.', 'linker' ), $title, $wrapped->get_error_message() ), $data['status'] );
		}
		// The content as it is now, kept as a revision unless the latest one holds it already: Undo restores it.
		wp_save_post_revision( $id );
		$kept = self::latest_revision( $id );
		$r    = wp_update_post(
			wp_slash(
				array(
					'ID'           => $id,
					'post_content' => $wrapped,
				)
			),
			true
		);
		if ( is_wp_error( $r ) ) {
			/* translators: 1: post title, 2: WordPress's reason. */
			return self::error( 'linker_save_failed', sprintf( __( '“%1$s” could not be saved: %2$s', 'linker' ), $title, $r->get_error_message() ), 500 );
		}
		$saved = (string) get_post_field( 'post_content', $id, 'raw' );
		$after = self::latest_revision( $id );
		$undo  = $kept && $after && $kept->ID !== $after->ID && $kept->post_content === $before && $after->post_content === $saved;
		return rest_ensure_response(
			array(
				'post'     => $id,
				'title'    => $title,
				'source'   => $source,
				'target'   => $target,
				'revision' => $after ? $after->ID : null,
				'before'   => $undo ? $kept->ID : null,
				'edit'     => get_edit_post_link( $id, 'raw' ),
				'message'  => $undo
					/* translators: 1: post title, 2: revision ID. */
					? sprintf( __( '“%1$s” now links here (revision %2$d).', 'linker' ), $title, $after->ID )
					/* translators: %s: post title. */
					: sprintf( __( '“%s” now links here (it keeps no revisions: undo it by hand).', 'linker' ), $title ),
			)
		);
	}

	/**
	 * POST linker/v1/link-from/undo: restores revision `before` of `post`, provided the post is still as `revision`
	 * (the one the link made) left it.
	 */
	public static function undo( WP_REST_Request $request ) {
		$id   = (int) $request['post'];
		$post = get_post( $id );
		if ( ! $post ) {
			return self::error( 'linker_source_unknown', __( 'That post no longer exists.', 'linker' ), 404 );
		}
		$title = self::title( $post );
		if ( ! current_user_can( 'edit_post', $id ) ) {
			/* translators: %s: post title. */
			return self::error( 'linker_forbidden', sprintf( __( 'You are not allowed to edit “%s”.', 'linker' ), $title ), 403 );
		}
		$before = (int) $request['before']; // wp_get_post_revision() takes its argument by reference
		$after  = (int) $request['revision'];
		$before = wp_get_post_revision( $before );
		$after  = wp_get_post_revision( $after );
		if ( ! $before || ! $after || (int) $before->post_parent !== $id || (int) $after->post_parent !== $id ) {
			/* translators: %s: post title. */
			return self::error( 'linker_bad_revision', sprintf( __( 'Those are not revisions of “%s”.', 'linker' ), $title ), 400 );
		}
		if ( (string) $post->post_content !== (string) $after->post_content || (string) $post->post_title !== (string) $after->post_title ) {
			/* translators: %s: post title. */
			return self::error( 'linker_changed_since', sprintf( __( '“%s” changed since the link was added, so nothing was undone: its Revisions screen has the version before.', 'linker' ), $title ), 409 );
		}
		if ( ! wp_restore_post_revision( $before->ID ) ) {
			/* translators: %s: post title. */
			return self::error( 'linker_save_failed', sprintf( __( '“%s” could not be restored.', 'linker' ), $title ), 500 );
		}
		$now = self::latest_revision( $id );
		return rest_ensure_response(
			array(
				'post'     => $id,
				'restored' => $before->ID,
				'revision' => $now ? $now->ID : null,
				/* translators: 1: post title, 2: revision ID. */
				'message'  => sprintf( __( 'Link removed: “%1$s” is back as it was (revision %2$d restored).', 'linker' ), $title, $before->ID ),
			)
		);
	}

	/**
	 * The post at a URL the Linker server knows: the one this plug-in sent under that URL (post meta, so a post found
	 * even after a permalink change the server has not heard of yet), else WordPress's own url_to_postid(). 0 if none.
	 */
	public static function find_post( $url ) {
		$url = trim( (string) $url );
		if ( '' === $url ) {
			return 0;
		}
		foreach ( array_unique( array( $url, trailingslashit( $url ), untrailingslashit( $url ) ) ) as $candidate ) {
			$ids = get_posts(
				array(
					'post_type'        => Linker_Pages::post_types(),
					'post_status'      => 'any',
					'meta_key'         => Linker_Pages::META_URL, // phpcs:ignore WordPress.DB.SlowDBQuery -- one indexed lookup per click.
					'meta_value'       => $candidate, // phpcs:ignore WordPress.DB.SlowDBQuery
					'fields'           => 'ids',
					'posts_per_page'   => 1,
					'suppress_filters' => true,
				)
			);
			if ( $ids ) {
				return (int) $ids[0];
			}
		}
		return (int) url_to_postid( $url );
	}

	/**
	 * Links `$phrase` of `$sentence` in `$content` to `$target`: the content with `<a href="target">…</a>` around
	 * the phrase, or a WP_Error saying why not (status 409: the sentence or phrase is no longer there, it sits only
	 * inside a link, heading or code, or the content links to the target already).
	 *
	 * The phrase is looked for in the text a reader sees (HTML comments — block delimiters — scripts and styles left
	 * out, entities decoded), compared on letters and digits only, so the server's copy of the text (from the_content,
	 * with curly quotes and dashes) matches the raw content; near `$offset` (the phrase's place in the sentence) when it
	 * occurs more than once. It is never linked inside an existing link, a heading, code or a button, nor where the
	 * link would cross the edge of an element or a shortcode.
	 *
	 * @param string $content  Post content (block markup or Classic HTML).
	 * @param string $sentence The sentence holding the phrase, as the server has it ('' for anywhere).
	 * @param string $phrase   The words to link.
	 * @param string $target   The URL the link goes to.
	 * @param int    $offset   Where the phrase starts in the sentence, or -1.
	 * @return string|WP_Error
	 */
	public static function wrap( $content, $sentence, $phrase, $target, $offset = -1 ) {
		$needle = self::fold( $phrase );
		if ( '' === $needle ) {
			return new WP_Error( 'linker_bad_phrase', __( 'the phrase to link has no words', 'linker' ), array( 'status' => 400 ) );
		}
		if ( self::links_to( $content, $target ) ) {
			return new WP_Error( 'linker_already_linked', __( 'it links to this post already', 'linker' ), array( 'status' => 409 ) );
		}
		$text  = self::visible( $content );
		$hay   = $text['hay'];
		$spans = array();
		$where = self::fold( $sentence );
		if ( '' === $where ) {
			$spans[] = array( 0, strlen( $hay ) );
		} else {
			foreach ( self::occurrences( $hay, $where ) as $at ) {
				$spans[] = array( $at, $at + strlen( $where ) );
			}
		}
		if ( ! $spans ) {
			return new WP_Error( 'linker_source_changed', __( 'the source changed since the suggestion (that sentence is no longer there)', 'linker' ), array( 'status' => 409 ) );
		}
		$hint       = $offset >= 0 ? strlen( self::fold( mb_substr( $sentence, 0, $offset, 'UTF-8' ) . 'x' ) ) - 1 : 0;
		$candidates = array();
		foreach ( $spans as $span ) {
			foreach ( self::occurrences( $hay, $needle, $span[0], $span[1] ) as $at ) {
				$candidates[] = array( $at, abs( $at - $span[0] - $hint ) );
			}
		}
		usort(
			$candidates,
			function ( $a, $b ) {
				return $a[1] - $b[1];
			}
		);
		$blocked = '';
		foreach ( $candidates as $candidate ) {
			$first = $text['unit'][ $candidate[0] ];
			$last  = $text['unit'][ $candidate[0] + strlen( $needle ) - 1 ];
			$why   = '';
			for ( $u = $first; $u <= $last && '' === $why; $u++ ) {
				$why = $text['why'][ $u ];
			}
			$start = $text['from'][ $first ];
			$end   = $text['to'][ $last ];
			if ( '' === $why ) {
				list( $start, $end ) = self::widen( $content, $start, $end );
				if ( $start < 0 ) {
					$why = 'edge';
				}
			}
			if ( '' !== $why ) {
				$blocked = '' === $blocked ? $why : $blocked;
				continue;
			}
			return substr( $content, 0, $start ) . '<a href="' . esc_url( $target ) . '">' . substr( $content, $start, $end - $start ) . '</a>' . substr( $content, $end );
		}
		if ( '' !== $blocked ) {
			$where_words = array(
				'link'    => __( 'the phrase is inside an existing link', 'linker' ),
				'heading' => __( 'the phrase is in a heading, where no link goes', 'linker' ),
				'code'    => __( 'the phrase is in code, where no link goes', 'linker' ),
				'button'  => __( 'the phrase is on a button, where no link goes', 'linker' ),
				'edge'    => __( 'the phrase crosses the edge of its formatting, so a link cannot wrap it', 'linker' ),
			);
			return new WP_Error( 'linker_phrase_blocked', $where_words[ $blocked ], array( 'status' => 409 ) );
		}
		return new WP_Error( 'linker_source_changed', __( 'the source changed since the suggestion (the phrase is no longer in that sentence)', 'linker' ), array( 'status' => 409 ) );
	}

	/** Text folded for comparison: letters and digits lower-cased, every other run of characters one space, trimmed. */
	public static function fold( $text ) {
		$text = html_entity_decode( (string) $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		$text = preg_replace( '/[^\p{L}\p{N}]+/u', ' ', $text );
		return trim( self::lower( (string) $text ) );
	}

	/** Lower case: every letter with mbstring, ASCII letters without (the same either way for both texts compared). */
	private static function lower( $text ) {
		return function_exists( 'mb_strtolower' ) ? mb_strtolower( $text, 'UTF-8' ) : strtolower( $text );
	}

	/** Whether the content has a link to `$url` (with or without its trailing slash; a #fragment or ?query may follow). */
	private static function links_to( $content, $url ) {
		$bare = preg_quote( untrailingslashit( $url ), '#' );
		return (bool) preg_match( '#\bhref\s*=\s*(["\'])(?:' . $bare . '|' . preg_quote( esc_url( untrailingslashit( $url ) ), '#' ) . ')/?(?:[?\#][^"\']*)?\1#i', $content );
	}

	/** Byte offsets in `$hay` where `$needle` occurs as whole words, between `$from` and `$to`. */
	private static function occurrences( $hay, $needle, $from = 0, $to = null ) {
		$to  = null === $to ? strlen( $hay ) : $to;
		$out = array();
		$len = strlen( $needle );
		for ( $at = strpos( $hay, $needle, $from ); false !== $at && $at + $len <= $to; $at = strpos( $hay, $needle, $at + 1 ) ) {
			if ( ( 0 === $at || ' ' === $hay[ $at - 1 ] ) && ( $at + $len === strlen( $hay ) || ' ' === $hay[ $at + $len ] ) ) {
				$out[] = $at;
			}
		}
		return $out;
	}

	/**
	 * The text a reader sees in `$content`, folded as fold() folds it: `hay` (the folded text), and per character unit
	 * its byte range in the content (`from`, `to`) and why no link may go there (`why`: '' or link, heading, code,
	 * button); `unit` maps each byte of `hay` to its unit.
	 */
	private static function visible( $content ) {
		$out       = array(
			'hay'  => '',
			'unit' => array(),
			'from' => array(),
			'to'   => array(),
			'why'  => array(),
		);
		$open      = array(); // elements open around the text that forbid a link in it
		$shortcode = self::shortcode_pattern();
		$len       = strlen( $content );
		$i         = 0;
		while ( $i < $len ) {
			$c = $content[ $i ];
			if ( '<' === $c ) {
				if ( '<!--' === substr( $content, $i, 4 ) ) { // a comment, as block delimiters are: never text
					$end = strpos( $content, '-->', $i + 4 );
					$i   = false === $end ? $len : $end + 3;
					self::gap( $out, $i );
					continue;
				}
				if ( preg_match( '#\G<(/?)([a-zA-Z][a-zA-Z0-9-]*)(?:[^>"\']|"[^"]*"|\'[^\']*\')*>#', $content, $m, 0, $i ) ) {
					$name = strtolower( $m[2] );
					$i   += strlen( $m[0] );
					if ( '' === $m[1] && in_array( $name, self::SKIPPED, true ) && '/' !== substr( $m[0], -2, 1 ) ) {
						$i = preg_match( '#</' . $name . '\s*>#i', $content, $close, PREG_OFFSET_CAPTURE, $i ) ? $close[0][1] + strlen( $close[0][0] ) : $len;
					} elseif ( isset( self::NO_LINK_INSIDE[ $name ] ) && '/' !== substr( $m[0], -2, 1 ) ) {
						if ( '' === $m[1] ) {
							$open[] = $name;
						} else {
							$at = array_search( $name, array_reverse( $open, true ), true );
							if ( false !== $at ) {
								array_splice( $open, $at );
							}
						}
					}
					if ( in_array( $name, self::BLOCK_LEVEL, true ) || in_array( $name, self::SKIPPED, true ) ) {
						self::gap( $out, $i );
					}
					continue;
				}
			}
			if ( '[' === $c && '' !== $shortcode && preg_match( $shortcode, $content, $m, 0, $i ) ) {
				$i += strlen( $m[0] );
				self::gap( $out, $i );
				continue;
			}
			if ( '&' === $c && preg_match( '/\G&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/', $content, $m, 0, $i ) ) {
				$bytes = strlen( $m[0] );
				$char  = html_entity_decode( $m[0], ENT_QUOTES | ENT_HTML5, 'UTF-8' );
			} else {
				$o     = ord( $c );
				$bytes = $o < 0x80 ? 1 : ( $o >= 0xF0 ? 4 : ( $o >= 0xE0 ? 3 : ( $o >= 0xC0 ? 2 : 1 ) ) );
				$char  = substr( $content, $i, $bytes );
			}
			$why = '';
			if ( $open ) {
				$why = self::NO_LINK_INSIDE[ end( $open ) ];
			}
			self::add( $out, $char, $i, $i + $bytes, $why );
			$i += $bytes;
		}
		return $out;
	}

	/** Adds one character of the content: a letter or digit lower-cased, anything else as one space between words. */
	private static function add( array &$out, $char, $from, $to, $why ) {
		if ( ! preg_match( '/^[\p{L}\p{N}]$/u', $char ) ) {
			self::gap( $out, $to );
			return;
		}
		foreach ( preg_split( '//u', self::lower( $char ), -1, PREG_SPLIT_NO_EMPTY ) as $folded ) {
			$n = count( $out['from'] );
			for ( $b = 0, $bytes = strlen( $folded ); $b < $bytes; $b++ ) {
				$out['unit'][] = $n;
			}
			$out['hay']   .= $folded;
			$out['from'][] = $from;
			$out['to'][]   = $to;
			$out['why'][]  = $why;
		}
	}

	/** A break between words (one space, never two; none at the start). */
	private static function gap( array &$out, $at ) {
		if ( '' === $out['hay'] || ' ' === substr( $out['hay'], -1 ) ) {
			return;
		}
		$out['unit'][] = count( $out['from'] );
		$out['hay']   .= ' ';
		$out['from'][] = $at;
		$out['to'][]   = $at;
		$out['why'][]  = '';
	}

	/**
	 * The byte range to wrap: [start, end) itself when it opens and closes its elements, else widened over the tags
	 * right before and after it ("<strong>low</strong> brace" for "low brace" whose first word is bold), so the link
	 * holds whole elements; array( -1, -1 ) when it cannot (the phrase starts or ends inside an element's text).
	 */
	private static function widen( $content, $start, $end ) {
		$inline = function ( $name ) {
			$name = strtolower( $name );
			return ! in_array( $name, self::BLOCK_LEVEL, true ) && ! isset( self::NO_LINK_INSIDE[ $name ] ) && ! in_array( $name, self::SKIPPED, true );
		};
		for ( $step = 0; $step < 8; $step++ ) {
			if ( self::balanced( substr( $content, $start, $end - $start ) ) ) {
				return array( $start, $end );
			}
			if ( preg_match( '#<([a-zA-Z][a-zA-Z0-9-]*)(?:[^>"\']|"[^"]*"|\'[^\']*\')*>$#', substr( $content, max( 0, $start - 500 ), min( 500, $start ) ), $m ) && $inline( $m[1] ) ) {
				$start -= strlen( $m[0] );
			} elseif ( preg_match( '#\G</([a-zA-Z][a-zA-Z0-9-]*)\s*>#', $content, $m, 0, $end ) && $inline( $m[1] ) ) {
				$end += strlen( $m[0] );
			} else {
				break;
			}
		}
		return array( -1, -1 );
	}

	/** Whether an HTML fragment opens and closes its elements itself (a link around it keeps the markup valid). */
	private static function balanced( $html ) {
		if ( false !== strpos( $html, '<!--' ) ) {
			return false;
		}
		$shortcode = self::shortcode_pattern();
		if ( '' !== $shortcode && preg_match( str_replace( '\G', '', $shortcode ), $html ) ) {
			return false;
		}
		preg_match_all( '#<(/?)([a-zA-Z][a-zA-Z0-9-]*)(?:[^>"\']|"[^"]*"|\'[^\']*\')*>#', $html, $tags, PREG_SET_ORDER );
		$open = array();
		foreach ( $tags as $tag ) {
			$name = strtolower( $tag[2] );
			if ( in_array( $name, self::VOID, true ) || '/' === substr( $tag[0], -2, 1 ) ) {
				continue;
			}
			if ( '' === $tag[1] ) {
				$open[] = $name;
			} elseif ( array_pop( $open ) !== $name ) {
				return false;
			}
		}
		return ! $open;
	}

	/** A pattern for the opening and closing tags of the registered shortcodes at the current offset; '' when none. */
	private static function shortcode_pattern() {
		global $shortcode_tags;
		if ( empty( $shortcode_tags ) || ! is_array( $shortcode_tags ) ) {
			return '';
		}
		$names = implode( '|', array_map( 'preg_quote', array_keys( $shortcode_tags ) ) );
		return '#\G\[/?(?:' . $names . ')(?![\w-])[^\]]*\]#';
	}

	private static function latest_revision( $id ) {
		$revisions = wp_get_post_revisions(
			$id,
			array(
				'posts_per_page' => 1,
				'orderby'        => 'ID',
				'order'          => 'DESC',
			)
		);
		return $revisions ? reset( $revisions ) : null;
	}

	private static function title( WP_Post $post ) {
		$title = html_entity_decode( get_the_title( $post ), ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		return '' === $title ? sprintf( '#%d', $post->ID ) : $title;
	}

	private static function error( $code, $message, $status ) {
		return new WP_Error( $code, $message, array( 'status' => $status ) );
	}
}
