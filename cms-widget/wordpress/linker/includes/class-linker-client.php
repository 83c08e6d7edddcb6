<?php
/**
 * HTTP calls to the Linker server, with errors a site owner can act on (DNS, TLS, refused, 401 …).
 *
 * @package Linker
 */

defined( 'ABSPATH' ) || exit;

/** The Linker server as WordPress reaches it: its URL and keys, and one request helper. */
final class Linker_Client {
	/** Values used instead of the saved ones while with() runs (endpoint, read, write). */
	private static $typed = array();

	/** Runs $fn with the values typed in the settings form (not saved) instead of the saved ones. */
	public static function with( array $typed, callable $fn ) {
		$saved       = self::$typed;
		self::$typed = $typed;
		try {
			return call_user_func( $fn );
		} finally {
			self::$typed = $saved;
		}
	}

	/** The server's origin, without a trailing slash. */
	public static function endpoint() {
		return untrailingslashit( isset( self::$typed['endpoint'] ) ? self::$typed['endpoint'] : (string) get_option( 'linker_endpoint', LINKER_DEFAULT_ENDPOINT ) );
	}

	/** The read key the editor's sidebar sends (visible to anyone who can edit posts). */
	public static function read_key() {
		return isset( self::$typed['read'] ) ? self::$typed['read'] : (string) get_option( 'linker_api_key', '' );
	}

	/** The write key: an option that is not autoloaded and never printed into a page. */
	public static function write_key() {
		return isset( self::$typed['write'] ) ? self::$typed['write'] : (string) get_option( 'linker_write_key', '' );
	}

	/** Whether the site sends its changes: a server URL and a write key are set. */
	public static function syncing() {
		return '' !== self::write_key() && '' !== self::endpoint();
	}

	/**
	 * One request to the server.
	 *
	 * @param string      $method  HTTP method.
	 * @param string      $path    Path under the server's origin, e.g. /api/v1/pages.
	 * @param array|null  $body    JSON body, or null.
	 * @param string|null $key     Bearer key (null: the write key).
	 * @param array       $args    More wp_remote_request arguments (timeout, headers).
	 * @return array{ok: bool, status: int, body: mixed, error: string, transport: bool}
	 *         transport: the server was not reached (DNS, TLS, refused, timeout).
	 */
	public static function request( $method, $path, $body = null, $key = null, $args = array() ) {
		$key     = null === $key ? self::write_key() : $key;
		$headers = array( 'Accept' => 'application/json' );
		if ( '' !== $key ) {
			$headers['Authorization'] = 'Bearer ' . $key;
		}
		if ( null !== $body ) {
			$headers['Content-Type'] = 'application/json';
		}
		$extra = isset( $args['headers'] ) ? $args['headers'] : array();
		unset( $args['headers'] );
		$request = array_merge(
			array(
				'method'      => $method,
				'timeout'     => 15,
				'redirection' => 0,
				'headers'     => array_merge( $headers, $extra ),
			),
			$args
		);
		if ( null !== $body ) {
			$request['body'] = wp_json_encode( $body );
		}
		$url      = self::endpoint() . $path;
		$response = wp_remote_request( $url, $request );
		if ( is_wp_error( $response ) ) {
			return array(
				'ok'        => false,
				'status'    => 0,
				'body'      => null,
				'error'     => self::transport_error( $url, $response->get_error_message() ),
				'transport' => true,
			);
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		$data   = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		$ok     = $status >= 200 && $status < 300;
		if ( ( ! isset( self::$typed['endpoint'] ) || self::$typed['endpoint'] === untrailingslashit( (string) get_option( 'linker_endpoint', LINKER_DEFAULT_ENDPOINT ) ) ) && $status < 500 && ! in_array( $status, array( 401, 408, 429 ), true ) ) {
			do_action( 'linker_server_reached' ); // the changes waiting for it can go now
		}
		return array(
			'ok'        => $ok,
			'status'    => $status,
			'body'      => $data,
			'error'     => $ok ? '' : self::status_error( $status, $data ),
			'transport' => false,
		);
	}

	/** What a transport failure means, in words, with WordPress's own message after it. */
	public static function transport_error( $url, $message ) {
		$host = (string) wp_parse_url( $url, PHP_URL_HOST );
		$port = (string) wp_parse_url( $url, PHP_URL_PORT );
		$m    = strtolower( $message );
		if ( false !== strpos( $m, 'resolve host' ) || false !== strpos( $m, 'getaddrinfo' ) || false !== strpos( $m, 'name or service not known' ) || false !== strpos( $m, 'no address associated' ) ) {
			/* translators: 1: host name, 2: the error message */
			return sprintf( __( 'DNS: the name %1$s does not resolve (%2$s)', 'linker' ), $host, $message );
		}
		if ( false !== strpos( $m, 'ssl' ) || false !== strpos( $m, 'certificate' ) || false !== strpos( $m, 'tls' ) ) {
			/* translators: 1: host name, 2: the error message */
			return sprintf( __( 'TLS: the secure connection to %1$s failed (%2$s)', 'linker' ), $host, $message );
		}
		if ( false !== strpos( $m, 'refused' ) || false !== strpos( $m, 'failed to connect' ) ) {
			/* translators: 1: host:port, 2: the error message */
			return sprintf( __( 'Connection refused: nothing answers at %1$s; is `linker serve` running? (%2$s)', 'linker' ), $host . ( '' !== $port ? ':' . $port : '' ), $message );
		}
		if ( false !== strpos( $m, 'timed out' ) || false !== strpos( $m, 'timeout' ) ) {
			/* translators: 1: host name, 2: the error message */
			return sprintf( __( 'Timeout: %1$s did not answer in time (%2$s)', 'linker' ), $host, $message );
		}
		if ( false !== strpos( $m, 'blocked' ) ) {
			/* translators: 1: host name, 2: the error message */
			return sprintf( __( 'Blocked by WordPress: WP_HTTP_BLOCK_EXTERNAL is set; add %1$s to WP_ACCESSIBLE_HOSTS (%2$s)', 'linker' ), $host, $message );
		}
		/* translators: 1: URL, 2: the error message */
		return sprintf( __( 'The server at %1$s could not be reached: %2$s', 'linker' ), $url, $message );
	}

	/** What an HTTP error answer means, with the server's own code and message. */
	public static function status_error( $status, $data ) {
		$said = '';
		if ( is_array( $data ) && isset( $data['error']['message'] ) ) {
			$said = (string) $data['error']['message'];
			if ( isset( $data['error']['field'] ) && null !== $data['error']['field'] ) {
				$said .= ' [' . $data['error']['field'] . ']';
			}
		}
		if ( 401 === $status ) {
			/* translators: %s: the server's message */
			return sprintf( __( '401 Unauthorized: the server refused the key (%s)', 'linker' ), $said );
		}
		/* translators: 1: HTTP status, 2: the server's message */
		return sprintf( __( 'HTTP %1$d: %2$s', 'linker' ), $status, '' !== $said ? $said : __( 'no message', 'linker' ) );
	}
}
