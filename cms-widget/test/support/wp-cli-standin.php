<?php
// WP-CLI's own API as `wp linker …` uses it — add_command, log, success, warning, error and a progress bar — so the
// plug-in's command class runs for real in the WordPress test: WP-CLI itself is a phar from GitHub, which this build
// cannot download (only Debian packages, npm and Maven Central). What it prints is what WP-CLI would print.
namespace {
	define( 'WP_CLI', true );

	class WP_CLI {
		public static $commands = array();

		public static function add_command( $name, $callable ) {
			self::$commands[ $name ] = $callable;
		}

		public static function log( $message ) {
			echo $message, "\n";
		}

		public static function success( $message ) {
			echo 'Success: ', $message, "\n";
		}

		public static function warning( $message ) {
			echo 'Warning: ', $message, "\n";
		}

		public static function error( $message ) {
			echo 'Error: ', $message, "\n";
			exit( 1 );
		}

		/** Runs `wp <name> <sub> [--key=value …]` as WP-CLI dispatches a class's public method. */
		public static function run( $name, $sub, array $assoc = array() ) {
			$class = self::$commands[ $name ];
			( new $class() )->$sub( array(), $assoc );
		}
	}
}

namespace WP_CLI\Utils {
	function make_progress_bar( $message, $count ) {
		return new class( $message, $count ) {
			private $message;
			private $count;
			private $done = 0;

			public function __construct( $message, $count ) {
				$this->message = $message;
				$this->count   = $count;
			}

			public function tick( $n = 1 ) {
				$this->done += $n;
			}

			public function finish() {
				echo $this->message, ' ', $this->done, '/', $this->count, "\n";
			}
		};
	}
}
