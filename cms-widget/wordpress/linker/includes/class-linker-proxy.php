<?php
/**
 * The editor's requests, answered by WordPress: the <linker-suggestions> element in the editor posts its drafts to
 * these REST routes (same origin, the user's cookie and REST nonce), and WordPress asks the Linker server from PHP with
 * the read key. So the browser never talks to the Linker server: it may listen on 127.0.0.1, with no CORS and no TLS
 * proxy, and the read key is never printed into a page.
 *
 * The routes mirror the server's paths under the namespace linker/v1 (…/wp-json/linker/v1/api/v1/suggestions), so the
 * element, given rest_url( 'linker/v1' ) as its endpoint, asks them as it would ask the server.
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** REST routes that pass the editor's requests to the Linker server. */
final class Linker_Proxy {
	const NAMESPACE_V1 = 'linker/v1';

	/** Seconds WordPress waits for the server: less than the element's own 15 s, so the editor hears why. */
	const TIMEOUT = 12;

	/** Server paths the editor may ask, by route under the namespace. */
	const ROUTES = array(
		'/api/v1/suggestions'         => '/api/v1/suggestions',
		'/api/v1/suggestions/inbound' => '/api/v1/suggestions/inbound',
	);

	public static function register() {
		add_action( 'rest_api_init', array( __CLASS__, 'routes' ) );
	}

	public static function routes() {
		foreach ( self::ROUTES as $route => $path ) {
			register_rest_route(
				self::NAMESPACE_V1,
				$route,
				array(
					'methods'             => 'POST',
					'permission_callback' => array( __CLASS__, 'allowed' ),
					'callback'            => function ( WP_REST_Request $request ) use ( $path ) {
						return self::forward( $path, $request );
					},
				)
			);
		}
	}

	/** Whoever may write posts may ask for suggestions (the server only ever sees the read key). */
	public static function allowed() {
		return current_user_can( 'edit_posts' );
	}

	/** The endpoint the element is given: this site's REST namespace of the plug-in, without a trailing slash. */
	public static function endpoint() {
		return untrailingslashit( rest_url( self::NAMESPACE_V1 ) );
	}

	/**
	 * Sends the request's JSON body to the server with the read key and answers with the server's status and JSON
	 * body; a server that cannot be reached, or answers with something else than JSON, is a 502 in the server's error
	 * shape ({error: {code, message, field}}), which the element shows and retries.
	 */
	public static function forward( $path, WP_REST_Request $request ) {
		$body = json_decode( (string) $request->get_body(), true );
		if ( ! is_array( $body ) ) {
			return self::error( 400, 'bad_request', __( 'The request body must be a JSON object.', 'linker' ) );
		}
		$r = Linker_Client::request( 'POST', $path, $body, Linker_Client::read_key(), array( 'timeout' => self::TIMEOUT ) );
		if ( $r['transport'] ) {
			return self::error( 502, 'unavailable', $r['error'] );
		}
		if ( ! is_array( $r['body'] ) ) {
			/* translators: %d: HTTP status */
			return self::error( 502, 'bad_response', sprintf( __( 'The Linker server answered HTTP %d without JSON.', 'linker' ), $r['status'] ) );
		}
		return new WP_REST_Response( $r['body'], $r['status'] );
	}

	private static function error( $status, $code, $message ) {
		return new WP_REST_Response(
			array(
				'error' => array(
					'code'    => $code,
					'message' => $message,
					'field'   => null,
				),
			),
			$status
		);
	}
}
